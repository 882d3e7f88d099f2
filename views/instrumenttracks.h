#pragma once
// The machine's instruments as tracks under the timeline (issue 30): one compact row per
// shown instrument, its value drawn as steps from each <samples> to the next on the
// timeline's own time axis (it follows the timeline's zoom, pan and selection), so frames
// drawn, heap and GCs line up with where the CPU went. Instruments whose values change are
// shown at first; the context menu shows or hides any of them. Hovering tells the value in
// force at that time; with a range selected each track's label gives its min / max / mean
// over the range. Dragging across the tracks selects a range, as on the timeline. Reads the document's loaded profile (Profile::instruments); hidden when it
// has none.
#include "views/document/profiledata.h"
#include "views/document/profiledocument.h"

#include <QHash>
#include <QWidget>

#include <vector>

class TimelineWidget;

class InstrumentTracks : public QWidget
{
    Q_OBJECT
public:
    InstrumentTracks(ProfileDocument* document, TimelineWidget* timeline, QWidget* parent = nullptr);

    const xsprof::InstrumentSeries& series() const;
    // Shown tracks, top to bottom, as indices into series().
    const std::vector<size_t>& shownTracks() const { return m_shown; }
    bool isShown(size_t instrument) const;
    void setShown(size_t instrument, bool shown); // the user's choice, kept across refreshes
    int trackHeight() const;
    QRect trackRect(int track) const;
    // What a track's label reads: name and unit, and with a range its min / max / mean.
    QString labelText(int track) const;
    // The hover text at widget position `at`; empty off the tracks and before the first value.
    QString toolTipAt(QPoint at) const;
    // The widget x of time `t` (µs of the profile's time base), on the timeline's axis.
    double pixelOf(double t) const;
    double timeAt(double x) const;

    // "min 5,408 · max 5,536 · mean 5,472 bytes" of instrument `i` over [t0, t1].
    static QString statsText(const xsprof::InstrumentSeries& series, size_t i, double t0, double t1);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void refresh(); // the document's loaded profile changed
    void updateShown();
    int trackAt(int y) const;
    // The range drawn and summed in the labels: the one being dragged, else the timeline's.
    ProfileDocument::Selection shownRange() const;
    bool isDragging() const;
    void paintTrack(QPainter& painter, int track, const QRect& rect, const QColor& colour) const;

    ProfileDocument* m_document;
    TimelineWidget* m_timeline;
    ProfileDataPtr m_data; // keeps the series alive
    std::vector<size_t> m_shown;
    QHash<QString, bool> m_choice; // by instrument name: what the user asked for
    double m_hoverX = -1.0;
    double m_dragFromX = -1.0; // where a left-button press began; -1 when none
    double m_dragToX = -1.0;
};
