#pragma once
// The activity timeline above a profile's trees (QCustomPlot): stacked areas of JS,
// native/host, GC and idle time per bucket, about one bucket per two pixels of the
// visible window. Dragging selects a time range, Shift+drag pans, the wheel zooms,
// hovering lists a bucket's top functions, and a selected function's activity is drawn
// as a solid area over the faded categories. By keyboard: +/− (W/S) zoom, arrows (A/D) pan,
// Shift+arrows select a range, Esc clears it, 0 shows the whole profile. Times are µs in
// the profile's own time base.
#include "views/document/profiledata.h"
#include "model/timelinebuckets.h"
#include "views/document/jobrunner.h"

#include <QWidget>

class QCPGraph;
class QCPItemRect;
class QCustomPlot;
class QMouseEvent;
class QTimer;

class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(ProfileDataPtr data, QWidget* parent = nullptr);

    // New data for the same profile (a live refresh): a zoomed window stays where it is,
    // otherwise the view follows the whole profile.
    void setData(ProfileDataPtr data);

    QCustomPlot* plot() const { return m_plot; }
    const TimelineBuckets& buckets() const { return m_buckets; }
    double profileStart() const { return m_start; }
    double profileEnd() const { return m_end; }

    bool hasSelection() const { return m_selectionEnd > m_selectionStart; }
    double selectionStart() const { return m_selectionStart; }
    double selectionEnd() const { return m_selectionEnd; }
    // Shows a selection without emitting selectionChanged; clearSelection() likewise.
    void setSelection(double t0, double t1);
    void clearSelection();

    // The visible window; zooming and panning keep it inside the profile.
    void setVisibleRange(double t0, double t1);
    double visibleStart() const;
    double visibleEnd() const;
    void resetZoom() { setVisibleRange(m_start, m_end); }
    // Zooms the window by `factor` (< 1: in) around the selection's middle, or its own.
    void zoomBy(double factor);
    void panBy(double fraction); // of the window's width, negative to the left
    // Shift+arrow: grows (or shrinks) the selection by a step of 1/50 of the window; the
    // views follow once the keys pause.
    void extendSelection(int direction);

    // Draws where `f` ran (inclusive activity per bucket); an invalid id removes the line.
    void setHighlightedFunction(xsprof::FrameId f);
    xsprof::FrameId highlightedFunction() const { return m_highlighted; }
    const std::vector<double>& highlightActivity() const { return m_activity; }

    // The tooltip text for a time (used on hover; public for tests).
    QString toolTipAt(double time) const;

    // Windows holding fewer samples are bucketed at once; larger ones on a worker thread, the
    // areas following when it is done (a live refresh of a long profile must not block).
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }
    // A worker is bucketing; buckets() and highlightActivity() are the previous window's.
    bool isBucketing() const { return m_bucketJob.isBusy(); }

signals:
    void selectionChanged(double t0, double t1); // by the user, t0 < t1
    void selectionCleared();                     // by the user (Escape)

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    enum class Drag { None, Select, Pan };

    void setupPlot();
    void applyColors();
    struct Bucketed {
        TimelineBuckets buckets;
        std::vector<double> activity; // of the highlighted function, per bucket
    };
    static Bucketed bucket(const ProfileData& data, double t0, double t1, int count, xsprof::FrameId highlighted);

    void scheduleRebucket();
    void rebucket();
    void showBuckets(Bucketed bucketed);
    void updateSelectionItem();
    // Replots now when the plot is on screen, else at its next paint: the timelines of tabs
    // behind (fifty machines streaming) cost nothing until looked at.
    void requestReplot();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void updateAccessibleDescription();
    void keepInsideProfile();
    double timeAt(double pixel) const;
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    ProfileDataPtr m_data;
    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_graphs[TimelineBuckets::categoryCount] = {};
    QCPGraph* m_highlightGraph = nullptr;
    bool m_dimmed = false; // the categories are faded behind a selected function's activity
    QCPItemRect* m_selectionItem = nullptr;
    TimelineBuckets m_buckets;
    std::vector<double> m_activity;
    xsprof::FrameId m_highlighted;
    double m_start = 0.0, m_end = 0.0; // what the samples cover
    double m_selectionStart = 0.0, m_selectionEnd = 0.0;
    bool m_rebucketPending = false;
    bool m_replotPending = false; // hidden when its contents changed
    bool m_rebucketAgain = false; // the window or data changed meanwhile
    size_t m_synchronousLimit = 50000;
    bool m_clamping = false;

    Drag m_drag = Drag::None;
    double m_dragAnchor = 0.0;  // time where a selection drag began
    double m_dragPixel = 0.0;   // pixel where a drag began
    double m_panFrom = 0.0, m_panTo = 0.0; // visible window when a pan began
    double m_previousStart = 0.0, m_previousEnd = 0.0; // restored when a drag is only a click
    JobRunner m_bucketJob; // one job at a time; the latest window follows it
    QTimer* m_keySelection = nullptr; // reports a Shift+arrow selection when the keys pause
    bool m_keyMovesEnd = true;        // which edge Shift+arrows move
};
