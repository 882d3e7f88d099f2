#pragma once
// The bytes of a serial port, split anywhere, in; per-machine messages, device-log lines and
// binary frames out (xsbug-protocol.md §2.7, Appendix A). No port and no Qt objects: a pure
// parser, tested and fuzzed on its own.
//
// `<?xs.ID?>` selects machine ID (opening it when new) for the message that follows;
// `<?xs-ID?>` closes it, `<?xs-00000000?>` (the board rebooted) closes them all;
// `<?xs#ID?>` CR LF, a 2-byte big-endian length, then that many bytes: a binary frame.
// Messages are passed on whole (`CR LF <xsbug>…</xsbug> CR LF`), so a message cut by a reset
// never reaches a machine. Everything else is the device's own output (boot ROM, ESP-IDF log,
// garbage at a wrong speed): it becomes log lines and notes, never machine input, and never
// stops the parser. Memory is bounded by the message bound and a few KB.
#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <vector>

class SerialDemux {
public:
    struct Event {
        enum class Kind {
            MachineOpened, // a new machine ID
            Message,       // one whole message for `machine`
            MachineClosed, // `<?xs-ID?>`
            Rebooted,      // `<?xs-00000000?>`: every machine is gone
            BinaryFrame,   // `bytes` = the frame's payload (reply: 5, id, code, data)
            DeviceLog,     // one line of the device's own output (`text`)
            Note,          // what the parser skipped or dropped, in words (`text`)
        };
        Kind kind;
        quint32 machine = 0;
        QByteArray bytes;
        QString text;
    };

    static constexpr qsizetype maxLogLineBytes = 4096;  // a longer line is cut
    static constexpr quint16 maxReplyBytes = 4096;      // a longer binary frame is not a reply

    explicit SerialDemux(qsizetype maxMessageBytes = 64 << 20);

    // Appends bytes; returns what they completed, in order.
    std::vector<Event> feed(QByteArrayView bytes);
    // The line has been quiet: a partial log line is shown and an unfinished binary frame is
    // given up (its length ran past the data). Messages wait: a break can be long.
    std::vector<Event> flushIdle();

    bool isOpen(quint32 machine) const;
    const std::vector<quint32>& openMachines() const { return m_open; }
    qsizetype bufferedBytes() const { return m_buffer.size(); }

    // The processing instruction for `machine` with `separator` ('.', '-', '#').
    static QByteArray processingInstruction(char separator, quint32 machine);

private:
    enum class State { Outside, Message, BinaryLength, BinaryPayload };
    enum class Token { None, Incomplete, Pi, BadPi };

    // A PI at m_buffer[pos]: Pi (separator, id, length 15), BadPi, or Incomplete.
    Token piAt(qsizetype pos, char& separator, quint32& id) const;
    void scanOutside(std::vector<Event>& out);
    void scanMessage(std::vector<Event>& out);
    void scanBinary(std::vector<Event>& out);
    void onPi(char separator, quint32 id, std::vector<Event>& out);
    void openMachine(quint32 id, std::vector<Event>& out);
    void closeMachine(quint32 id, std::vector<Event>& out);
    // Device output up to `end` (exclusive) from m_pos: complete lines are logged.
    void takeText(qsizetype end, std::vector<Event>& out);
    void logLine(QByteArrayView line, std::vector<Event>& out);
    void flushUnreadable(std::vector<Event>& out);
    void dropMessage(const QString& why, qsizetype end, std::vector<Event>& out); // [m_pos, end)
    void compact();

    qsizetype m_maxMessageBytes;
    QByteArray m_buffer;   // unconsumed input, from m_pos
    qsizetype m_pos = 0;   // first byte not yet consumed
    qsizetype m_scan = 0;  // inside a message or a text run: where to look next
    State m_state = State::Outside;
    quint32 m_messageMachine = 0;
    quint32 m_binaryMachine = 0;
    quint16 m_binaryLength = 0;
    bool m_binaryCrlfSkipped = false;
    quint32 m_current = 0;
    bool m_hasCurrent = false;
    std::vector<quint32> m_open;
    QByteArray m_line;           // a log line begun
    qsizetype m_unreadable = 0;  // unreadable bytes not reported yet
};
