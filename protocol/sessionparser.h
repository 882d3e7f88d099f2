#pragma once
// One connection's bytes turned into what the session acts on, the profile recorded on the way.
// MachineSession runs it on a worker thread, one call at a time, so a machine streaming samples
// costs the GUI thread only the messages it shows; the profile is a LiveRecording, whose lock
// its readers share (see its threading contract).
#include "xsbugmessagereader.h"
#include "xsbugmessages.h"

#include "model/xs/sessionjournal.h"
#include "model/xs/liverecording.h"

#include <QByteArray>

#include <chrono>
#include <memory>
#include <vector>

class SessionParser {
public:
    struct Event {
        xsbug::Message message;
        bool recording = false; // whether a profiling session is open after this message
    };
    struct Result {
        std::vector<Event> events; // from the first login on, except profile records and samples
        bool profileChanged = false;
        bool failed = false; // the stream cannot be framed any more: `error` says why
        QString error;
        size_t messageCount = 0;
        bool finished = false;     // by finish()
        bool wasRecording = false; // by finish(): a session was open and is now kept
    };

    explicit SessionParser(qsizetype maxMessageBytes = XsbugMessageReader::defaultMaxMessageBytes);

    // Journals every profiler message to `path` from now on (crash safety, issue 15): written
    // at most a second after it arrived, and synced at every <pt stop> and at finish(). The
    // file is made when the first samples are written: a machine without any leaves none.
    void setJournal(const QString& path);
    QString journalPath() const;
    // Writes what the journal holds (the worker calls it when it has nothing more to parse).
    void flushJournal();

    // Parses on from where `reader` stopped (the login desk's, holding the login): before any feed().
    void adoptReader(XsbugMessageReader&& reader) { m_reader = std::move(reader); }
    Result feed(const QByteArray& bytes);
    // The end of the input: an open profiling session becomes a finished one.
    Result finish();

    // Thread-safe. A snapshot (the caller's own; its samples shared with the recording, see
    // Profile::snapshot) of the profile being recorded, else of the last one finished; null
    // before any.
    std::shared_ptr<xsprof::Profile> profileSnapshot() const;
    bool hasProfile() const;
    int profileSessionCount() const;

    // Profiling sessions already stopped, oldest first (thread-safe).
    struct SessionSummary {
        size_t samples = 0;
        double duration = 0.0; // µs of samples
        bool recording = false; // the session still being recorded
    };
    std::vector<SessionSummary> finishedSessions() const;
    // finishedSessions() and, last, the session being recorded (thread-safe).
    std::vector<SessionSummary> allSessions() const;
    // A snapshot of finished session `index` (its samples shared); null when there is none.
    std::shared_ptr<xsprof::Profile> finishedSession(int index) const;

private:
    static bool record(xsprof::XsProfileRecorder& recorder, const xsbug::Message& message);
    void writeJournal(bool sync);

    XsbugMessageReader m_reader;
    bool m_loggedIn = false;
    bool m_failed = false;
    std::unique_ptr<xsprof::SessionJournal> m_journal; // listens to the recorder
    std::chrono::steady_clock::time_point m_lastJournalFlush;
    bool m_journalFailed = false;
    mutable xsprof::LiveRecording m_recording; // the one thing other threads read
};
