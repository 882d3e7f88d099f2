#include "model/xs/sessionjournal.h"

#include "model/xs/journalsamplecodec.h"
#include "model/xs/xsprofilemessages.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace xsprof {

namespace {

constexpr char magic[] = "XSPROFJ\n";
constexpr size_t magicSize = sizeof magic - 1;
constexpr uint32_t maxRecordBytes = 256u << 20;
// Consecutive <ps> share one record up to this size (one checksum, one header).
constexpr size_t maxSampleRecordBytes = 1u << 20;

// A checksum to tell a record from a torn or zero-filled tail (not from an attacker): eight
// bytes per multiply, several GB/s, where a byte-wise CRC-32 took a third of the ingest CPU.
uint32_t checksum(std::string_view bytes)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ bytes.size();
    size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        uint64_t w;
        std::memcpy(&w, bytes.data() + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
    h = (h ^ tail) * 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 29;
    return uint32_t(h) ^ uint32_t(h >> 32);
}

void putU32(std::string& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out += char((v >> (8 * i)) & 0xFF);
}

void putI64(std::string& out, int64_t v)
{
    for (int i = 0; i < 8; ++i)
        out += char((uint64_t(v) >> (8 * i)) & 0xFF);
}

void putString(std::string& out, std::string_view s)
{
    putU32(out, uint32_t(s.size()));
    out.append(s);
}

class Reader {
public:
    explicit Reader(std::string_view bytes) : m_bytes(bytes) {}
    bool u32(uint32_t& v)
    {
        if (m_bytes.size() - m_at < 4)
            return false;
        v = 0;
        for (int i = 0; i < 4; ++i)
            v |= uint32_t(uint8_t(m_bytes[m_at + size_t(i)])) << (8 * i);
        m_at += 4;
        return true;
    }
    bool i64(int64_t& v)
    {
        if (m_bytes.size() - m_at < 8)
            return false;
        uint64_t u = 0;
        for (int i = 0; i < 8; ++i)
            u |= uint64_t(uint8_t(m_bytes[m_at + size_t(i)])) << (8 * i);
        v = int64_t(u);
        m_at += 8;
        return true;
    }
    bool string(std::string& s)
    {
        uint32_t n = 0;
        if (!u32(n) || m_bytes.size() - m_at < n)
            return false;
        s.assign(m_bytes.substr(m_at, n));
        m_at += n;
        return true;
    }
    bool view(size_t n, std::string_view& s)
    {
        if (m_bytes.size() - m_at < n)
            return false;
        s = m_bytes.substr(m_at, n);
        m_at += n;
        return true;
    }
    bool byte(char& c)
    {
        if (m_at >= m_bytes.size())
            return false;
        c = m_bytes[m_at++];
        return true;
    }
    bool atEnd() const { return m_at == m_bytes.size(); }
    std::string_view rest() const { return m_bytes.substr(m_at); }

private:
    std::string_view m_bytes;
    size_t m_at = 0;
};

} // namespace

SessionJournal::~SessionJournal()
{
    close();
}

bool SessionJournal::open(const std::string& path, std::string* error)
{
    close();
    m_file = std::fopen(path.c_str(), "wb");
    if (!m_file) {
        if (error)
            *error = path + ": cannot write the recovery journal: " + std::strerror(errno);
        return false;
    }
    m_path = path;
    m_samplesAt = noRecord;
    m_buffer.assign(magic, magicSize);
    putU32(m_buffer, version);
    return flush(true);
}

void SessionJournal::openWhenSampled(const std::string& path)
{
    close();
    m_path = path;
    m_deferred = true;
    m_sampled = false;
    m_samplesAt = noRecord;
    m_buffer.assign(magic, magicSize);
    putU32(m_buffer, version);
}

// A record is written straight into the buffer (no payload copy: <ps> texts are most of the
// bytes); its length and checksum are filled in when the payload is complete.
size_t SessionJournal::beginRecord(char kind)
{
    endSamples();
    const size_t at = m_buffer.size();
    m_buffer.append(8, '\0');
    m_buffer += kind;
    return at;
}

void SessionJournal::endRecord(size_t at)
{
    const std::string_view payload = std::string_view(m_buffer).substr(at + 8);
    const uint32_t header[2] = {uint32_t(payload.size()), checksum(payload)}; // little endian
    std::memcpy(m_buffer.data() + at, header, sizeof header);
}

void SessionJournal::appendLogin(std::string_view machine)
{
    const size_t at = beginRecord('L');
    putString(m_buffer, machine);
    endRecord(at);
}

// The samples of consecutive <ps> go into one 'K' record, ended by the next other record, by
// flush() or at maxSampleRecordBytes: what a kill can tear is what was not yet written anyway.
std::string& SessionJournal::sampleLog()
{
    if (m_samplesAt != noRecord && m_buffer.size() - m_samplesAt > maxSampleRecordBytes)
        endSamples();
    if (m_samplesAt == noRecord)
        m_samplesAt = beginRecord('K');
    return m_buffer;
}

void SessionJournal::endSamples()
{
    if (m_samplesAt == noRecord)
        return;
    if (m_buffer.size() == m_samplesAt + 9) {
        m_buffer.resize(m_samplesAt); // no sample taken (outside a session, malformed): nothing to keep
    } else {
        endRecord(m_samplesAt);
        m_sampled = true;
    }
    m_samplesAt = noRecord;
}

void SessionJournal::profileRecord(int64_t id, std::string_view name, std::string_view path, int32_t line)
{
    const size_t at = beginRecord('R');
    putI64(m_buffer, id);
    putString(m_buffer, name);
    putString(m_buffer, path);
    putI64(m_buffer, line);
    endRecord(at);
}

void SessionJournal::profileTime(std::string_view kind, std::string_view value)
{
    const size_t at = beginRecord('T');
    putString(m_buffer, kind);
    putString(m_buffer, value);
    endRecord(at);
}

void SessionJournal::instrumentsDeclared(const std::vector<std::string>& names, const std::vector<std::string>& units)
{
    const size_t at = beginRecord('I');
    putU32(m_buffer, uint32_t(names.size()));
    for (size_t i = 0; i < names.size(); ++i) {
        putString(m_buffer, names[i]);
        putString(m_buffer, i < units.size() ? units[i] : std::string_view());
    }
    endRecord(at);
}

void SessionJournal::instrumentSamples(const std::vector<int64_t>& values)
{
    const size_t at = beginRecord('V');
    putU32(m_buffer, uint32_t(values.size()));
    for (int64_t v : values)
        putI64(m_buffer, v);
    endRecord(at);
}

bool SessionJournal::flush(bool sync)
{
    endSamples();
    if (!m_file && m_deferred && m_sampled) {
        m_deferred = false;
        m_file = std::fopen(m_path.c_str(), "wb");
        sync = true; // the header with the rest
    }
    if (!m_file)
        return m_deferred; // still waiting for samples, or the file could not be made
    bool ok = true;
    if (!m_buffer.empty()) {
        ok = std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file) == m_buffer.size();
        m_buffer.clear();
    }
    ok = std::fflush(m_file) == 0 && ok; // in the kernel now: a SIGKILL no longer loses it
    if (sync)
        ok = ::fdatasync(::fileno(m_file)) == 0 && ok; // and on the disk: a power cut neither
    return ok;
}

void SessionJournal::close()
{
    if (!m_file && m_deferred)
        flush(true); // made now if it has samples
    m_deferred = false;
    if (!m_file)
        return;
    flush(true);
    std::fclose(m_file);
    m_file = nullptr;
}

SessionJournal::Recovered SessionJournal::recover(const std::string& path)
{
    Recovered result;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.error = path + ": cannot read: " + std::strerror(errno);
        return result;
    }
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < magicSize + 4 || bytes.compare(0, magicSize, magic) != 0) {
        result.error = path + ": not an xsprof recovery journal";
        return result;
    }
    Reader reader(std::string_view(bytes).substr(magicSize));
    uint32_t fileVersion = 0;
    reader.u32(fileVersion);
    if (fileVersion > version) {
        result.error = path + ": written by a newer xsprof (journal version " + std::to_string(fileVersion) +
                       ", this one reads " + std::to_string(version) + "); kept as it is";
        return result;
    }
    XsProfileRecorder recorder;
    JournalSampleCodec codec; // mirrors the writer's: reset at L, T and verbatim S records
    while (!reader.atEnd()) {
        uint32_t length = 0, crc = 0;
        std::string_view payload;
        if (!reader.u32(length) || !reader.u32(crc) || length > maxRecordBytes || !reader.view(length, payload) ||
            checksum(payload) != crc) {
            result.tornTail = true; // a writer killed mid-record: the rest is not trusted
            break;
        }
        Reader record(payload);
        char kind = 0;
        record.byte(kind);
        bool ok = true;
        if (kind == 'L') {
            codec.reset();
            ok = record.string(result.machine);
        } else if (kind == 'S') {
            codec.reset();
            XsProfileSamples ps;
            ok = record.string(ps.text);
            if (ok)
                recorder.onMessage(ps);
        } else if (kind == 'C') {
            std::string compact;
            XsProfileSamples ps;
            ok = record.string(compact) && codec.decode(compact, ps.text);
            if (ok)
                recorder.onMessage(ps);
        } else if (kind == 'K') {
            ok = recorder.replaySampleLog(record.rest());
        } else if (kind == 'B') {
            ok = recorder.replayHeadsLog(record.rest());
        } else if (kind == 'R') {
            XsProfileRecord pr;
            int64_t line = 0;
            ok = record.i64(pr.id) && record.string(pr.name) && record.string(pr.path) && record.i64(line);
            pr.line = int32_t(line);
            if (ok)
                recorder.onMessage(pr);
        } else if (kind == 'T') {
            codec.reset();
            XsProfileTime pt;
            ok = record.string(pt.kind) && record.string(pt.value);
            if (ok)
                recorder.onMessage(pt);
        } else if (kind == 'I') {
            uint32_t count = 0;
            ok = record.u32(count) && count <= payload.size() / 8; // two lengths each at least
            XsInstrumentDeclaration declaration;
            for (uint32_t i = 0; ok && i < count; ++i) {
                ok = record.string(declaration.names.emplace_back()) && record.string(declaration.units.emplace_back());
            }
            if (ok)
                recorder.onMessage(declaration);
        } else if (kind == 'V') {
            uint32_t count = 0;
            ok = record.u32(count) && count <= payload.size() / 8;
            XsInstrumentSamples samples;
            samples.values.resize(ok ? count : 0);
            for (uint32_t i = 0; ok && i < count; ++i)
                ok = record.i64(samples.values[i]);
            if (ok)
                recorder.onMessage(samples);
        } // other kinds: a later version's records, skipped
        if (!ok) {
            result.tornTail = true;
            break;
        }
        ++result.records;
    }
    recorder.finish();
    result.sessions = std::move(recorder.sessions());
    for (Profile& p : result.sessions)
        p.info.name = result.machine;
    return result;
}

} // namespace xsprof
