#pragma once
// The row above a profile's views: what the document holds (name, its whole cost in the
// profile's measure, samples, functions, whether it has a timeline, format), the selected range
// with its sample count ("computing…" while the document analyses it), and a button that clears
// it. It follows the document by itself. Too narrow, the name and facts elide ("…"); their
// tooltips hold every fact spelled out.
#include <QWidget>

class ElidedLabel;
class ProfileDocument;
class QLabel;
class QToolButton;

class ProfileSummaryBar : public QWidget
{
    Q_OBJECT
public:
    // `title` names the profile when its own name is empty (the file name).
    ProfileSummaryBar(ProfileDocument* document, const QString& title, QWidget* parent = nullptr);
    // "Selection 10 ms – 196.7 ms (186.7 ms long; 123 samples: 186.4 ms)"; empty without a range.
    QLabel* selectionLabel() const { return m_selection; }
    // The profile's name (bold) and its facts: "43.4 MB · 35 functions · no timeline · …".
    ElidedLabel* nameLabel() const { return m_name; }
    ElidedLabel* factsLabel() const { return m_facts; }

private:
    void refresh();
    void updateFacts();
    void updateSelection();

    ProfileDocument* m_document;
    QString m_title;
    ElidedLabel* m_name;
    ElidedLabel* m_facts;
    QLabel* m_selection;
    QToolButton* m_clear;
};
