#include "model/xs/xsprofilerecorder.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <variant>

namespace xsprof {

namespace {

// Base 36, either case; false when a character is not a digit or the value is over 12 digits
// (12 always fit in 64 bits).
bool parseBase36(std::string_view s, uint64_t& out)
{
    if (s.empty() || s.size() > 12)
        return false;
    const char* end = s.data() + s.size();
    uint64_t value = 0;
    const auto [at, error] = std::from_chars(s.data(), end, value, 36);
    if (error != std::errc() || at != end)
        return false;
    out = value;
    return true;
}

// Length of the longest common suffix, eight bytes at a time.
size_t commonSuffix(std::string_view a, std::string_view b)
{
    const size_t most = std::min(a.size(), b.size());
    const char* ea = a.data() + a.size();
    const char* eb = b.data() + b.size();
    size_t n = 0;
    while (n + 8 <= most) {
        uint64_t wa, wb;
        std::memcpy(&wa, ea - n - 8, 8);
        std::memcpy(&wb, eb - n - 8, 8);
        if (wa != wb)
            break;
        n += 8;
    }
    while (n < most && ea[-1 - long(n)] == eb[-1 - long(n)])
        ++n;
    return n;
}

// LEB128: seven bits a byte, low first; returns the end of what it wrote (at most 10 bytes).
char* putVarint(char* out, uint64_t v)
{
    while (v >= 0x80) {
        *out++ = char(uint8_t(v) | 0x80);
        v >>= 7;
    }
    *out++ = char(v);
    return out;
}

bool getVarint(std::string_view in, size_t& at, uint64_t& v)
{
    v = 0;
    for (int shift = 0; shift < 64 && at < in.size(); shift += 7) {
        const uint8_t byte = uint8_t(in[at++]);
        v |= uint64_t(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

} // namespace

XsProfileRecorder::XsProfileRecorder(std::string machineName) : m_machineName(std::move(machineName))
{
    // The previous sample's stack, grown row by row otherwise (deeper stacks still grow them).
    m_lastIds.reserve(256);
    m_lastStacks.reserve(64);
    m_headIds.reserve(64);
}

void XsProfileRecorder::onMessage(const XsProfileMessage& message)
{
    std::visit([this](const auto& m) { onMessage(m); }, message);
}

std::optional<double> XsProfileRecorder::parseTime(std::string_view value)
{
    if (value.starts_with('@'))
        value.remove_prefix(1);
    if (value.empty() || value.size() > 16)
        return std::nullopt;
    uint64_t raw = 0;
    const char* end = value.data() + value.size();
    if (const auto [at, error] = std::from_chars(value.data(), end, raw, 16); error != std::errc() || at != end)
        return std::nullopt;
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
    if (m_listener)
        m_listener->profileTime(name, value);
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
        m_builder->reserveTables(16, 32, 32); // a short session (a fuzzer's input) grows none; a KB
        m_builder->profile().samples.timesAscending = true; // start + Σ unsigned deltas
        m_builder->profile().instruments.declare(m_instrumentNames, m_instrumentUnits);
        m_lastIds.clear();
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
    if (m_listener)
        m_listener->profileRecord(id, name, path, line);
    if (!m_builder) {
        ++m_stats.outsideSession;
        return;
    }
    m_builder->defineXsFrame(m_builder->frameForXsId(id), name, path, line);
}

void XsProfileRecorder::onProfileSamples(std::string_view text, std::string* log)
{
    if (!m_builder) {
        ++m_stats.outsideSession;
        return;
    }
    if (!log && m_listener)
        log = &m_listener->sampleLog();
    m_last = m_lastIds;
    m_lastInText = false;
    size_t start = 0;
    while (start <= text.size()) {
        size_t dot = text.find('.', start);
        if (dot == std::string_view::npos)
            dot = text.size();
        const std::string_view sample = text.substr(start, dot - start);
        start = dot + 1;
        if (!addSample(sample, log))
            ++m_stats.malformedSamples;
    }
    // The next text compares its first sample with this text's last one, which must outlive it.
    if (m_lastInText)
        m_lastIds.assign(m_last);
}

bool XsProfileRecorder::replaySampleLog(std::string_view log)
{
    if (!m_builder) {
        ++m_stats.outsideSession;
        return true;
    }
    m_lastIds.clear(); // a text after a replay is decoded whole
    size_t at = 0;
    while (at < log.size()) {
        uint64_t delta = 0, code = 0;
        if (!getVarint(log, at, delta) || !getVarint(log, at, code))
            return false;
        StackId stack;
        if (code % 2 == 0) { // a stack the profile has
            if (code / 2 >= m_builder->profile().stacks.size())
                return false;
            stack = StackId(uint32_t(code / 2));
        } else { // new stacks under a known one (or roots), outermost first
            const uint64_t parent = code / 2; // its id + 1, 0 for none
            uint64_t fresh = 0;
            if (parent > m_builder->profile().stacks.size() || !getVarint(log, at, fresh) ||
                fresh == 0 || fresh > log.size() - at)
                return false;
            stack = parent ? StackId(uint32_t(parent - 1)) : StackId();
            for (uint64_t i = 0; i < fresh; ++i) {
                uint64_t id = 0;
                if (!getVarint(log, at, id) || id > uint64_t(INT64_MAX))
                    return false;
                stack = m_builder->stack(stack, m_builder->frameForXsId(int64_t(id)));
            }
        }
        addTimedSample(stack, delta);
    }
    return true;
}

bool XsProfileRecorder::replayHeadsLog(std::string_view log)
{
    if (!m_builder) {
        ++m_stats.outsideSession;
        return true;
    }
    size_t at = 0;
    while (at < log.size()) {
        uint64_t delta = 0, shared = 0, headCount = 0;
        if (!getVarint(log, at, delta) || !getVarint(log, at, shared) || !getVarint(log, at, headCount) ||
            shared > m_lastStacks.size() || headCount > log.size() - at || shared + headCount == 0)
            return false;
        m_headIds.clear();
        for (uint64_t i = 0; i < headCount; ++i) {
            uint64_t id = 0;
            if (!getVarint(log, at, id) || id > uint64_t(INT64_MAX))
                return false;
            m_headIds.push_back(id);
        }
        m_lastIds.clear(); // a text after a replay is decoded whole
        pushSample(delta, size_t(shared));
    }
    return true;
}

// One sample: "delta,innermost id,...,0" (base 36). Consecutive samples share the outer part
// of their stacks, and in the same text: only the part that differs from the previous
// sample's text is decoded and walked, so a 400-deep recursion costs what its top does.
bool XsProfileRecorder::addSample(std::string_view sample, std::string* log)
{
    const size_t comma = sample.find(',');
    if (comma == std::string_view::npos)
        return false; // no stack
    uint64_t delta = 0;
    if (!parseBase36(sample.substr(0, comma), delta))
        return false;
    const std::string_view ids = sample.substr(comma + 1);
    if (ids.empty())
        return false; // "delta," names no function (found by fuzz_ps_decoder)
    const std::string_view last = m_last;

    // The longest common suffix, cut back to whole fields in both texts.
    size_t common = commonSuffix(ids, last);
    auto startsField = [](std::string_view s, size_t suffix) { return suffix == s.size() || s[s.size() - suffix - 1] == ','; };
    if (common > 0 && !(startsField(ids, common) && startsField(last, common))) {
        const size_t next = ids.find(',', ids.size() - common);
        common = next == std::string_view::npos ? 0 : ids.size() - next - 1;
    }
    // Fields shared = the previous depth minus the fields before the shared part in its text.
    size_t shared = 0;
    if (common > 0) {
        const std::string_view lastHead = last.substr(0, last.size() - common);
        shared = m_lastStacks.size() - size_t(std::count(lastHead.begin(), lastHead.end(), ','));
    }

    // Decode the differing head, innermost first (all of it when nothing is shared).
    m_headIds.clear();
    if (common < ids.size()) {
        const std::string_view head = ids.substr(0, common ? ids.size() - common - 1 : ids.size());
        for (size_t f = 0; f <= head.size();) {
            size_t end = head.find(',', f);
            if (end == std::string_view::npos)
                end = head.size();
            uint64_t v = 0;
            if (!parseBase36(head.substr(f, end - f), v))
                return false;
            m_headIds.push_back(v);
            f = end + 1;
        }
    }
    m_last = ids; // in the text: copied once, when the text ends
    m_lastInText = true;
    const size_t stacksBefore = log ? m_builder->profile().stacks.size() : 0;
    pushSample(delta, shared);
    if (log)
        appendToLog(*log, delta, stacksBefore);
    return true;
}

// The sample just pushed, as replaySampleLog reads it: its delta, then 2 x its stack's id when
// the profile had that stack before, else 2 x (the id + 1 of the stack the new ones hang from,
// 0 for none) + 1, their count and their XS ids, outermost first. Once a session's stacks are
// known, a sample costs a few bytes whatever its depth. Samples go through a small buffer on
// the stack: one append each, no zero-filled room in the log.
void XsProfileRecorder::appendToLog(std::string& log, uint64_t delta, size_t stacksBefore) const
{
    const size_t depth = m_lastStacks.size();
    if (depth == 0)
        return; // not reached: a sample accepted has a frame
    constexpr size_t maxVarint = 10;
    if (m_lastStacks[depth - 1].value < stacksBefore) { // most samples: a known stack
        char known[2 * maxVarint];
        char* out = putVarint(known, delta);
        out = putVarint(out, uint64_t(m_lastStacks[depth - 1].value) * 2);
        log.append(known, size_t(out - known));
        return;
    }
    size_t firstNew = depth - 1; // new stacks only extend the path: a child of a new stack is new
    while (firstNew > 0 && m_lastStacks[firstNew - 1].value >= stacksBefore)
        --firstNew;
    auto write = [&](char* out) {
        out = putVarint(out, delta);
        const uint64_t parent = firstNew ? uint64_t(m_lastStacks[firstNew - 1].value) + 1 : 0;
        out = putVarint(out, parent * 2 + 1);
        out = putVarint(out, depth - firstNew);
        for (size_t d = firstNew; d < depth; ++d)
            out = putVarint(out, m_headIds[depth - 1 - d]);
        return out;
    };
    const size_t most = maxVarint * (3 + depth - firstNew);
    char small[maxVarint * 32];
    if (most <= sizeof small) {
        log.append(small, size_t(write(small) - small));
        return;
    }
    const size_t before = log.size(); // a deep stack's first sample: room for the longest form
    log.resize(before + most);
    log.resize(size_t(write(log.data() + before) - log.data()));
}

// The sample whose stack is the previous sample's outermost `shared` frames under m_headIds.
void XsProfileRecorder::pushSample(uint64_t delta, size_t shared)
{
    const size_t depth = shared + m_headIds.size();
    m_lastStacks.resize(depth);
    StackId stack = shared ? m_lastStacks[shared - 1] : StackId();
    for (size_t d = shared; d < depth; ++d) {
        stack = m_builder->stack(stack, m_builder->frameForXsId(int64_t(m_headIds[depth - 1 - d])));
        m_lastStacks[d] = stack;
    }
    addTimedSample(stack, delta);
}

void XsProfileRecorder::addTimedSample(StackId stack, uint64_t delta)
{
    m_clock += double(delta);
    m_builder->addSample(stack, m_clock);
    m_durationsStale = true;
}

void XsProfileRecorder::onInstruments(std::vector<std::string> names, std::vector<std::string> units)
{
    if (m_listener)
        m_listener->instrumentsDeclared(names, units);
    m_instrumentNames = std::move(names);
    m_instrumentUnits = std::move(units);
    if (m_builder)
        m_builder->profile().instruments.declare(m_instrumentNames, m_instrumentUnits);
}

void XsProfileRecorder::onInstrumentSamples(const std::vector<int64_t>& values)
{
    if (m_listener)
        m_listener->instrumentSamples(values);
    if (m_builder)
        m_builder->profile().instruments.append(m_clock, values);
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

std::shared_ptr<Profile> XsProfileRecorder::snapshot()
{
    if (current())
        return std::make_shared<Profile>(m_builder->profile().snapshot());
    if (!m_sessions.empty())
        return std::make_shared<Profile>(m_sessions.back().snapshot());
    return nullptr;
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
