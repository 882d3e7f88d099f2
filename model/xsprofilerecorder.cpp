#include "xsprofilerecorder.h"

namespace xsprof {

namespace {

// Base 36, either case; false when a character is not a digit or the value overflows.
bool parseBase36(std::string_view s, uint64_t& out)
{
    if (s.empty() || s.size() > 12)
        return false;
    uint64_t v = 0;
    for (char c : s) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v * 36 + uint64_t(d);
    }
    out = v;
    return true;
}

} // namespace

XsProfileRecorder::XsProfileRecorder(std::string machineName) : m_machineName(std::move(machineName)) {}

void XsProfileRecorder::onMessage(const XsProfileMessage& message)
{
    if (const auto* ps = std::get_if<XsProfileSamples>(&message))
        onProfileSamples(ps->text);
    else if (const auto* pr = std::get_if<XsProfileRecord>(&message))
        onProfileRecord(pr->id, pr->name, pr->path, pr->line);
    else if (const auto* pt = std::get_if<XsProfileTime>(&message))
        onProfileTime(pt->kind, pt->value);
}

std::optional<double> XsProfileRecorder::parseTime(std::string_view value)
{
    if (value.starts_with('@'))
        value.remove_prefix(1);
    if (value.empty() || value.size() > 16)
        return std::nullopt;
    uint64_t raw = 0;
    for (char c : value) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return std::nullopt;
        raw = raw * 16 + uint64_t(d);
    }
    if (raw > (uint64_t(1) << 53))
        return std::nullopt;
    if (value.size() <= 8) {
        // A 32-bit device clock wraps about every 71.6 minutes.
        if (m_lastRawTime && raw < *m_lastRawTime)
            m_unwrapOffset += 4294967296.0;
        m_lastRawTime = raw;
    }
    return double(raw) + (value.size() <= 8 ? m_unwrapOffset : 0.0);
}

bool XsProfileRecorder::onProfileTime(std::string_view name, std::string_view value)
{
    const std::optional<double> t = parseTime(value);
    if (!t)
        return false;
    if (name == "start") {
        closeSession();
        ProfileInfo info;
        info.name = m_machineName;
        info.format = SourceFormat::Live;
        info.encoding = Encoding::Stacks;
        info.durationRule = DurationRule::OwnDelta;
        info.startTime = *t;
        m_builder = std::make_unique<ProfileBuilder>(std::move(info));
        m_lastPath.clear();
        m_lastStacks.clear();
        m_clock = *t;
        m_suspendedTime = 0;
        m_suspendedAt.reset();
        return true;
    }
    if (!m_builder) {
        ++m_stats.outsideSession;
        return true;
    }
    if (name == "suspend") {
        if (!m_suspendedAt) {
            m_suspendedAt = *t;
            ++m_stats.suspensions;
        }
    } else if (name == "resume") {
        if (m_suspendedAt)
            m_suspendedTime += std::max(0.0, *t - *m_suspendedAt);
        m_suspendedAt.reset();
    } else if (name == "stop") {
        if (m_suspendedAt)
            m_suspendedTime += std::max(0.0, *t - *m_suspendedAt);
        m_suspendedAt.reset();
        // The engine leaves suspended time out of the deltas: the active clock at stop.
        m_builder->profile().info.endTime = *t - m_suspendedTime;
        closeSession();
    }
    return true;
}

void XsProfileRecorder::onProfileRecord(int64_t id, std::string_view name, std::string_view path, int32_t line)
{
    if (!m_builder) {
        ++m_stats.outsideSession;
        return;
    }
    m_builder->defineXsFrame(m_builder->frameForXsId(id), name, path, line);
}

void XsProfileRecorder::onProfileSamples(std::string_view text)
{
    if (!m_builder) {
        ++m_stats.outsideSession;
        return;
    }
    std::vector<uint64_t> fields;
    size_t start = 0;
    while (start <= text.size()) {
        size_t dot = text.find('.', start);
        if (dot == std::string_view::npos)
            dot = text.size();
        const std::string_view sample = text.substr(start, dot - start);
        start = dot + 1;
        fields.clear();
        bool ok = true;
        size_t f = 0;
        while (ok && f <= sample.size()) {
            size_t comma = sample.find(',', f);
            if (comma == std::string_view::npos)
                comma = sample.size();
            uint64_t v = 0;
            ok = parseBase36(sample.substr(f, comma - f), v);
            fields.push_back(v);
            f = comma + 1;
        }
        if (!ok || fields.size() < 2) {
            ++m_stats.malformedSamples;
            continue;
        }
        // Innermost first, the trailing 0 is the host: the stack is the reversed list.
        // Consecutive samples share most of their path: reuse the previous sample's prefix.
        const size_t depth = fields.size() - 1;
        size_t common = 0;
        while (common < depth && common < m_lastPath.size() && m_lastPath[common] == fields[fields.size() - 1 - common])
            ++common;
        m_lastPath.resize(depth);
        m_lastStacks.resize(depth);
        StackId stack = common ? m_lastStacks[common - 1] : StackId();
        for (size_t d = common; d < depth; ++d) {
            const uint64_t id = fields[fields.size() - 1 - d];
            stack = m_builder->stack(stack, m_builder->frameForXsId(int64_t(id)));
            m_lastPath[d] = id;
            m_lastStacks[d] = stack;
        }
        m_clock += double(fields[0]);
        m_builder->addSample(stack, m_clock);
        m_durationsStale = true;
    }
}

void XsProfileRecorder::finish()
{
    closeSession();
}

const Profile* XsProfileRecorder::current()
{
    if (!m_builder)
        return nullptr;
    if (m_durationsStale) {
        m_builder->computeDurations();
        m_builder->profile().computeKeyRanks(); // XS order is by id: a sort of integers
        m_durationsStale = false;
    }
    return &m_builder->profile();
}

void XsProfileRecorder::closeSession()
{
    if (!m_builder)
        return;
    m_sessions.push_back(m_builder->finish());
    m_builder.reset();
    m_durationsStale = false;
}

} // namespace xsprof
