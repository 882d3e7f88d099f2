#pragma once
// The differential flame graph of a comparison: the new profile's flame graph (call tree,
// widest first), each frame coloured by how a measure changed from the base profile — by
// default its call path's time, or its function's self, total or inclusive time as in the
// table — orange slower, blue faster (DeltaColors), intensity ∝ |Δ|, with a legend; hover tells the measure,
// base, new and Δ; click a frame to zoom into it, Escape or a click on the top row to zoom out.
#include "views/comparisondata.h"

#include "model/flamegraphlayout.h"

#include <QWidget>

class DiffFlameGraphView : public QWidget
{
    Q_OBJECT
public:
    // What a box's colour measures.
    enum class Measure {
        PathTime,          // the call path's total (its callees included), matched by path
        FunctionSelf,      // the box's function, as the table's Self Δ
        FunctionTotal,     // as the table's Total Δ (xsbug's divided total)
        FunctionInclusive, // as the table's Inclusive Δ
    };
    static QList<Measure> measures();
    // "call path time"; "call path bytes" when the profiles measure bytes (`quantity`).
    static QString measureName(Measure measure, xsprof::Measure quantity = xsprof::Measure::Time);
    // measureName() in the compared profiles' measure.
    QString shownMeasureName(Measure measure) const;

    explicit DiffFlameGraphView(QWidget* parent = nullptr);

    void setData(ComparisonDataPtr data);
    bool isAvailable() const; // both profiles have per-path stacks
    // Compares each path's share of its profile's duration instead of its time.
    void setRelative(bool relative);
    bool isRelative() const { return m_relative; }
    void setMeasure(Measure measure);
    Measure measure() const { return m_measure; }
    // One line naming the measure and the colours, shown above the graph.
    QString caption() const;
    // The measure at a path (StackId of the new profile) on one side, in µs.
    double valueOf(xsprof::Side side, xsprof::StackId s) const;
    // The change of the measure at a path: new − base, in µs or (relative) as a share of the durations.
    double change(xsprof::StackId s) const;

    // For a path (StackId of the new profile): base total, new total.
    double baseTotal(xsprof::StackId s) const;
    double newTotal(xsprof::StackId s) const;
    const FlameGraphLayout& layout() const;
    const FlameGraphLayout::Box* boxAt(const QPoint& pos) const;
    QString toolTipFor(const FlameGraphLayout::Box& box) const;
    QColor colorOf(const FlameGraphLayout::Box& box) const;
    void zoomInto(xsprof::StackId stack);
    xsprof::StackId zoom() const { return m_zoom; }
    QSize sizeHint() const override;

signals:
    void measureChanged();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    int rowHeight() const;
    int graphHeight() const; // the widget minus the legend
    QRectF rectOf(const FlameGraphLayout::Box& box) const;
    void paintLegend(QPainter& painter, const QRect& area) const;
    const xsprof::ComparedFunction* functionAt(xsprof::StackId s) const;

    ComparisonDataPtr m_data;
    xsprof::StackId m_zoom;
    void computeScale();

    bool m_relative = false;
    Measure m_measure = Measure::PathTime;
    double m_maxAbsDelta = 0.0;
    mutable FlameGraphLayout m_layout;
    mutable bool m_layoutValid = false;
};
