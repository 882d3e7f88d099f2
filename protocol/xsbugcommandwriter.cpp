#include "xsbugcommandwriter.h"

namespace XsbugCommandWriter {

namespace {

QByteArray framed(const QByteArray& body)
{
    return QByteArrayLiteral("\r\n") + body + QByteArrayLiteral("\r\n");
}

QByteArray breakpointElement(const char* element, const QString& path, int line, int id = 0,
                             const QByteArray& children = {})
{
    QByteArray e = QByteArray("<") + element + " path=\"" + path.toUtf8() + "\" line=\"" +
                   QByteArray::number(qMax(0, line)) + "\" id=\"@" + QByteArray::number(id, 16) + '"';
    if (children.isEmpty())
        return e + "/>";
    return e + '>' + children + "</" + element + '>';
}

QByteArray child(const char* element, const QByteArray& value)
{
    return QByteArray("<") + element + " path=\"" + value + "\"/>";
}

bool isHex(const QByteArray& text)
{
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return !text.isEmpty();
}

// The id is a flag word: 2 for a function breakpoint, bit 0 when children follow (§4.3).
QByteArray breakpointElement(const char* element, const Breakpoint& b, bool withChildren,
                             const QByteArray& conditionHex = {}, const QByteArray& traceHex = {})
{
    QByteArray children;
    if (withChildren) {
        if (isHex(conditionHex))
            children += child("breakpoint-condition", conditionHex);
        if (Breakpoint::isValidHitCount(b.hitCount))
            children += child("breakpoint-hit-count", b.hitCount.toLatin1());
        if (isHex(traceHex))
            children += child("breakpoint-trace", traceHex);
    }
    const int id = (b.function ? 2 : 0) | (children.isEmpty() ? 0 : 1);
    return breakpointElement(element, b.path, b.function ? 0 : b.line, id, children);
}

bool isSendable(const Breakpoint& b)
{
    return isSendablePath(b.path) && (b.function || b.line > 0);
}

} // namespace

bool isSendablePath(const QString& path)
{
    for (QChar c : path) {
        if (c == QLatin1Char('"') || c.unicode() < 0x20)
            return false;
    }
    return !path.isEmpty();
}

QByteArray address(const QString& value)
{
    QByteArray hex = value.toLatin1();
    if (hex.startsWith('@'))
        hex.remove(0, 1);
    QByteArray clean;
    for (char c : hex) {
        if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))
            clean += c;
        else if (c >= 'a' && c <= 'f')
            clean += char(c - 'a' + 'A'); // lower-case hex breaks the machine's parser for good
    }
    return '@' + (clean.isEmpty() ? QByteArray("0") : clean);
}

QByteArray command(const char* element)
{
    return framed(QByteArray("<") + element + "/>");
}

QByteArray go() { return command("go"); }
QByteArray step() { return command("step"); }
QByteArray stepInside() { return command("step-inside"); }
QByteArray stepOutside() { return command("step-outside"); }
QByteArray abort() { return command("abort"); }
QByteArray logout() { return command("logout"); }
QByteArray startProfiling() { return command("start-profiling"); }
QByteArray stopProfiling() { return command("stop-profiling"); }

QByteArray select(const QString& frameAddress)
{
    return framed("<select id=\"" + address(frameAddress) + "\"/>");
}

QByteArray toggle(const QString& value)
{
    return framed("<toggle id=\"" + address(value) + "\"/>");
}

QByteArray setBreakpoint(const Breakpoint& breakpoint)
{
    if (breakpoint.needsCompiler())
        return {};
    return isSendable(breakpoint) ? framed(breakpointElement("set-breakpoint", breakpoint, true)) : QByteArray();
}

QByteArray setBreakpoint(const Breakpoint& breakpoint, const QByteArray& conditionHex, const QByteArray& traceHex)
{
    if (!isSendable(breakpoint) || (!breakpoint.condition.isEmpty() && !isHex(conditionHex)) ||
        (!breakpoint.logMessage.isEmpty() && !isHex(traceHex)))
        return {};
    return framed(breakpointElement("set-breakpoint", breakpoint, true, conditionHex, traceHex));
}

QByteArray eval(const QString& frameAddress, const QByteArray& hex, int line)
{
    if (!isHex(hex))
        return {};
    return framed("<eval id=\"" + address(frameAddress) + "\" path=\"" + hex + "\" line=\"" +
                  QByteArray::number(qMax(0, line)) + "\"/>");
}

QByteArray clearBreakpoint(const Breakpoint& breakpoint)
{
    return isSendable(breakpoint) ? framed(breakpointElement("clear-breakpoint", breakpoint, false)) : QByteArray();
}

QByteArray setSpecialBreakpoint(const QString& name)
{
    return framed(breakpointElement("set-breakpoint", name, 0));
}

QByteArray clearSpecialBreakpoint(const QString& name)
{
    return framed(breakpointElement("clear-breakpoint", name, 0));
}

QByteArray setAllBreakpoints(const BreakpointList& breakpoints, bool breakOnStart, bool breakOnExceptions)
{
    QByteArray body = "<set-all-breakpoints>";
    if (breakOnStart)
        body += breakpointElement("breakpoint", QStringLiteral("start"), 0);
    if (breakOnExceptions)
        body += breakpointElement("breakpoint", QStringLiteral("exceptions"), 0);
    for (const Breakpoint& b : breakpoints) {
        if (b.enabled && isSendable(b) && !b.needsCompiler())
            body += breakpointElement("breakpoint", b, true);
    }
    body += "</set-all-breakpoints>";
    return framed(body);
}

QByteArray oneFrame(const QByteArray& commands)
{
    QByteArray body = commands;
    body.replace("\r\n", ""); // only framing: commands carry no CR or LF (paths are checked, expressions hex)
    return body.isEmpty() ? QByteArray() : framed(body);
}

} // namespace XsbugCommandWriter
