#pragma once
// Read-only source text with a line-number gutter and one highlighted line.
#include <QPlainTextEdit>

class SourceView : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit SourceView(QWidget* parent = nullptr);

    // Shows `text`, highlights `line` (1-based; 0 = none) and scrolls it to the middle.
    void setSource(const QString& text, int line);
    int highlightedLine() const { return m_line; }

    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void updateGutter(const QRect& rect, int dy);
    void highlightLine();

    QWidget* m_gutter;
    int m_line = 0;
    bool m_centerPending = false; // centring needs the final size: done on the next resize
};
