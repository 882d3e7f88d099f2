#pragma once
// A custom-painted flame graph (root at the top): the aggregated graph, widest first, or
// the flame chart in time order. Click a frame to zoom into it, hover for its numbers;
// search matches keep their colour while the rest fades (FlameGraphColors). By keyboard: arrows move between
// frames (the selected frame, which a screen reader is told), Enter zooms, +/− and WASD zoom
// and pan, 0 resets. Layout lives in FlameGraphLayout, where it is zoomed in FlameGraphZoom;
// this class paints the layout and maps the mouse and the keys to them.
#include "model/flamegraphlayout.h"
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"
#include "views/flamegraphcolors.h"
#include "views/flamegraphzoom.h"

#include <QWidget>

#include <optional>

class QPainter;

class FlameGraphView : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { Graph, Chart };
    using Coloring = FlameGraphColors::Coloring;
    // Keep: the same profile, grown or re-analysed (a live refresh): stacks, frames and times
    // mean the same, so the zoom stays.
    enum class Zoom { Reset, Keep };

    explicit FlameGraphView(QWidget* parent = nullptr);

    // Shows `data`; the chart covers [t0, t1) of its profile's time base.
    void setData(ProfileDataPtr data, double t0, double t1, Zoom zoom = Zoom::Reset);
    const ProfileDataPtr& data() const { return m_data; }
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    bool chartAvailable() const; // needs per-sample stacks
    void setColoring(Coloring coloring);
    Coloring coloring() const { return m_colors.coloring(); }
    // By FrameId; empty: no search, every frame in full colour.
    void setMatches(std::vector<char> matches);

    // "All" and then each zoom step.
    QStringList breadcrumb() const;
    void zoomOutTo(int level); // 0: everything
    void zoomInto(const FlameGraphLayout::Box& box);

    const FlameGraphLayout& layout() const; // laid out for the current width (at once)
    // Flame charts of more samples are laid out on a worker thread when painted; the previous
    // layout stays on screen until the new one is ready.
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }
    bool isLayingOut() const { return m_layoutJob.isBusy(); }
    int rowHeight() const;
    const FlameGraphLayout::Box* boxAt(const QPoint& pos) const;
    QString toolTipFor(const FlameGraphLayout::Box& box) const;
    QColor colorOf(const FlameGraphLayout::Box& box) const;
    QSize sizeHint() const override;

    // The frame chosen by keyboard (arrows), outlined; an index into layout().boxes(), or -1.
    int selectedIndex() const;
    const FlameGraphLayout::Box* selectedBox() const;
    void selectBox(int index);
    // "checksum, self 329 ms, total 329 ms": what a screen reader says for a frame.
    QString describe(const FlameGraphLayout::Box& box) const;
    QRect selectedRect() const; // empty without a selection
    // Back to the whole graph (or the whole time range in the chart).
    void resetZoom() { zoomOutTo(0); }
    // The flame chart's time window by keyboard: `factor` < 1 zooms in around the selected
    // frame (or the middle); pan moves it by `fraction` of its width.
    void zoomChartWindow(double factor);
    void panChartWindow(double fraction);

signals:
    void zoomChanged();
    void selectionChanged();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    // The form the zoom takes for the layout shown (the mode, and whether there are stacks).
    FlameGraphZoom::Source zoomSource() const;
    double timeOrigin() const; // where the timeline's axis starts: the chart's labels count from it
    bool moveSelection(int key);
    void paintSelection(QPainter& painter) const;
    void updateAccessibleDescription();
    void invalidate();
    bool layoutIsCurrent() const;
    void ensureLayout() const;
    bool layoutIsLarge() const;
    // Starts a worker layout when one is due and large; true while the painted one is stale.
    bool layOutInBackground();
    void setLayout(FlameGraphLayout layout) const;
    const QString& nameOf(xsprof::FrameId f) const;
    QRectF rectOf(const FlameGraphLayout::Box& box) const;

    ProfileDataPtr m_data;
    Mode m_mode = Mode::Graph;
    FlameGraphZoom m_zoom;
    mutable int m_hover = -1; // index into m_layout.boxes()
    std::optional<FlameGraphLayout::Box> m_selected; // as laid out when chosen
    double m_selectedOrigin = 0.0;                  // that layout's origin

    // Derived on demand, from const paths too (painting, hit tests).
    mutable FlameGraphLayout m_layout;
    mutable bool m_layoutValid = false;
    FlameGraphColors m_colors;
    mutable std::vector<QString> m_names; // by FrameId, filled lazily
    unsigned m_layoutGeneration = 0; // bumped by invalidate(): a worker's layout is then stale
    unsigned m_failedGeneration = ~0u; // the worker could not lay this generation out
    QString m_layoutError;
    size_t m_synchronousLimit = 100000;
    JobRunner m_layoutJob;
};
