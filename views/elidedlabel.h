#pragma once
// One line of plain text that fits the width it is given: the whole text when there is room
// (its size hint), else elided with "…" and the whole text as its tooltip (with its note, if
// it has one). A QLabel asks for its whole text as its minimum width, so a narrow column cuts
// it off or pushes its neighbours.
#include <QFrame>

class ElidedLabel : public QFrame
{
    Q_OBJECT
public:
    explicit ElidedLabel(const QString& text = {}, QWidget* parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString& text);
    // What is painted now: the text, or its elided form when the width is short of it.
    QString shownText() const;
    bool isElided() const { return shownText() != m_text; }
    void setAlignment(Qt::Alignment alignment);
    // A tooltip of its own, plain text, shown whether or not the text is elided (after the
    // whole text when it is).
    void setNote(const QString& note);
    QString note() const { return m_note; }
    Qt::Alignment alignment() const { return m_alignment; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateToolTip();

    QString m_text;
    QString m_note;
    Qt::Alignment m_alignment = Qt::AlignLeft | Qt::AlignVCenter;
};
