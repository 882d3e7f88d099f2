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
QByteArray setBreakpoint(const Breakpoint& breakpoint);
QByteArray clearBreakpoint(const Breakpoint& breakpoint);
// The pseudo-breakpoints `exceptions` and `start` (line 0, id 0).
QByteArray setSpecialBreakpoint(const QString& name);
QByteArray clearSpecialBreakpoint(const QString& name);
QByteArray clearAllBreakpoints();
// The login answer: start / exceptions pseudo-breakpoints first, then the enabled ones.
QByteArray setAllBreakpoints(const BreakpointList& breakpoints, bool breakOnStart, bool breakOnExceptions);

// False for a path the machine could not read back ('"', or bytes below 0x20).
bool isSendablePath(const QString& path);
// "@00007F..." as the machine wants it: '@' then upper-case hex.
QByteArray address(const QString& value);

} // namespace XsbugCommandWriter
