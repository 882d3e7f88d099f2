#pragma once
// Front end -> machine commands (xsbug-protocol.md §2.3, §4): each framed by CR LF on both
// sides, to be sent in one write. The machine decodes nothing in attribute values, so a
// value holding '"' cannot be sent: such breakpoints are left out (and reported).
#include "breakpoint.h"

#include <QByteArray>

namespace XsbugCommandWriter {

QByteArray command(const char* element); // <element/>
QByteArray go();
QByteArray step();
QByteArray stepInside();
QByteArray stepOutside();
QByteArray abort();
QByteArray logout();
QByteArray startProfiling();
QByteArray stopProfiling();
QByteArray select(const QString& frameAddress);
QByteArray toggle(const QString& address);
// Line and function breakpoints; a hit count goes along as a child element.
// Without compiled expressions a breakpoint that needs them (needsCompiler()) is not sent.
QByteArray setBreakpoint(const Breakpoint& breakpoint);
// With the condition's and the log message's bytecode (hex, XscCompiler), as children
// <breakpoint-condition path="HEX"/> and <breakpoint-trace path="HEX"/> (§4.3).
QByteArray setBreakpoint(const Breakpoint& breakpoint, const QByteArray& conditionHex, const QByteArray& traceHex);
// <eval id="@FRAME" path="HEX" line="N"/>: runs the bytecode in the frame (§4.5).
QByteArray eval(const QString& frameAddress, const QByteArray& hex, int line);
QByteArray clearBreakpoint(const Breakpoint& breakpoint);
// The pseudo-breakpoints `exceptions` and `start` (line 0, id 0).
QByteArray setSpecialBreakpoint(const QString& name);
QByteArray clearSpecialBreakpoint(const QString& name);
// The login answer: start / exceptions pseudo-breakpoints first, then the enabled ones
// that need no compiled expression (those go with set-breakpoint after it: a condition inside
// set-all-breakpoints at login crashed xst, xsbug-protocol.md §4.3).
QByteArray setAllBreakpoints(const BreakpointList& breakpoints, bool breakOnStart, bool breakOnExceptions);
// Commands built above, written back to back as one frame (CR LF at its start and end only).
// xst reads 255 bytes at a time and stops reading after a chunk that ends right after CR LF
// once a breakpoint command was read (xsbug-protocol.md §4.1): between two frames of one
// write, that cut would leave the rest unread until the machine's next pause.
QByteArray oneFrame(const QByteArray& commands);

// False for a path the machine could not read back ('"', or bytes below 0x20).
bool isSendablePath(const QString& path);
// "@00007F..." as the machine wants it: '@' then upper-case hex.
QByteArray address(const QString& value);

} // namespace XsbugCommandWriter
