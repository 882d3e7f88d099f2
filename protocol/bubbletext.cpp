#include "protocol/bubbletext.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QStringList>

namespace BubbleText {

namespace {
// The hex pairs the machine sent, spaced, `perLine` pairs a line (0: one line).
QString spacedHex(const QString& hex, int perLine)
{
    QString out;
    out.reserve(hex.size() * 3 / 2 + 1);
    int pairs = 0;
    for (qsizetype i = 0; i + 1 < hex.size(); i += 2, ++pairs) {
        if (pairs > 0)
            out += perLine > 0 && pairs % perLine == 0 ? QLatin1Char('\n') : QLatin1Char(' ');
        out += hex.mid(i, 2).toUpper();
    }
    if (hex.size() % 2 != 0) // not pairs: shown as sent rather than lost
        out += (out.isEmpty() ? QString() : QStringLiteral(" ")) + hex.right(1);
    return out;
}

QJsonDocument jsonOf(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (!(trimmed.startsWith(QLatin1Char('{')) || trimmed.startsWith(QLatin1Char('['))))
        return {};
    QJsonParseError error{};
    QJsonDocument document = QJsonDocument::fromJson(trimmed.toUtf8(), &error);
    return error.error == QJsonParseError::NoError ? document : QJsonDocument();
}

QString byteCount(const QString& hex)
{
    const qsizetype bytes = (hex.size() + 1) / 2;
    return bytes == 1 ? QStringLiteral("1 byte") : QStringLiteral("%1 bytes").arg(bytes);
}
} // namespace

Side side(int flags)
{
    if (flags & 1)
        return Side::Left;
    if (flags & 2)
        return Side::Right;
    return Side::Center;
}

bool isBinary(int flags)
{
    return (flags & 4) != 0;
}

QString sideName(Side s)
{
    switch (s) {
    case Side::Left: return QStringLiteral("left");
    case Side::Right: return QStringLiteral("right");
    case Side::Center: break;
    }
    return QStringLiteral("center");
}

QString displayText(const xsbug::Bubble& bubble)
{
    if (isBinary(bubble.flags))
        return byteCount(bubble.text) + QLatin1Char('\n') + spacedHex(bubble.text, 16);
    const QJsonDocument json = jsonOf(bubble.text);
    if (!json.isNull())
        return QString::fromUtf8(json.toJson(QJsonDocument::Indented)).trimmed();
    return bubble.text;
}

QString logLine(const xsbug::Bubble& bubble)
{
    QString text;
    if (isBinary(bubble.flags)) {
        text = QStringLiteral("(%1) %2").arg(byteCount(bubble.text), spacedHex(bubble.text, 0));
    } else {
        const QJsonDocument json = jsonOf(bubble.text);
        text = json.isNull() ? bubble.text : QString::fromUtf8(json.toJson(QJsonDocument::Compact));
        text.replace(QLatin1Char('\n'), QStringLiteral("\\n")); // one line per message
    }
    QString line = QStringLiteral("[%1] %2: %3").arg(conversationLabel(bubble.conversation), sideName(side(bubble.flags)), text);
    if (!bubble.path.isEmpty())
        line += QStringLiteral(" (%1:%2)").arg(QFileInfo(bubble.path).fileName()).arg(bubble.line);
    return line;
}

QString conversationLabel(const QString& conversation)
{
    return conversation.isEmpty() ? QStringLiteral("(no conversation)") : conversation;
}

} // namespace BubbleText
