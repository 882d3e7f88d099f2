#include "views/document/profiledocument.h"

#include "model/heappolicy.h"
#include "model/sampletimes.h"

#include <QCoreApplication>
#include <QTimer>

namespace {
// What a load freed, or what a closed document held, goes back to the system a second later:
// once its page is painted, or once the jobs that shared its profile are gone (HeapPolicy).
void giveBackFreedPagesSoon()
{
    if (QCoreApplication::instance())
        QTimer::singleShot(1000, [] { xsprof::HeapPolicy::giveBackFreedPages(); });
}
} // namespace

ProfileDocument::ProfileDocument(ProfileDataPtr loaded, QObject* parent) : QObject(parent), m_loaded(std::move(loaded))
{
    Q_ASSERT(m_loaded);
    m_results.whole = m_results.view = m_loaded;
    connect(&m_runner, &JobRunner::busyChanged, this, &ProfileDocument::busyChanged);
    giveBackFreedPagesSoon();
}

ProfileDocument::~ProfileDocument()
{
    giveBackFreedPagesSoon();
}

void ProfileDocument::setTimeRange(double t0, double t1)
{
    const SampleTimes times(m_results.whole->profile);
    Selection selection{std::max(std::min(t0, t1), times.start()), std::min(std::max(t0, t1), times.end())};
    if (!selection.hasRange())
        selection = {};
    m_requested = selection;
    recompute(Change::Selection);
    emit requestedSelectionChanged();
}

void ProfileDocument::clearTimeRange()
{
    setTimeRange(0.0, 0.0);
}

void ProfileDocument::setSelectedFunction(xsprof::FrameId f)
{
    if (f == m_selectedFunction)
        return;
    m_selectedFunction = f;
    emit selectedFunctionChanged(f);
}

void ProfileDocument::setTransforms(TransformStack transforms)
{
    m_transforms = std::move(transforms);
    recompute(Change::Transforms);
}

bool ProfileDocument::pushTransform(xsprof::Transform transform)
{
    if (!xsprof::transformApplies(m_loaded->profile, transform.kind))
        return false;
    m_transforms.push(TransformStack::stepOf(std::move(transform)));
    recompute(Change::Transforms);
    return true;
}

void ProfileDocument::goBack(size_t count)
{
    if (count >= m_transforms.size())
        return;
    m_transforms.truncate(count);
    recompute(Change::Transforms);
}

void ProfileDocument::setLoaded(ProfileDataPtr loaded)
{
    Q_ASSERT(loaded);
    m_loaded = std::move(loaded);
    recompute(Change::Refresh);
}

// Everything the views show, from the loaded profile: transforms, then the selection. The
// whole profile's analysis is reused when only the selection changed.
void ProfileDocument::recompute(Change change)
{
    const ProfileDataPtr reusable = change == Change::Selection ? m_results.whole : nullptr;
    // Small profiles are analysed at once; transforms never run on the calling (GUI) thread.
    const bool small = m_loaded->profile.samples.size() < m_synchronousLimit && m_transforms.isEmpty()
        && change != Change::Transforms;
    const bool nothingToDo = m_transforms.isEmpty() && !m_requested.hasRange();
    m_runner.run<Results>(
        [loaded = m_loaded, transforms = m_transforms, selection = m_requested, reusable,
         change](const xsprof::TaskControl& control) {
            Results results{reusable, nullptr, selection, change};
            if (!results.whole) {
                const auto profile = transforms.apply(loaded->sharedProfile, control);
                results.whole = profile == loaded->sharedProfile
                    ? loaded
                    : ProfileData::create(profile, loaded->path, loaded->profileIndex);
            }
            results.view = results.whole;
            if (selection.hasRange() && !control.isCancelled()) {
                const auto& samples = results.whole->profile.samples;
                const xsprof::SampleRange range =
                    SampleTimes(results.whole->profile).range(selection.start, selection.end).clampedTo(samples.size());
                if (range.begin != 0 || range.end != samples.size())
                    results.view = ProfileData::analyse(*results.whole, range);
            }
            return results;
        },
        [this](JobResult<Results> result) {
            if (!result.ok()) {
                m_requested = m_results.selection;
                emit requestedSelectionChanged();
                emit failed(result.error);
                return;
            }
            const Selection& selection = result.value->selection;
            result.value->sameRange = selection.hasRange() && selection == m_results.selection;
            m_results = std::move(*result.value);
            emit resultsChanged();
        },
        small || nothingToDo);
}
