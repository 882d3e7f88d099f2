#include "profiledata.h"

namespace {
QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}
} // namespace

std::shared_ptr<ProfileData> ProfileData::create(xsprof::Profile profile, const QString& path, int profileIndex)
{
    auto data = std::make_shared<ProfileData>();
    data->path = path;
    data->profileIndex = profileIndex;
    data->profile = std::move(profile);
    data->analysis = xsprof::ProfileAnalysis::compute(data->profile);
    if (data->profile.hasStacks())
        data->bottomUp = xsprof::BottomUpTree(data->profile, data->analysis.callTree);
    return data;
}

QString ProfileData::frameName(xsprof::FrameId f) const
{
    return fromView(profile.frameName(f));
}

QString ProfileData::frameUrl(xsprof::FrameId f) const
{
    return fromView(profile.frameUrl(f));
}

QString ProfileData::location(xsprof::FrameId f) const
{
    return QString::fromStdString(profile.location(f));
}
