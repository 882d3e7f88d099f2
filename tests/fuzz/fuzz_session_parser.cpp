// libFuzzer target: a machine session's parsing and profile recording (SessionParser), fed
// whole and in reads of sizes chosen by the first byte. Both must record the same profile,
// the snapshot must analyse without fault, and finish() must close whatever is open.
#include "protocol/sessionparser.h"

#include "model/profileanalysis.h"

#include <cstdint>
#include <cstdlib>

namespace {
struct Outcome {
    size_t events = 0;
    bool failed = false;
    std::shared_ptr<xsprof::Profile> profile;
};

Outcome run(const QByteArray& bytes, qsizetype chunk)
{
    SessionParser parser(1 << 20);
    Outcome outcome;
    for (qsizetype pos = 0; pos < bytes.size() && !outcome.failed; pos += chunk) {
        const qsizetype n = qMin(chunk, bytes.size() - pos);
        const SessionParser::Result r = parser.feed(QByteArray::fromRawData(bytes.constData() + pos, n));
        outcome.events += r.events.size();
        outcome.failed = r.failed;
    }
    const SessionParser::Result end = parser.finish();
    if (!end.finished || (end.wasRecording && !end.profileChanged))
        std::abort();
    if (parser.profileSessionCount() > 0 && !parser.hasProfile())
        std::abort();
    outcome.profile = parser.profileSnapshot();
    return outcome;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    // Views, not copies, of libFuzzer's buffer: an overread past its end is caught by ASan.
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    const Outcome split = run(bytes, chunk);
    const Outcome whole = run(bytes, bytes.size() + 1);
    if (split.failed || whole.failed)
        return 0; // where a bound cut the stream depends on the reads
    if (split.events != whole.events || bool(split.profile) != bool(whole.profile))
        std::abort();
    if (whole.profile) {
        if (split.profile->samples.size() != whole.profile->samples.size() ||
            split.profile->frames.size() != whole.profile->frames.size())
            std::abort();
        (void)xsprof::ProfileAnalysis::compute(*whole.profile);
    }
    return 0;
}
