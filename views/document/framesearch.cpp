#include "views/document/framesearch.h"

std::vector<char> matchingFrames(const ProfileData& data, const QString& text)
{
    if (text.isEmpty())
        return {};
    const size_t count = data.profile.frames.size();
    std::vector<char> matches(count, 0);
    for (uint32_t f = 0; f < count; ++f) {
        const xsprof::FrameId id(f);
        matches[f] = data.frameName(id).contains(text, Qt::CaseInsensitive)
            || data.frameUrl(id).contains(text, Qt::CaseInsensitive);
    }
    return matches;
}
