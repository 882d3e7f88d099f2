#pragma once
// Bytes in, split anywhere, typed messages out. Framing and tokenizing are the model's
// (XsbugFramer, parseXsbugPayload); this class turns elements into xsbug:: messages and
// enforces the size bound.
#include "xsbugmessages.h"

#include "model/xs/xsbugframer.h"

#include <QByteArrayView>
#include <QLoggingCategory>

#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcXsbugWire)

class XsbugMessageReader {
public:
    static constexpr qsizetype defaultMaxMessageBytes = 64 << 20;

    explicit XsbugMessageReader(qsizetype maxMessageBytes = defaultMaxMessageBytes);

    // False once the stream cannot be framed (a message over the bound); error() says why.
    bool feed(QByteArrayView bytes);
    std::vector<xsbug::Message> takeMessages();
    // What feed() decoded and nobody took yet (the login desk looks for the login in it, then
    // hands the reader on to the machine's session, which takes them: parsed once).
    const std::vector<xsbug::Message>& pendingMessages() const { return m_messages; }
    QString error() const { return m_error; }

    size_t messageCount() const { return m_messageCount; }
    size_t unknownElements() const { return m_unknownElements; }
    const xsprof::XsbugFramer::Stats& framingStats() const { return m_framer.stats(); }

private:
    void decode(const std::string& payload);

    xsprof::XsbugFramer m_framer;
    std::vector<xsbug::Message> m_messages;
    QString m_error;
    size_t m_messageCount = 0;
    size_t m_unknownElements = 0;
};
