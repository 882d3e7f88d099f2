// libFuzzer target: the debugger side of a machine session as the GUI consumes it — break,
// frames, local/global with nested properties, instruments, samples, logs with character
// references — through SessionParser (the worker's code path), whole and in reads chosen by
// the first byte. What the panes rely on must hold: the same events both ways, a property's
// depth never more than one below the row before it (the variables tree is built from that),
// decoded text free of unpaired surrogates, and the session state machine consistent.
#include "protocol/sessionparser.h"

#include <cstdint>
#include <cstdlib>

namespace {

void checkProperties(const QList<xsbug::Property>& properties)
{
    int previous = -1;
    for (const xsbug::Property& p : properties) {
        if (p.depth < 0 || p.depth > previous + 1)
            std::abort(); // a child without its parent row
        previous = p.depth;
    }
}

void checkText(const QString& text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isHighSurrogate()) {
            if (i + 1 >= text.size() || !text[i + 1].isLowSurrogate())
                std::abort();
            ++i;
        } else if (c.isLowSurrogate()) {
            std::abort();
        }
    }
}

// A summary of what the panes would show, to compare two readings.
struct Seen {
    size_t events = 0, properties = 0, frames = 0, logs = 0, breaks = 0, instruments = 0, values = 0;
    bool operator==(const Seen&) const = default;
};

Seen run(const QByteArray& bytes, qsizetype chunk, bool& failed)
{
    SessionParser parser(1 << 20);
    Seen seen;
    failed = false;
    for (qsizetype pos = 0; pos < bytes.size() && !failed; pos += chunk) {
        const qsizetype n = qMin(chunk, bytes.size() - pos);
        const SessionParser::Result r = parser.feed(QByteArray::fromRawData(bytes.constData() + pos, n));
        failed = r.failed;
        for (const SessionParser::Event& e : r.events) {
            ++seen.events;
            if (const auto* local = std::get_if<xsbug::Local>(&e.message)) {
                checkProperties(local->properties);
                seen.properties += size_t(local->properties.size());
                for (const xsbug::Property& p : local->properties)
                    checkText(p.name), checkText(p.value);
            } else if (const auto* global = std::get_if<xsbug::Global>(&e.message)) {
                checkProperties(global->properties);
                seen.properties += size_t(global->properties.size());
            } else if (const auto* grammar = std::get_if<xsbug::Grammar>(&e.message)) {
                checkProperties(grammar->modules);
            } else if (const auto* frames = std::get_if<xsbug::Frames>(&e.message)) {
                seen.frames += size_t(frames->frames.size());
                for (const xsbug::Frame& f : frames->frames)
                    checkText(f.name), checkText(f.path);
            } else if (const auto* log = std::get_if<xsbug::Log>(&e.message)) {
                checkText(log->text);
                ++seen.logs;
            } else if (const auto* b = std::get_if<xsbug::Break>(&e.message)) {
                checkText(b->message);
                ++seen.breaks;
            } else if (const auto* i = std::get_if<xsbug::Instruments>(&e.message)) {
                seen.instruments += size_t(i->names.size());
            } else if (const auto* s = std::get_if<xsbug::InstrumentSamples>(&e.message)) {
                seen.values += size_t(s->values.size());
            }
        }
    }
    parser.finish();
    return seen;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    // Views, not copies, of libFuzzer's buffer: an overread past its end is caught by ASan.
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    bool splitFailed = false, wholeFailed = false;
    const Seen split = run(bytes, chunk, splitFailed);
    const Seen whole = run(bytes, bytes.size() + 1, wholeFailed);
    if (!splitFailed && !wholeFailed && !(split == whole))
        std::abort(); // the reads' sizes changed what the panes show
    return 0;
}
