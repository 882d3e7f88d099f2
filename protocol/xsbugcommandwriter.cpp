#include "xsbugcommandwriter.h"

namespace XsbugCommandWriter {

namespace {

QByteArray framed(const QByteArray& body)
{
    return QByteArrayLiteral("\r\n") + body + QByteArrayLiteral("\r\n");
}

QByteArray breakpointElement(const char* element, const QString& path, int line, const char* id = "@0")
{
    return QByteArray("<") + element + " path=\"" + path.toUtf8() + "\" line=\"" + QByteArray::number(qMax(0, line)) +
           "\" id=\"" + id + "\"/>";
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
QByteArray clearAllBreakpoints() { return command("clear-all-breakpoints"); }

QByteArray select(const QString& frameAddress)
{
    return framed("<select id=\"" + address(frameAddress) + "\"/>");
}

QByteArray toggle(const QString& value)
{
    return framed("<toggle id=\"" + address(value) + "\"/>");
}

QByteArray setBreakpoint(const QString& path, int line)
{
    return isSendablePath(path) ? framed(breakpointElement("set-breakpoint", path, line)) : QByteArray();
}

QByteArray clearBreakpoint(const QString& path, int line)
{
    return isSendablePath(path) ? framed(breakpointElement("clear-breakpoint", path, line)) : QByteArray();
}

QByteArray setAllBreakpoints(const BreakpointList& breakpoints, bool breakOnStart, bool breakOnExceptions)
{
    QByteArray body = "<set-all-breakpoints>";
    if (breakOnStart)
        body += breakpointElement("breakpoint", QStringLiteral("start"), 0);
    if (breakOnExceptions)
        body += breakpointElement("breakpoint", QStringLiteral("exceptions"), 0);
    for (const Breakpoint& b : breakpoints) {
        if (b.enabled && isSendablePath(b.path) && b.line > 0)
            body += breakpointElement("breakpoint", b.path, b.line);
    }
    body += "</set-all-breakpoints>";
    return framed(body);
}

} // namespace XsbugCommandWriter
