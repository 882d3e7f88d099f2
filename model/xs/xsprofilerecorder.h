#pragma once
// Builds XS profiles from the instrument profiler's messages (xsbug-protocol.md §6):
// <pt> starts, suspends, resumes and stops a session, <pr> names a profile id, <ps> brings
// batches of samples. Used for live machines and for recorded transcripts.
#include "model/profile.h"
#include "model/profilebuilder.h"
#include "model/xs/xsprofilemessages.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// Hears what an XsProfileRecorder is given, in order, beside the one route of a profiler
// message into the recorder: the crash-safety journal (SessionJournal) keeps a live machine's
// profile this way, without standing between the machine and the recorder.
class XsProfileListener {
public:
    virtual ~XsProfileListener() = default;
    virtual void profileTime(std::string_view kind, std::string_view value) = 0;
    virtual void profileRecord(int64_t id, std::string_view name, std::string_view path, int32_t line) = 0;
    // Where the samples of the next <ps> are appended as the recorder records them (the log
    // of onProfileSamples); asked only while a session is open.
    virtual std::string& sampleLog() = 0;
    // The machine's instruments (<instruments>, <samples>): listeners that keep them say so.
    virtual void instrumentsDeclared(const std::vector<std::string>& /*names*/,
                                     const std::vector<std::string>& /*units*/) {}
    virtual void instrumentSamples(const std::vector<int64_t>& /*values*/) {}
};

class XsProfileRecorder {
public:
    struct Stats {
        size_t malformedSamples = 0;
        size_t outsideSession = 0; // pt/pr/ps messages with no session open
        size_t suspensions = 0;
        size_t malformedElements = 0; // <pt>/<pr> the decoder refused
    };

    explicit XsProfileRecorder(std::string machineName = {});

    // One message from decodeXsProfileMessage (transcripts and live sessions alike).
    void onMessage(const XsProfileMessage& message);
    void onMessage(const XsProfileTime& pt) { onProfileTime(pt.kind, pt.value); }
    void onMessage(const XsProfileRecord& pr) { onProfileRecord(pr.id, pr.name, pr.path, pr.line); }
    void onMessage(const XsProfileSamples& ps) { onProfileSamples(ps.text); }
    void onMessage(const XsInstrumentDeclaration& d) { onInstruments(d.names, d.units); }
    void onMessage(const XsInstrumentSamples& s) { onInstrumentSamples(s.values); }
    // Told of every message from now on (null: none); it must outlive the recorder or be unset.
    void setListener(XsProfileListener* listener) { m_listener = listener; }
    void onMalformedElement() { ++m_stats.malformedElements; }

    // `value` is the pt attribute ("@HEX"); returns false for a value that is not a time.
    bool onProfileTime(std::string_view name, std::string_view value);
    void onProfileRecord(int64_t id, std::string_view name, std::string_view path, int32_t line);
    // The text of one <ps>: samples separated by '.', base-36 fields by ','. With `log` (else
    // the listener's sampleLog()), each sample accepted is also appended to it as recorded (the
    // crash-safety journal keeps that rather than the text): varints of its delta and of its
    // stack, by id when the profile has it, else by the XS ids of the stacks it adds (see
    // appendToLog).
    void onProfileSamples(std::string_view text, std::string* log = nullptr);
    // Records the samples of a `log` written by onProfileSamples, in the same state it was
    // written in (the same <pt>/<pr>/samples before it); false when it does not fit (corrupt).
    bool replaySampleLog(std::string_view log);
    // The same for the log of version-3 journals: per sample the delta, the number of outer
    // frames shared with the previous sample, the number of ids that differ and those ids.
    bool replayHeadsLog(std::string_view log);
    // <instruments>: kept for every session from now on (a session open restarts its series).
    void onInstruments(std::vector<std::string> names, std::vector<std::string> units);
    // <samples>: added to the open session's series at the profile's clock now (the start, or
    // the last sample's time), so each lands where the CPU was when it arrived; none is kept
    // outside a session.
    void onInstrumentSamples(const std::vector<int64_t>& values);
    // Closes an open session (end of input, machine gone).
    void finish();

    bool isRecording() const { return m_builder != nullptr; }
    // The session being recorded, durations up to date (live views).
    const Profile* current();
    // The session being recorded as received, durations not brought up to date (cheap).
    const Profile* recording() const { return m_builder ? &m_builder->profile() : nullptr; }
    // Sessions closed so far, oldest first.
    std::vector<Profile>& sessions() { return m_sessions; }
    const std::vector<Profile>& sessions() const { return m_sessions; }
    const Stats& stats() const { return m_stats; }

private:
    friend class LiveRecording; // the one that hands out snapshots, under its lock
    // A snapshot (Profile::snapshot: the samples shared, not copied) of the session being
    // recorded, durations up to date, else of the last one closed; null before any.
    std::shared_ptr<Profile> snapshot();

    std::optional<double> parseTime(std::string_view value);
    void closeSession();

    std::string m_machineName;
    XsProfileListener* m_listener = nullptr;
    std::unique_ptr<ProfileBuilder> m_builder;
    std::vector<Profile> m_sessions;
    std::vector<std::string> m_instrumentNames, m_instrumentUnits; // the last <instruments>
    double m_clock = 0.0;        // start + Σ deltas
    double m_suspendedTime = 0.0;
    std::optional<double> m_suspendedAt;
    std::optional<uint64_t> m_lastRawTime; // to unwrap 32-bit device clocks
    double m_unwrapOffset = 0.0;
    bool m_durationsStale = false;
    bool addSample(std::string_view sample, std::string* log);
    void pushSample(uint64_t delta, size_t shared);
    void addTimedSample(StackId stack, uint64_t delta);
    void appendToLog(std::string& log, uint64_t delta, size_t stacksBefore) const;

    std::string m_lastIds;             // the previous sample's text after its delta, between texts
    std::string_view m_last;           // while a text is read: the previous sample's, in it or in m_lastIds
    bool m_lastInText = false;
    std::vector<StackId> m_lastStacks; // its stack at each depth, root first
    std::vector<uint64_t> m_headIds;   // scratch: the ids that differ, innermost first
    Stats m_stats;
};

} // namespace xsprof
