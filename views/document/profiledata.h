#pragma once
// One loaded profile with everything the views show, computed once off the GUI thread.
#include "model/bottomuptree.h"
#include "model/profile.h"
#include "model/profileanalysis.h"
#include "model/samplerange.h"

#include <QString>
#include <QStringList>

#include <memory>

struct ProfileData {
    QString path;         // what was opened: a file path or a ":/" resource
    int profileIndex = -1; // which profile of a multi-profile file, -1 for the default
    // The analyses of several time ranges of one profile share it (no copy per selection).
    const std::shared_ptr<const xsprof::Profile> sharedProfile;
    const xsprof::Profile& profile; // *sharedProfile
    xsprof::ProfileAnalysis analysis;
    // Unexpanded; points into `profile` and `analysis`, so ProfileData never moves. It is
    // shared between threads as const, so it cannot be expanded: a model expands a copy.
    xsprof::BottomUpTree bottomUpSeed;
    // What the reader repaired or left out (LoadResult::warnings), for the user to see.
    QStringList warnings;

    explicit ProfileData(std::shared_ptr<const xsprof::Profile> shared);
    ProfileData(const ProfileData&) = delete;
    ProfileData& operator=(const ProfileData&) = delete;

    // Takes the profile and runs the analysis (the expensive part: call it on a worker thread).
    static std::shared_ptr<ProfileData> create(xsprof::Profile profile, const QString& path, int profileIndex);
    static std::shared_ptr<ProfileData> create(std::shared_ptr<const xsprof::Profile> profile, const QString& path,
                                               int profileIndex);
    // The profile with an analysis of all of it already made (a live refresh's LiveAnalysis).
    static std::shared_ptr<ProfileData> create(std::shared_ptr<const xsprof::Profile> profile,
                                               xsprof::ProfileAnalysis analysis);
    // The profile with its analysis over `range` (the profile is shared with `whole`, so frame
    // and stack ids stay the same). Touches nothing but its arguments: call it on any thread.
    static std::shared_ptr<ProfileData> analyse(const ProfileData& whole, xsprof::SampleRange range);

    QString frameName(xsprof::FrameId f) const;
    QString frameUrl(xsprof::FrameId f) const;
    QString location(xsprof::FrameId f) const;
    double duration() const { return analysis.functions.duration(); }
};

using ProfileDataPtr = std::shared_ptr<const ProfileData>;
