#pragma once
// The activity timeline above a profile's trees (QCustomPlot): stacked areas of JS,
// native/host, GC and idle time per bucket, about one bucket per two pixels of the
// visible window. Dragging selects a time range, Shift+drag pans, the wheel zooms,
// hovering lists a bucket's top functions, and a selected function's activity is drawn
// as a solid area over the faded categories. By keyboard: +/− (W/S) zoom, arrows (A/D) pan,
// Shift+arrows select a range, Esc clears it, 0 shows the whole profile. Times are µs in
// the profile's own time base. The timeline draws its ProfileDocument's whole profile, range
// and selected function, and follows them; a range is the document's once the drag (or the
// Shift+arrows) is over. Where it looks and what range is being chosen is its
// TimelineViewport's; the widget draws, buckets and turns events into the viewport's terms.
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"
#include "views/document/profiledocument.h"
#include "views/timelineviewport.h"

#include "model/timelinebuckets.h"

#include <QWidget>

#include <vector>

class QCPGraph;
class QCPItemRect;
class QCustomPlot;
class QMouseEvent;

class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(ProfileDocument* document, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    const TimelineBuckets& buckets() const { return m_buckets; }
    // The visible window and the range being chosen (see TimelineViewport for each call).
    TimelineViewport* viewport() const { return m_viewport; }
    double profileStart() const { return m_viewport->start(); }
    double profileEnd() const { return m_viewport->end(); }

    // The range drawn: the one being dragged (or grown by keys), else the document's.
    ProfileDocument::Selection selection() const { return m_viewport->selection(); }
    bool hasSelection() const { return selection().hasRange(); }
    double selectionStart() const { return selection().start; }
    double selectionEnd() const { return selection().end; }

    void setVisibleRange(double t0, double t1) { m_viewport->setVisibleRange(t0, t1); }
    double visibleStart() const { return m_viewport->visibleStart(); }
    double visibleEnd() const { return m_viewport->visibleEnd(); }
    void resetZoom() { m_viewport->resetZoom(); }
    void zoomBy(double factor) { m_viewport->zoomBy(factor); }
    void panBy(double fraction) { m_viewport->panBy(fraction); }
    void extendSelection(int direction) { m_viewport->extendSelection(direction); }

    // The document's selected function, drawn where it ran (inclusive activity per bucket).
    xsprof::FrameId highlightedFunction() const { return m_document->selectedFunction(); }
    const std::vector<double>& highlightActivity() const { return m_activity; }

    // The tooltip text for a time (used on hover; public for tests).
    QString toolTipAt(double time) const;

    // Windows holding fewer samples are bucketed at once; larger ones on a worker thread, the
    // areas following when it is done (a live refresh of a long profile must not block).
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }
    // A worker is bucketing; buckets() and highlightActivity() are the previous window's.
    bool isBucketing() const { return m_bucketJob.isBusy(); }

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void setupPlot();
    void applyColors();
    struct Bucketed {
        TimelineBuckets buckets;
        xsprof::FrameId highlighted;
        std::vector<double> activity; // of the highlighted function, per bucket
    };
    static Bucketed bucket(const ProfileData& data, double t0, double t1, int count, xsprof::FrameId highlighted);

    // The document's whole profile changed (a live refresh, transforms): a zoomed window
    // stays where it is, otherwise the view follows the whole profile.
    void followProfile();
    void scheduleRebucket();
    void rebucket();
    void showBuckets(Bucketed bucketed);
    void updateSelectionItem();
    // Replots now when the plot is on screen, else at its next paint: the timelines of tabs
    // behind (fifty machines streaming) cost nothing until looked at.
    void requestReplot();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void updateAccessibleDescription();
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    const ProfileData& data() const { return *m_document->whole(); }

    ProfileDocument* m_document;
    QCustomPlot* m_plot = nullptr;
    TimelineViewport* m_viewport = nullptr;
    QCPGraph* m_graphs[TimelineBuckets::categoryCount] = {};
    QCPGraph* m_highlightGraph = nullptr;
    bool m_dimmed = false; // the categories are faded behind a selected function's activity
    QCPItemRect* m_selectionItem = nullptr;
    TimelineBuckets m_buckets;
    std::vector<double> m_activity;
    bool m_rebucketPending = false;
    bool m_replotPending = false; // hidden when its contents changed
    bool m_rebucketAgain = false; // the window or data changed meanwhile
    size_t m_synchronousLimit = 50000;
    JobRunner m_bucketJob; // one job at a time; the latest window follows it
};
