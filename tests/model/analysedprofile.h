#pragma once
// A profile loaded and analysed on the calling thread, as the views get it, for the tests of
// what the model computes for them (flame graph layouts, timeline buckets).
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <QFile>
#include <QString>

#include <memory>
#include <string>
#include <string_view>
#include <utility>

struct AnalysedProfile {
    xsprof::Profile profile;
    xsprof::ProfileAnalysis analysis;

    explicit AnalysedProfile(xsprof::Profile loaded)
        : profile(std::move(loaded)), analysis(xsprof::ProfileAnalysis::compute(profile))
    {
    }
    QString frameName(xsprof::FrameId f) const
    {
        const std::string_view name = profile.frameName(f);
        return QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    double duration() const { return analysis.functions.duration(); }

    // Null when the reader fails.
    static std::unique_ptr<const AnalysedProfile> from(xsprof::LoadResult result)
    {
        return result.ok() ? std::make_unique<const AnalysedProfile>(std::move(*result.profile)) : nullptr;
    }
};

using AnalysedProfilePtr = std::unique_ptr<const AnalysedProfile>;

// A file of ../shared/corpus (XSPROF_CORPUS_DIR), by its path there.
inline AnalysedProfilePtr loadCorpusProfile(const QString& relative)
{
    const QString path = QStringLiteral(XSPROF_CORPUS_DIR "/") + relative;
    return AnalysedProfile::from(xsprof::loadProfileFile(QFile::encodeName(path).toStdString()));
}
