#include "views/document/profiledata.h"

#include "views/document/modeltext.h"

ProfileData::ProfileData(std::shared_ptr<const xsprof::Profile> shared)
    : sharedProfile(std::move(shared)), profile(*sharedProfile)
{
}

std::shared_ptr<ProfileData> ProfileData::create(xsprof::Profile profile, const QString& path, int profileIndex)
{
    return create(std::make_shared<const xsprof::Profile>(std::move(profile)), path, profileIndex);
}

std::shared_ptr<ProfileData> ProfileData::create(std::shared_ptr<const xsprof::Profile> profile, const QString& path,
                                                 int profileIndex)
{
    auto data = std::make_shared<ProfileData>(std::move(profile));
    data->path = path;
    data->profileIndex = profileIndex;
    data->analysis = xsprof::ProfileAnalysis::compute(data->profile);
    if (data->profile.hasStacks())
        data->bottomUpSeed = xsprof::BottomUpTree(data->profile, data->analysis.callTree);
    return data;
}

std::shared_ptr<ProfileData> ProfileData::create(std::shared_ptr<const xsprof::Profile> profile,
                                                 xsprof::ProfileAnalysis analysis)
{
    auto data = std::make_shared<ProfileData>(std::move(profile));
    data->analysis = std::move(analysis);
    if (data->profile.hasStacks())
        data->bottomUpSeed = xsprof::BottomUpTree(data->profile, data->analysis.callTree);
    return data;
}

std::shared_ptr<ProfileData> ProfileData::analyse(const ProfileData& whole, xsprof::SampleRange range)
{
    auto data = std::make_shared<ProfileData>(whole.sharedProfile);
    data->path = whole.path;
    data->profileIndex = whole.profileIndex;
    data->warnings = whole.warnings;
    data->analysis = xsprof::ProfileAnalysis::compute(data->profile, range);
    if (data->profile.hasStacks())
        data->bottomUpSeed = xsprof::BottomUpTree(data->profile, data->analysis.callTree);
    return data;
}

QString ProfileData::frameName(xsprof::FrameId f) const
{
    return fromStd(profile.frameName(f));
}

QString ProfileData::frameUrl(xsprof::FrameId f) const
{
    return fromStd(profile.frameUrl(f));
}

QString ProfileData::location(xsprof::FrameId f) const
{
    return QString::fromStdString(profile.location(f));
}
