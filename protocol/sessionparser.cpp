#include "sessionparser.h"

SessionParser::SessionParser(qsizetype maxMessageBytes) : m_reader(maxMessageBytes) {}

SessionParser::Result SessionParser::feed(const QByteArray& bytes)
{
    Result result;
    if (m_failed)
        return result;
    const bool framed = m_reader.feed(bytes);
    std::vector<xsbug::Message> messages = m_reader.takeMessages();
    for (xsbug::Message& message : messages) {
        if (std::holds_alternative<xsbug::Login>(message))
            m_loggedIn = true;
        else if (!m_loggedIn)
            continue; // nothing counts before the login
        std::lock_guard lock(m_profileMutex); // per message: a snapshot waits for one message at most
        if (const auto* pr = std::get_if<xsbug::ProfileRecord>(&message)) {
            m_recorder.onProfileRecord(pr->id, pr->name, pr->path, pr->line);
            result.profileChanged = true;
            continue;
        }
        if (const auto* ps = std::get_if<xsbug::ProfileSamples>(&message)) {
            m_recorder.onProfileSamples(ps->text);
            result.profileChanged = true;
            continue;
        }
        if (const auto* pt = std::get_if<xsbug::ProfileTime>(&message)) {
            m_recorder.onProfileTime(pt->kind, pt->value);
            result.profileChanged = true;
        }
        result.events.push_back({std::move(message), m_recorder.isRecording()});
    }
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
    std::lock_guard lock(m_profileMutex);
    result.wasRecording = m_recorder.isRecording();
    m_recorder.finish();
    result.profileChanged = result.wasRecording;
    return result;
}

std::shared_ptr<xsprof::Profile> SessionParser::profileSnapshot() const
{
    std::lock_guard lock(m_profileMutex);
    const xsprof::Profile* profile = m_recorder.current();
    if (!profile && !m_recorder.sessions().empty())
        profile = &m_recorder.sessions().back();
    return profile ? std::make_shared<xsprof::Profile>(*profile) : nullptr;
}

bool SessionParser::hasProfile() const
{
    std::lock_guard lock(m_profileMutex);
    return m_recorder.isRecording() || !m_recorder.sessions().empty();
}

int SessionParser::profileSessionCount() const
{
    std::lock_guard lock(m_profileMutex);
    return int(m_recorder.sessions().size()) + (m_recorder.isRecording() ? 1 : 0);
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
} // namespace

std::vector<SessionParser::SessionSummary> SessionParser::finishedSessions() const
{
    std::lock_guard lock(m_profileMutex);
    std::vector<SessionSummary> summaries;
    for (const xsprof::Profile& profile : m_recorder.sessions())
        summaries.push_back(summarize(profile));
    return summaries;
}

std::vector<SessionParser::SessionSummary> SessionParser::allSessions() const
{
    std::vector<SessionSummary> summaries = finishedSessions();
    std::lock_guard lock(m_profileMutex);
    if (const xsprof::Profile* recording = m_recorder.recording()) {
        summaries.push_back(summarize(*recording));
        summaries.back().recording = true;
    }
    return summaries;
}

std::shared_ptr<xsprof::Profile> SessionParser::finishedSession(int index) const
{
    std::lock_guard lock(m_profileMutex);
    const auto& sessions = m_recorder.sessions();
    if (index < 0 || size_t(index) >= sessions.size())
        return nullptr;
    return std::make_shared<xsprof::Profile>(sessions[size_t(index)]);
}
