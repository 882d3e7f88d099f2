#pragma once
// One open profile (a file or a live machine's session) and everything the views show of it.
// The document owns the profile (shared, immutable snapshots), the selection (time range,
// selected function) and the transform stack; it runs the analyses off the GUI thread and
// announces new results with ONE signal, resultsChanged(), whose results always match their
// own selection. It is the one owner of the selection: the timeline, the flame graph and the
// trees take the document, change the selection through it and follow its signals; no view
// keeps a copy (hotspot's FilterAndZoomStack + result pages).
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"
#include "views/document/transformstack.h"

#include <QObject>

class ProfileDocument : public QObject
{
    Q_OBJECT
public:
    // A time range in µs of the profile's time base; empty (start == end): the whole profile.
    struct Selection {
        double start = 0.0;
        double end = 0.0;
        bool hasRange() const { return end > start; }
        bool operator==(const Selection&) const = default;
    };
    // Why the results changed: the views keep their zoom on a refresh.
    enum class Change { Selection, Refresh, Transforms };
    struct Results {
        ProfileDataPtr whole; // the whole profile after the transforms
        ProfileDataPtr view;  // the selection of it (== whole without a range)
        Selection selection;  // what `view` covers
        Change change = Change::Selection;
        // The range of the results before, re-analysed (asked again): views keep their zoom.
        bool sameRange = false;
    };

    // `loaded` is the whole profile, analysed (a loader or a live refresher did it).
    explicit ProfileDocument(ProfileDataPtr loaded, QObject* parent = nullptr);
    ~ProfileDocument() override;

    const Results& results() const { return m_results; }
    const ProfileDataPtr& loaded() const { return m_loaded; } // before the transforms
    const ProfileDataPtr& whole() const { return m_results.whole; }
    const ProfileDataPtr& view() const { return m_results.view; }
    // What was asked last; results().selection once the analysis caught up.
    const Selection& requestedSelection() const { return m_requested; }
    bool isBusy() const { return m_runner.isBusy(); }

    // Selects [t0, t1) (either order), clamped to the samples; an empty range clears it.
    void setTimeRange(double t0, double t1);
    void clearTimeRange();

    xsprof::FrameId selectedFunction() const { return m_selectedFunction; }
    void setSelectedFunction(xsprof::FrameId f);

    const TransformStack& transforms() const { return m_transforms; }
    // Every view is recomputed from the transformed profile on the job runner, never on the
    // calling thread (whatever the profile's size); a live refresh keeps the transforms.
    void setTransforms(TransformStack transforms);
    // Adds `transform` as the last step; false (nothing changes) when it cannot apply to this
    // profile's encoding (graph-encoded xst -p files: only merge and drop).
    bool pushTransform(xsprof::Transform transform);
    // Keeps the first `count` steps (0: the full profile again).
    void goBack(size_t count);

    // The same profile, grown (a live refresh): the selection is kept and re-analysed, and
    // the views change once, when that is done.
    void setLoaded(ProfileDataPtr loaded);

    // Profiles with fewer samples are analysed at once on the calling thread.
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }

signals:
    void resultsChanged(); // results() holds new, consistent numbers
    // requestedSelection() was set (the views show it at once; its results follow), or given
    // back after a failed analysis.
    void requestedSelectionChanged();
    void busyChanged(bool busy);
    void selectedFunctionChanged(xsprof::FrameId f);
    void failed(const QString& message); // an analysis failed; the results stay as they were

private:
    void recompute(Change change);

    ProfileDataPtr m_loaded;
    TransformStack m_transforms;
    Selection m_requested;
    Results m_results;
    xsprof::FrameId m_selectedFunction;
    size_t m_synchronousLimit = 100000;
    JobRunner m_runner;
};
