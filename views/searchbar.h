#pragma once
// The find field of a profile page: text (debounced), Previous/Next and a hit counter.
#include <QWidget>

class QLabel;
class QLineEdit;
class QTimer;

class SearchBar : public QWidget
{
    Q_OBJECT
public:
    explicit SearchBar(QWidget* parent = nullptr);

    QString text() const;
    // Sets the text and emits searchRequested at once (no typing delay).
    void setText(const QString& text);
    void focusField();
    // "3 of 12", "No match", or nothing for an empty search.
    void setHits(int current, int count);

signals:
    void searchRequested(const QString& text);
    void nextRequested();
    void previousRequested();

private:
    QLineEdit* m_field;
    QLabel* m_hits;
    QTimer* m_delay;
};
