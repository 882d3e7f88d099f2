#pragma once
// Crash-safety journal of a live machine's profiler messages (issue 15): append-only, one
// record per message, so that a SIGKILL or a power cut at any byte loses at most the records
// not yet written, never the file. It listens to the machine's recorder
// (XsProfileRecorder::setListener) and keeps what the recorder is given, samples as it
// recorded them. Recovery replays the records into an XsProfileRecorder: the recovered
// sessions are exactly the received prefix.
//
// Layout: "XSPROFJ\n", u32 version (little endian), then records
//   u32 payload length | u32 checksum of the payload | payload
// payload: a kind byte ('L' login, 'T' <pt>, 'R' <pr>, 'K' the samples of consecutive <ps> as
// the recorder recorded them, XsProfileRecorder::onProfileSamples's log, 'I' <instruments>:
// u32 count and name, unit strings, 'V' <samples>: u32 count and i64 values) then its fields,
// strings as u32 length + bytes, integers as i64. Older versions wrote <ps> texts: 'S' verbatim
// (1), 'C' in JournalSampleCodec's compact form (2), and 'B' one <ps> in the recorder's
// earlier log (3, XsProfileRecorder::replayHeadsLog); all are still read. A record that is
// short or fails its checksum ends the journal (the torn tail of a killed writer).
// Little-endian machines only (as XS and xsprof run): the checksum reads words as they are.
#include "model/profile.h"
#include "model/xs/xsprofilerecorder.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

class SessionJournal final : public XsProfileListener {
public:
    // 4: samples as 'K' records (stacks by id). Versions 1 ('S'), 2 ('C', JournalSampleCodec)
    // and 3 ('B', one <ps> each, stacks as ids shared and differing) still read.
    static constexpr uint32_t version = 4;

    SessionJournal() = default;
    ~SessionJournal() override;
    SessionJournal(const SessionJournal&) = delete;
    SessionJournal& operator=(const SessionJournal&) = delete;

    // Creates `path` (truncating it) and writes the header; false with `error` set when it cannot.
    bool open(const std::string& path, std::string* error = nullptr);
    bool isOpen() const { return m_file != nullptr; }
    // As open(), but the file is made only by the first flush() after samples were recorded:
    // a machine that never sends any (a Worker that only logs in) leaves no journal. Until
    // then the records wait in memory. flush() says false when the file cannot be made then.
    void openWhenSampled(const std::string& path);
    bool hasSamples() const { return m_sampled; }
    const std::string& path() const { return m_path; }

    // Buffer a record; nothing touches the disk until flush().
    void appendLogin(std::string_view machine);
    // XsProfileListener: <pt> and <pr> as given to the recorder, and the samples of consecutive
    // <ps> in the recorder's own log (a sample costs a few bytes more than recording it).
    void profileTime(std::string_view kind, std::string_view value) override;
    void profileRecord(int64_t id, std::string_view name, std::string_view path, int32_t line) override;
    std::string& sampleLog() override;
    void instrumentsDeclared(const std::vector<std::string>& names, const std::vector<std::string>& units) override;
    void instrumentSamples(const std::vector<int64_t>& values) override;
    // Writes what is buffered; `sync` also asks the disk to keep it (pt stop, disconnect).
    bool flush(bool sync = false);
    size_t pendingBytes() const { return m_buffer.size(); }
    void close();

    struct Recovered {
        std::string machine;
        std::vector<Profile> sessions; // with samples or not, oldest first
        size_t records = 0;
        bool tornTail = false; // the last record was cut short (dropped)
        std::string error;     // set when the file cannot be read at all (newer version, not a journal)
    };
    static Recovered recover(const std::string& path);

private:
    size_t beginRecord(char kind);
    void endRecord(size_t at);
    void endSamples();

    static constexpr size_t noRecord = size_t(-1);

    std::FILE* m_file = nullptr;
    std::string m_path;
    std::string m_buffer;
    size_t m_samplesAt = noRecord; // the open 'K' record in m_buffer
    bool m_deferred = false;       // openWhenSampled(): no file yet
    bool m_sampled = false;        // a 'K' record holds samples
};

} // namespace xsprof
