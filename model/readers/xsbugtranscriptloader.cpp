#include "xsbugtranscriptloader.h"

#include "model/filename.h"
#include "model/xs/xsbugelement.h"
#include "model/xs/xsbugframer.h"
#include "model/xs/xsprofilerecorder.h"

namespace xsprof::readers {

bool looksLikeXsbugTranscript(std::string_view head)
{
    size_t i = 0;
    while (i < head.size() && (head[i] == '\r' || head[i] == '\n' || head[i] == ' ' || head[i] == '\t'))
        ++i;
    head.remove_prefix(i);
    return head.starts_with("<xsbug>") || head.starts_with("<?xs");
}

LoadResult loadXsbugTranscript(ChunkedInputBuffer& input, const std::string& name, const LoadOptions& options,
                               const TaskControl* control)
{
    LoadResult result;
    XsbugFramer framer;
    XsProfileRecorder recorder;
    std::string machine;
    std::vector<std::string> payloads;
    XsProfileMessage message;
    std::variant<XsInstrumentDeclaration, XsInstrumentSamples> instrumentMessage;
    char chunk[65536];
    for (;;) {
        const std::streamsize n = input.sgetn(chunk, sizeof chunk);
        if (control && control->isCancelled()) {
            result.cancelled = true;
            result.error = LoadError{name, "loading was cancelled", {}};
            return result;
        }
        if (n <= 0)
            break;
        payloads.clear();
        if (!framer.feed(std::string_view(chunk, size_t(n)), payloads)) {
            result.error = LoadError{name, framer.error(), "byte " + std::to_string(input.bytesConsumed())};
            return result;
        }
        for (const std::string& payload : payloads) {
            for (XsbugElement& e : parseXsbugPayload(payload)) {
                if (e.name == "login" && machine.empty()) {
                    if (const std::string* n = e.attribute("name"))
                        machine = *n;
                } else if (decodeXsInstrumentMessage(e, instrumentMessage)) {
                    std::visit([&](const auto& m) { recorder.onMessage(m); }, instrumentMessage);
                } else {
                    switch (decodeXsProfileMessage(e, message)) {
                    case XsProfileDecode::Decoded:
                        recorder.onMessage(message);
                        break;
                    case XsProfileDecode::Malformed:
                        recorder.onMalformedElement();
                        break;
                    case XsProfileDecode::NotProfile:
                        break;
                    }
                }
            }
        }
    }
    recorder.finish();
    std::vector<Profile>& sessions = recorder.sessions();
    if (sessions.empty()) {
        result.error = LoadError{name, "no profile in this xsbug transcript (no <pt name=\"start\"> message)", {}};
        return result;
    }
    for (size_t i = 0; i < sessions.size(); ++i) {
        Profile& p = sessions[i];
        p.info.format = SourceFormat::XsbugTranscript;
        p.info.name = fileNameOf(name);
        p.info.description = (machine.empty() ? std::string("XS machine") : machine) + ", session " + std::to_string(i);
        result.available.push_back({p.info.description, p.samples.size(), p.stacks.size()});
    }
    int index = options.profileIndex;
    if (index >= int(sessions.size())) {
        result.error = LoadError{name, "there is no profile " + std::to_string(index) + ": the transcript holds " +
                                           std::to_string(sessions.size()), {}};
        result.available.clear();
        return result;
    }
    if (index < 0) {
        index = 0;
        for (size_t i = 1; i < sessions.size(); ++i) {
            if (sessions[i].samples.size() > sessions[size_t(index)].samples.size())
                index = int(i);
        }
    }
    result.chosenIndex = size_t(index);
    result.profile = std::move(sessions[size_t(index)]);
    if (control)
        control->report(1.0);
    return result;
}

namespace {
LoadResult readXsbugTranscript(std::string_view bytes, const std::string& name, const LoadOptions& options,
                               const TaskControl* control)
{
    ChunkedInputBuffer input(bytes, control);
    return loadXsbugTranscript(input, name, options, control);
}
} // namespace

constexpr std::string_view xsbugTranscriptFormatGlobs[] = {"*.xsbug"};
const FormatReader xsbugTranscriptFormat{
    .id = SourceFormat::XsbugTranscript,
    .name = "xsbug-transcript",
    .displayName = "XS xsbug transcripts",
    .detect = looksLikeXsbugTranscript,
    .read = readXsbugTranscript,
    .globs = xsbugTranscriptFormatGlobs,
};

} // namespace xsprof::readers
