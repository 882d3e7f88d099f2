#include "protocol/serial/serialdemux.h"

#include <algorithm>
#include <cstring>

namespace {

constexpr qsizetype piBytes = 15; // <?xs.XXXXXXXX?>
constexpr QByteArrayView openTag("<xsbug>");
constexpr QByteArrayView closeTag("</xsbug>");

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// True when `tag` could start at `data` (all of `data` matches its beginning).
bool prefixOf(QByteArrayView data, QByteArrayView tag)
{
    const qsizetype n = std::min(data.size(), tag.size());
    return std::memcmp(data.data(), tag.data(), size_t(n)) == 0;
}

// Bytes that are not text: controls other than TAB/CR, DEL, and broken UTF-8.
qsizetype unreadableBytes(QByteArrayView line)
{
    qsizetype bad = 0;
    const auto* p = reinterpret_cast<const unsigned char*>(line.data());
    const qsizetype n = line.size();
    for (qsizetype i = 0; i < n;) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
                ++bad;
            ++i;
            continue;
        }
        const int follow = c >= 0xf0 && c < 0xf8 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
        bool ok = follow > 0 && i + follow < n;
        for (int k = 1; ok && k <= follow; ++k)
            ok = (p[i + k] & 0xc0) == 0x80;
        if (!ok) {
            ++bad;
            ++i;
        } else {
            i += 1 + follow;
        }
    }
    return bad;
}

QString printable(QByteArrayView bytes)
{
    QString s;
    for (char c : bytes)
        s += (c >= 0x20 && c < 0x7f) ? QChar::fromLatin1(c) : QChar(u'·');
    return s;
}

QString hex8(quint32 id)
{
    return QStringLiteral("%1").arg(id, 8, 16, QLatin1Char('0')).toUpper();
}

} // namespace

SerialDemux::SerialDemux(qsizetype maxMessageBytes) : m_maxMessageBytes(maxMessageBytes) {}

QByteArray SerialDemux::processingInstruction(char separator, quint32 machine)
{
    return QByteArray("<?xs") + separator + hex8(machine).toLatin1() + "?>";
}

bool SerialDemux::isOpen(quint32 machine) const
{
    return std::find(m_open.begin(), m_open.end(), machine) != m_open.end();
}

SerialDemux::Token SerialDemux::piAt(qsizetype pos, char& separator, quint32& id) const
{
    static constexpr char head[] = "<?xs";
    const qsizetype available = m_buffer.size() - pos;
    const char* p = m_buffer.constData() + pos;
    for (qsizetype i = 0; i < 4; ++i) {
        if (i >= available)
            return Token::Incomplete;
        if (p[i] != head[i])
            return Token::None;
    }
    if (available < 5)
        return Token::Incomplete;
    separator = p[4];
    if (separator != '.' && separator != '-' && separator != '#')
        return Token::None;
    id = 0;
    for (qsizetype i = 5; i < piBytes; ++i) {
        if (i >= available)
            return Token::Incomplete;
        if (i < 13) {
            const int v = hexValue(p[i]);
            if (v < 0)
                return Token::BadPi;
            id = id * 16 + quint32(v);
        } else if (p[i] != (i == 13 ? '?' : '>')) {
            return Token::BadPi;
        }
    }
    return Token::Pi;
}

std::vector<SerialDemux::Event> SerialDemux::feed(QByteArrayView bytes)
{
    std::vector<Event> out;
    m_buffer.append(bytes);
    for (;;) {
        const State before = m_state;
        const qsizetype pos = m_pos;
        switch (m_state) {
        case State::Outside: scanOutside(out); break;
        case State::Message: scanMessage(out); break;
        case State::BinaryLength:
        case State::BinaryPayload: scanBinary(out); break;
        }
        if (m_state == before && m_pos == pos)
            break; // waiting for more bytes
    }
    compact();
    return out;
}

std::vector<SerialDemux::Event> SerialDemux::flushIdle()
{
    std::vector<Event> out;
    if (m_state == State::BinaryLength || m_state == State::BinaryPayload) {
        const qsizetype got = m_state == State::BinaryPayload ? m_buffer.size() - m_pos : 0;
        out.push_back({Event::Kind::Note, m_binaryMachine, {},
                       QStringLiteral("a binary frame for machine %1 stopped after %2 of %3 bytes; dropped")
                           .arg(hex8(m_binaryMachine))
                           .arg(got)
                           .arg(m_state == State::BinaryPayload ? QString::number(m_binaryLength) : QStringLiteral("?"))});
        m_pos = m_buffer.size();
        m_state = State::Outside;
    }
    if (m_state == State::Outside) {
        takeText(m_buffer.size(), out);
        if (!m_line.isEmpty())
            logLine(std::exchange(m_line, {}), out);
    }
    flushUnreadable(out);
    compact();
    return out;
}

void SerialDemux::scanOutside(std::vector<Event>& out)
{
    const qsizetype size = m_buffer.size();
    qsizetype at = m_pos;
    for (;;) {
        const char* lt = at < size ? static_cast<const char*>(std::memchr(m_buffer.constData() + at, '<', size_t(size - at)))
                                   : nullptr;
        if (!lt) {
            takeText(size, out);
            return;
        }
        at = lt - m_buffer.constData();
        char separator = 0;
        quint32 id = 0;
        const Token token = piAt(at, separator, id);
        if (token == Token::Incomplete) {
            takeText(at, out);
            return;
        }
        if (token == Token::Pi) {
            takeText(at, out);
            if (!m_line.isEmpty())
                logLine(std::exchange(m_line, {}), out);
            m_pos = at + piBytes;
            onPi(separator, id, out);
            return;
        }
        if (token == Token::BadPi) {
            takeText(at, out);
            out.push_back({Event::Kind::Note, 0, {},
                           QStringLiteral("a processing instruction with a bad machine ID was ignored: %1")
                               .arg(printable(QByteArrayView(m_buffer).sliced(at, std::min(piBytes, size - at))))});
            at += 5; // the rest is read again as text
            continue;
        }
        const QByteArrayView rest = QByteArrayView(m_buffer).sliced(at);
        if (m_hasCurrent && prefixOf(rest, openTag)) {
            if (rest.size() < openTag.size()) {
                takeText(at, out);
                return;
            }
            takeText(at, out);
            if (!m_line.isEmpty())
                logLine(std::exchange(m_line, {}), out);
            flushUnreadable(out);
            m_state = State::Message;
            m_messageMachine = m_current;
            m_pos = at;
            m_scan = at + openTag.size();
            return;
        }
        ++at; // an ordinary '<' of the device's output
    }
}

void SerialDemux::scanMessage(std::vector<Event>& out)
{
    const qsizetype size = m_buffer.size();
    // Past this, the message is over the bound: it is dropped there, whatever the reads were.
    const qsizetype limit = m_pos + m_maxMessageBytes;
    qsizetype at = m_scan;
    for (;;) {
        const char* lt = at < size ? static_cast<const char*>(std::memchr(m_buffer.constData() + at, '<', size_t(size - at)))
                                   : nullptr;
        if ((lt && lt - m_buffer.constData() >= limit) || (!lt && size > limit)) {
            dropMessage(QStringLiteral("longer than %1 bytes").arg(m_maxMessageBytes), limit, out);
            return;
        }
        if (!lt) {
            m_scan = size;
            return;
        }
        at = lt - m_buffer.constData();
        const QByteArrayView rest = QByteArrayView(m_buffer).sliced(at);
        if (prefixOf(rest, closeTag)) {
            if (rest.size() < closeTag.size()) {
                m_scan = at;
                return;
            }
            const qsizetype end = at + closeTag.size();
            if (end > limit) {
                dropMessage(QStringLiteral("longer than %1 bytes").arg(m_maxMessageBytes), limit, out);
                return;
            }
            QByteArray message;
            message.reserve(end - m_pos + 4);
            message.append("\r\n").append(QByteArrayView(m_buffer).sliced(m_pos, end - m_pos)).append("\r\n");
            out.push_back({Event::Kind::Message, m_messageMachine, std::move(message), {}});
            m_pos = end;
            m_state = State::Outside;
            return;
        }
        char separator = 0;
        quint32 id = 0;
        const Token token = piAt(at, separator, id);
        if (token == Token::Incomplete) {
            m_scan = at;
            return;
        }
        if (token == Token::Pi) {
            dropMessage(QStringLiteral("cut by %1").arg(QString::fromLatin1(processingInstruction(separator, id))), at, out);
            return;
        }
        ++at;
    }
}

void SerialDemux::scanBinary(std::vector<Event>& out)
{
    const qsizetype available = m_buffer.size() - m_pos;
    const char* p = m_buffer.constData() + m_pos;
    if (m_state == State::BinaryLength) {
        if (available < 2)
            return;
        // The device writes CR LF after the PI, then the length.
        if (!m_binaryCrlfSkipped && p[0] == '\r' && p[1] == '\n') {
            m_binaryCrlfSkipped = true;
            m_pos += 2;
            return;
        }
        m_binaryLength = quint16((quint8(p[0]) << 8) | quint8(p[1]));
        m_pos += 2;
        if (m_binaryLength == 0 || m_binaryLength > maxReplyBytes) {
            out.push_back({Event::Kind::Note, m_binaryMachine, {},
                           QStringLiteral("a binary frame for machine %1 claims %2 bytes, not a reply; ignored")
                               .arg(hex8(m_binaryMachine))
                               .arg(m_binaryLength)});
            m_state = State::Outside;
            return;
        }
        m_state = State::BinaryPayload;
        return;
    }
    // A whole PI inside the expected payload: the frame was cut (the device reset) and the
    // stream went on. Replies are short, so this costs nothing.
    const qsizetype inFrame = std::min<qsizetype>(available, m_binaryLength);
    for (qsizetype i = 0; i + piBytes <= inFrame; ++i) {
        if (p[i] != '<')
            continue;
        char separator = 0;
        quint32 id = 0;
        if (piAt(m_pos + i, separator, id) == Token::Pi) {
            out.push_back({Event::Kind::Note, m_binaryMachine, {},
                           QStringLiteral("a binary frame for machine %1 was cut short or garbled (%2 of %3 bytes); its "
                                          "bytes are read as the device's output")
                               .arg(hex8(m_binaryMachine))
                               .arg(i)
                               .arg(m_binaryLength)});
            m_state = State::Outside; // m_pos stays at the payload, as for a garbled frame
            return;
        }
    }
    // A device only sends replies: 5, the request id, a result code of 0 or a small negative.
    const bool badKind = available >= 1 && quint8(p[0]) != 5;
    const bool badCode = available >= 5 && !(p[3] == 0 && p[4] == 0) && quint8(p[3]) != 0xff;
    if (badKind || badCode) {
        out.push_back({Event::Kind::Note, m_binaryMachine, {},
                       QStringLiteral("a binary frame for machine %1 was cut short or garbled (not a reply); its bytes "
                                      "are read as the device's output")
                           .arg(hex8(m_binaryMachine))});
        m_state = State::Outside; // m_pos stays at the payload: read again as text
        return;
    }
    if (available < m_binaryLength)
        return;
    out.push_back({Event::Kind::BinaryFrame, m_binaryMachine, QByteArray(p, m_binaryLength), {}});
    m_pos += m_binaryLength;
    m_state = State::Outside;
}

void SerialDemux::onPi(char separator, quint32 id, std::vector<Event>& out)
{
    if (separator == '#') {
        m_binaryMachine = id;
        m_binaryCrlfSkipped = false;
        m_state = State::BinaryLength;
        return;
    }
    if (separator == '.') {
        if (id == 0) {
            out.push_back({Event::Kind::Note, 0, {}, QStringLiteral("<?xs.00000000?> names no machine; ignored")});
            return;
        }
        openMachine(id, out);
        return;
    }
    if (id != 0) {
        closeMachine(id, out);
        return;
    }
    for (quint32 machine : std::exchange(m_open, {}))
        out.push_back({Event::Kind::MachineClosed, machine, {}, {}});
    m_hasCurrent = false;
    m_current = 0;
    out.push_back({Event::Kind::Rebooted, 0, {}, {}});
}

void SerialDemux::openMachine(quint32 id, std::vector<Event>& out)
{
    if (!isOpen(id)) {
        m_open.push_back(id);
        out.push_back({Event::Kind::MachineOpened, id, {}, {}});
    }
    m_current = id;
    m_hasCurrent = true;
}

void SerialDemux::closeMachine(quint32 id, std::vector<Event>& out)
{
    const auto it = std::find(m_open.begin(), m_open.end(), id);
    if (it == m_open.end()) {
        out.push_back({Event::Kind::Note, id, {}, QStringLiteral("machine %1 closed but was never opened").arg(hex8(id))});
    } else {
        m_open.erase(it);
        out.push_back({Event::Kind::MachineClosed, id, {}, {}});
    }
    if (m_current == id) {
        m_hasCurrent = false;
        m_current = 0;
    }
}

void SerialDemux::takeText(qsizetype end, std::vector<Event>& out)
{
    while (m_pos < end) {
        const char* start = m_buffer.constData() + m_pos;
        const char* newline = static_cast<const char*>(std::memchr(start, '\n', size_t(end - m_pos)));
        const qsizetype n = newline ? newline - start : end - m_pos;
        const qsizetype room = maxLogLineBytes - m_line.size();
        if (n >= room) {
            m_line.append(start, room);
            m_pos += room;
            logLine(std::exchange(m_line, {}), out);
            continue;
        }
        m_line.append(start, n);
        m_pos += n;
        if (newline) {
            ++m_pos;
            logLine(std::exchange(m_line, {}), out);
        }
    }
}

void SerialDemux::logLine(QByteArrayView line, std::vector<Event>& out)
{
    while (!line.isEmpty() && (line.back() == '\r' || line.back() == ' '))
        line.chop(1);
    if (line.isEmpty())
        return;
    const qsizetype bad = unreadableBytes(line);
    if (bad * 4 > line.size()) {
        m_unreadable += line.size() + 1;
        return;
    }
    flushUnreadable(out);
    QString text = QString::fromUtf8(line);
    text.remove(QLatin1Char('\r'));
    out.push_back({Event::Kind::DeviceLog, 0, {}, std::move(text)});
}

void SerialDemux::flushUnreadable(std::vector<Event>& out)
{
    if (m_unreadable == 0)
        return;
    out.push_back({Event::Kind::Note, 0, {},
                   QStringLiteral("%1 bytes of unreadable output (is the speed right?)").arg(std::exchange(m_unreadable, 0))});
}

void SerialDemux::dropMessage(const QString& why, qsizetype end, std::vector<Event>& out)
{
    const QByteArrayView partial = QByteArrayView(m_buffer).sliced(m_pos, end - m_pos);
    out.push_back({Event::Kind::Note, m_messageMachine, {},
                   QStringLiteral("machine %1: a message %2 after %3 bytes was dropped")
                       .arg(hex8(m_messageMachine), why)
                       .arg(partial.size())});
    // What followed the message's last element is the device's own output (a reset's boot
    // lines); what follows `end` is read as it comes.
    const qsizetype lastTag = partial.lastIndexOf('>');
    m_pos += lastTag + 1;
    m_state = State::Outside;
    takeText(end, out);
}

void SerialDemux::compact()
{
    if (m_pos == 0)
        return;
    if (m_pos < 4096 && m_pos * 2 < m_buffer.size())
        return;
    m_buffer.remove(0, m_pos);
    m_scan = std::max<qsizetype>(0, m_scan - m_pos);
    m_pos = 0;
}
