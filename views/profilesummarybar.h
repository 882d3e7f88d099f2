#pragma once
// The row above a profile's views: what the document holds (name, format, duration,
// samples, functions), the selected range with its sample count ("computing…" while the
// document analyses it), and a button that clears it. It follows the document by itself.
#include <QWidget>

class ProfileDocument;
class QLabel;
class QToolButton;

class ProfileSummaryBar : public QWidget
{
    Q_OBJECT
public:
    // `title` names the profile when its own name is empty (the file name).
    ProfileSummaryBar(ProfileDocument* document, const QString& title, QWidget* parent = nullptr);

private:
    void refresh();
    void updateFacts();
    void updateSelection();

    ProfileDocument* m_document;
    QString m_title;
    QLabel* m_facts;
    QLabel* m_selection;
    QToolButton* m_clear;
};
