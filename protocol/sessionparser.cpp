#include "sessionparser.h"

#include <QFile>

#include <type_traits>
#include <variant>

SessionParser::SessionParser(qsizetype maxMessageBytes) : m_reader(maxMessageBytes) {}

void SessionParser::setJournal(const QString& path)
{
    auto journal = std::make_unique<xsprof::SessionJournal>();
    journal->openWhenSampled(QFile::encodeName(path).toStdString());
    m_recording.update([&](xsprof::XsProfileRecorder& recorder) { recorder.setListener(journal.get()); });
    m_journal = std::move(journal);
    m_lastJournalFlush = std::chrono::steady_clock::now();
}

QString SessionParser::journalPath() const
{
    return m_journal ? QFile::decodeName(QByteArray::fromStdString(m_journal->path())) : QString();
}

void SessionParser::flushJournal()
{
    if (m_journal && m_journal->hasSamples() && m_journal->pendingBytes() > 0)
        writeJournal(false);
}

void SessionParser::writeJournal(bool sync)
{
    if (!m_journal->flush(sync) && !m_journalFailed) {
        m_journalFailed = true; // said once; the session works without it
        qWarning("%s: cannot write the recovery journal", m_journal->path().c_str());
    }
    m_lastJournalFlush = std::chrono::steady_clock::now();
}

// The one route of a profiler message: into the recorder (the journal, when there is one,
// listens to the recorder). False for the other messages.
bool SessionParser::record(xsprof::XsProfileRecorder& recorder, const xsbug::Message& message)
{
    return std::visit(
        [&recorder](const auto& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (xsprof::isXsProfileMessage<M>) {
                recorder.onMessage(m);
                return true;
            } else if constexpr (std::is_same_v<M, xsbug::Instruments> || std::is_same_v<M, xsbug::InstrumentSamples>) {
                // Kept on the profile too; the message still goes on to the instruments panel.
                recorder.onMessage(m);
                return false;
            } else {
                return false;
            }
        },
        message);
}

SessionParser::Result SessionParser::feed(const QByteArray& bytes)
{
    Result result;
    if (m_failed)
        return result;
    const bool framed = m_reader.feed(bytes);
    std::vector<xsbug::Message> messages = m_reader.takeMessages();
    bool stopped = false; // a <pt stop>: the journal is synced at once
    for (xsbug::Message& message : messages) {
        if (const auto* login = std::get_if<xsbug::Login>(&message)) {
            if (m_journal && !m_loggedIn)
                m_journal->appendLogin(login->name.toStdString());
            m_loggedIn = true;
        } else if (!m_loggedIn)
            continue; // nothing counts before the login
        // Per message: a snapshot waits for one message at most.
        const auto [recorded, recording] = m_recording.update([&](xsprof::XsProfileRecorder& recorder) {
            return std::pair{record(recorder, message), recorder.isRecording()};
        });
        if (recorded) {
            result.profileChanged = true;
            const auto* pt = std::get_if<xsbug::ProfileTime>(&message);
            if (!pt)
                continue; // <pr> and <ps> are the recorder's alone
            stopped = stopped || (m_journal && pt->kind == "stop");
        } else if (std::holds_alternative<xsbug::InstrumentSamples>(message) && recording) {
            result.profileChanged = true; // the profile's instrument tracks grew
        }
        result.events.push_back({std::move(message), recording});
    }
    if (m_journal && (stopped || !framed || m_journal->pendingBytes() > (4 << 20) ||
                      std::chrono::steady_clock::now() - m_lastJournalFlush >= std::chrono::seconds(1)))
        writeJournal(stopped || !framed);
    result.messageCount = m_reader.messageCount();
    if (!framed) {
        m_failed = true;
        result.failed = true;
        result.error = m_reader.error();
    }
    return result;
}

SessionParser::Result SessionParser::finish()
{
    Result result;
    result.finished = true;
    result.messageCount = m_reader.messageCount();
    result.wasRecording = m_recording.update([](xsprof::XsProfileRecorder& recorder) {
        const bool open = recorder.isRecording();
        recorder.finish();
        return open;
    });
    if (m_journal)
        writeJournal(true); // the machine is gone: everything it sent is on the disk
    result.profileChanged = result.wasRecording;
    return result;
}

std::shared_ptr<xsprof::Profile> SessionParser::profileSnapshot() const
{
    return m_recording.snapshot();
}

bool SessionParser::hasProfile() const
{
    return m_recording.read([](const xsprof::XsProfileRecorder& recorder) {
        return recorder.isRecording() || !recorder.sessions().empty();
    });
}

int SessionParser::profileSessionCount() const
{
    return m_recording.read([](const xsprof::XsProfileRecorder& recorder) {
        return int(recorder.sessions().size()) + (recorder.isRecording() ? 1 : 0);
    });
}

namespace {
SessionParser::SessionSummary summarize(const xsprof::Profile& profile)
{
    const xsprof::SampleTable& s = profile.samples;
    SessionParser::SessionSummary summary;
    summary.samples = s.size();
    if (s.size() > 0) {
        // Live XS sessions are own-delta: from the start to the last sample.
        const double origin = profile.info.startTime.value_or(s.time.front());
        summary.duration = profile.info.durationRule == xsprof::DurationRule::OwnDelta
                               ? s.time.back() - origin
                               : s.time.back() - s.time.front() + s.lastDuration;
    }
    return summary;
}

std::vector<SessionParser::SessionSummary> summarizeClosed(const xsprof::XsProfileRecorder& recorder)
{
    std::vector<SessionParser::SessionSummary> summaries;
    for (const xsprof::Profile& profile : recorder.sessions())
        summaries.push_back(summarize(profile));
    return summaries;
}
} // namespace

std::vector<SessionParser::SessionSummary> SessionParser::finishedSessions() const
{
    return m_recording.read(summarizeClosed);
}

std::vector<SessionParser::SessionSummary> SessionParser::allSessions() const
{
    return m_recording.read([](const xsprof::XsProfileRecorder& recorder) {
        std::vector<SessionSummary> summaries = summarizeClosed(recorder);
        if (const xsprof::Profile* recording = recorder.recording()) {
            summaries.push_back(summarize(*recording));
            summaries.back().recording = true;
        }
        return summaries;
    });
}

std::shared_ptr<xsprof::Profile> SessionParser::finishedSession(int index) const
{
    return index < 0 ? nullptr : m_recording.finishedSession(size_t(index));
}
