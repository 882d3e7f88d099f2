#pragma once
// The find field of a profile page: text (debounced), Previous/Next and a hit counter. Esc
// in the field clears the search and hands the keyboard back (closeRequested).
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
    QString hitsText() const; // what the counter says
    QLineEdit* field() const { return m_field; }

signals:
    void searchRequested(const QString& text);
    void nextRequested();
    void previousRequested();
    void closeRequested(); // Esc: the search is cleared, focus goes back to the view

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QLineEdit* m_field;
    QLabel* m_hits;
    QTimer* m_delay;
};
