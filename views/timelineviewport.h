#pragma once
// The timeline's navigation, apart from its drawing: the visible window over the profile's
// time (kept inside what the samples cover, zoomed and panned by keys, by the wheel and by
// Shift+drag) and the range being chosen (dragged, or grown by Shift+arrows) until it becomes
// the document's. TimelineWidget owns one and draws what it says.
//
// The window lives on the plot's time axis, which QCustomPlot's wheel zoom changes too; the
// axis counts from the profile's start, everything here is in µs of the profile's time base.
// Pointer positions are pixels on that axis.
#include "views/document/profiledocument.h"

#include <QObject>

#include <optional>

class QCPAxis;
class QTimer;

class TimelineViewport : public QObject
{
    Q_OBJECT
public:
    // `axis` (the plot's, which outlives this) shows [start, end) at first.
    TimelineViewport(QCPAxis* axis, ProfileDocument* document, double start, double end, QObject* parent = nullptr);

    // What the samples cover.
    double start() const { return m_start; }
    double end() const { return m_end; }
    // The samples cover [start, end) now (a live refresh, transforms): a window that showed
    // everything keeps showing everything; a zoomed one stays where it is, inside the profile.
    void followSpan(double start, double end);

    // The visible window; zooming and panning keep it inside the profile, at least 10 µs wide.
    double visibleStart() const;
    double visibleEnd() const;
    void setVisibleRange(double t0, double t1);
    void resetZoom() { setVisibleRange(m_start, m_end); }
    // Zooms the window by `factor` (< 1: in) around the selection's middle, or its own.
    void zoomBy(double factor);
    void panBy(double fraction); // of the window's width, negative to the left

    // The range drawn: the one being dragged (or grown by keys), else the document's.
    ProfileDocument::Selection selection() const { return m_pending.value_or(m_document->requestedSelection()); }
    bool hasSelection() const { return selection().hasRange(); }
    // Shift+arrow: grows (or shrinks) the selection by a step of 1/50 of the window; it goes
    // to the document once the keys pause (300 ms).
    void extendSelection(int direction);
    // Esc: no range, neither a pending one nor the document's.
    void clearRange();

    // The pointer: a press starts a drag that selects a range, or pans the window (`pan`:
    // Shift held); a release shorter than three pixels is a click, which keeps the range.
    enum class Drag { None, Select, Pan };
    Drag drag() const { return m_drag; }
    void press(double pixel, bool pan);
    void dragTo(double pixel);
    void release(double pixel);
    double timeAt(double pixel) const; // clamped to the profile

    // + − W S zoom, arrows (A D) pan, Shift+arrows select, 0 shows everything, Esc clears the
    // range: true when `key` was one of them (Esc only with a range).
    bool handleKey(int key, Qt::KeyboardModifiers modifiers);

signals:
    // The visible window moved (zoom, pan, the wheel, a new span).
    void visibleRangeChanged();
    // The range to draw changed (a drag, keys, a click that keeps the document's).
    void selectionShown();

private:
    void keepInside();
    void showPending(double t0, double t1);
    void commitPending(); // the dragged or key-grown range becomes the document's

    QCPAxis* m_axis;
    ProfileDocument* m_document;
    double m_start, m_end;
    bool m_clamping = false;
    std::optional<ProfileDocument::Selection> m_pending; // dragged or key-grown, not yet the document's
    Drag m_drag = Drag::None;
    double m_dragAnchor = 0.0; // time where a selection drag began
    double m_dragPixel = 0.0;  // pixel where a drag began
    double m_panFrom = 0.0, m_panTo = 0.0; // the axis range when a pan began
    QTimer* m_keySelection;    // hands a Shift+arrow range over when the keys pause
    bool m_keyMovesEnd = true; // which edge Shift+arrows move
};
