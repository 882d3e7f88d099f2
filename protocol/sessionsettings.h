#pragma once
#include "breakpoint.h"

#include <QString>

#include <QtGlobal>

#include <memory>

class LoginAnswers;

// What a machine session sends at login and how patient it is.
struct SessionSettings {
    bool profileOnStart = false;
    bool breakOnStart = false;
    bool breakOnExceptions = true;
    BreakpointList breakpoints;
    QString xscPath;                         // the XS compiler for conditions, log points and eval; empty: none
    int loginTimeoutMs = 10000;              // silence before login for this long closes the connection
    qsizetype maxMessageBytes = 64 << 20;    // one message; beyond it the connection ends
    QString journalDirectory;                // where profiler messages are journalled; empty: nowhere
    int loginCompileTimeoutMs = 5000;        // a login waits this long for its conditions and log points
    // The answers shared by every machine of these settings (the server's; a session without
    // one makes its own).
    std::shared_ptr<LoginAnswers> loginAnswers;
};
