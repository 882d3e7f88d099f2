#pragma once
// Read-only source text with a line-number gutter and one highlighted line; a tab stop
// every 4 columns, as editors show JavaScript.
#include <QMap>
#include <QPlainTextEdit>

class QPainter;

class SourceView : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit SourceView(QWidget* parent = nullptr);
    static constexpr int tabColumns = 4;

    // Shows `text`, highlights `line` (1-based; 0 = none) and scrolls it to the middle.
    void setSource(const QString& text, int line);
    int highlightedLine() const { return m_line; }

    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

    // Per-line self time (µs, 1-based lines) drawn in the gutter as a heat bar and ms; empty:
    // no cost column. Lines hotter relative to the hottest get a longer, deeper bar.
    void setLineCosts(const QMap<int, double>& selfUs);
    const QMap<int, double>& lineCosts() const { return m_costs; }
    // Scrolls `line` (1-based) to the middle of the view (now, or once it is shown).
    void centerOnLine(int line);

    // Lines (1-based, ascending) that changed since an earlier reading of the file: a bar at
    // the gutter's right edge, as editors mark modified lines.
    void setChangedLines(const QList<int>& lines);
    const QList<int>& changedLines() const { return m_changed; }
    static QColor changedLineColour();

    // The line numbers (1-based) with a breakpoint marker (setLineMarkers).
    QList<int> markedLines() const { return m_marked; }
    // Markers of several kinds, as VS Code tells them apart: a plain breakpoint (blue tag),
    // a conditional one (amber tag, "?"), a log point (purple tag, diamond), a disabled one (outline).
    enum class Marker { Plain, Conditional, LogPoint, Disabled };
    void setLineMarkers(const QMap<int, Marker>& markers);
    Marker markerAt(int line) const { return m_markers.value(line, Marker::Plain); }
    static QColor markerColour(Marker marker);
    void gutterContextMenu(int y, const QPoint& globalPos);
    // The 1-based line at viewport height `y`, 0 below the text.
    int lineAt(int y) const;
    void gutterPressed(int y);

signals:
    void gutterClicked(int line);
    void gutterMenuRequested(int line, const QPoint& globalPos); // right-click on a line number

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void updateGutter(const QRect& rect, int dy);
    void applyTabWidth();
    void highlightLine();
    int costWidth() const; // the heat column, 0 without costs
    void paintCost(QPainter& painter, int line, int top);

    QWidget* m_gutter;
    int m_line = 0;
    QList<int> m_marked;
    QList<int> m_changed; // ascending
    QMap<int, Marker> m_markers; // lines not in it are Plain
    QMap<int, double> m_costs;   // µs by line
    double m_maxCost = 0.0;
    bool m_centerPending = false; // centring needs the final size: done on the next resize
};
