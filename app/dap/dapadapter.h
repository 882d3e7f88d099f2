#pragma once
// `xsprof dap`: a Debug Adapter Protocol server for XS machines, on stdin/stdout.
//
// Requests
//   initialize, launch, attach, configurationDone, setBreakpoints, setFunctionBreakpoints,
//   setExceptionBreakpoints, threads, stackTrace, scopes, variables, evaluate (repl, watch,
//   hover), source, exceptionInfo, setVariable, completions, continue, next, stepIn, stepOut,
//   pause, disconnect, terminate, restart, and the custom request xsprof/profile.
//   Anything before initialize, and any other command, is answered success:false with a message.
//   Bad input that is no request (a frame that cannot be read, a message without a seq) is said
//   in an output event of category "important", once per stretch of bad input.
//
// launch arguments
//   program      the command to run (xst, mcsim, any); required. Its stdout/stderr become
//                output events (category stdout/stderr); stdout is a pseudo-terminal, so C's
//                stdio sends each print() line when printed (dapterminal.h).
//   args         its arguments (array of strings)       cwd   its working folder
//   env          {"NAME": "value" | null} added to (null: removed from) the adapter's environment
//   programOutput  which of the program's own output to show: "all", "stderr" or "none" (true
//                and false for all and none). Default: all for xst and xsl (print() goes to stdout
//                only), stderr for the others (mcsim prints every console line on its stdout as
//                well as to the debugger: shown once, from the machine)
//   The adapter sets XSBUG_HOST=127.0.0.1 and XSBUG_PORT to a free loopback port of its own
//   (for xst and xsl, which read "host:port" from XSBUG_HOST, XSBUG_HOST=127.0.0.1:PORT).
//   The program starts at configurationDone, so every breakpoint is in its login answer.
// attach arguments
//   port         TCP port to wait on for machines (default 5002; mcconfig -d builds connect there)
//   host         address to listen on (default 127.0.0.1; 0.0.0.0 takes other devices)
//                The session waits for machines until the editor disconnects (terminated comes
//                only from terminate or disconnect): the next run, Workers, a restarted board.
//   serial       "PORT[@BAUD]" as `xsprof listen --serial` (/dev/ttyUSB0, COM3, 303a:1001@921600);
//                the board is restarted so that its machines log in. With serial and no port,
//                no TCP port is opened.
// both
//   xsc          the XS compiler for conditions, log points and evaluate (default: as listen
//                finds it, $MODDABLE/build/bin/<platform>/{release,debug}/xsc, then PATH)
//   localRoot + remoteRoot, or sourceMap {"machine folder": "workspace folder"}: path mappings
//   stopOnEntry  break at the first machine's first line (XS "break on start")
//   profileOnStart  every machine starts profiling at its login (as the window's Profile on
//                Start); what it recorded is written when it leaves (see xsprof/profile)
//   A value of the wrong type is refused naming it ("arguments.port must be an integer, not a
//   string"; DapArgs), a value that cannot work naming the attribute (DapStart): error 1001, shown.
//   Exceptions: setExceptionBreakpoints with the filter "exceptions" (every throw; on by default,
//   as in xsbug and the window).
//
// Breakpoints: conditions, hit conditions ("5", ">=5", "%3") and log points ("n = {n}") compiled
// by xsc; all are in every machine's login answer. Threads are machines (an app and its
// Workers), named as the window's tabs; Workers with nothing to show never become threads.
// Scopes: Locals, Closure, Globals, Modules. A machine that reads commands only at its pauses
// (xst) acts on pause at its next pause; the adapter says so in an output event.
//
// xsprof/profile {"action": "start" | "stop", "threadId"?: N, "path"?: FILE}
//   start: starts the machine's profiler (a stopped machine resumes, as in xsbug); with no
//   machine connected it is armed for the next one ({"armed": true}), whose login answer starts
//   it. The body's "message" says what to expect (xst reads a start at its next pause).
//   stop: stops it and writes the samples as a .cpuprofile (default: the machine's name and the
//   time in the launch folder); the response body is {"path", "samples", "durationMs"}.
//   A machine that leaves with samples not written has them written to the launch folder; the
//   custom event xsprof/profileWritten {"path", "samples", "machine"} and an output line say so,
//   as for the XS-*.cpuprofile files a launched xst's own file profiler wrote (dapprofiling.h).
//
// restart: launch: the program again. attach over TCP: the connected machines are told to end
//   (abort) and the session waits for the next, the breakpoints in its login answer; over a
//   serial line: the board restarts. A new configuration in arguments.arguments is taken
//   (except another port, host or serial line).
// disconnect: terminateDebuggee (default: true for launch, false for attach) ends the machines
//   and a launched program; false lets them run on, undebugged, a launched program too.
//
// Output (batched every 50 ms, at most 2000 lines each): console lines (category stdout; a line
// with a place, such as a log point's, carries source and line), trace conversations as
// "[conversation] side: text" lines, the adapter's own notes (category console); exited and
// terminated when a launched program exits. End of input (the editor went away) lets
// every machine go on running, never stopped.
#include "app/dap/daperror.h"
#include "app/dap/dapexecution.h"
#include "app/dap/dapframing.h"
#include "app/dap/dapmessages.h"
#include "app/dap/dappaths.h"
#include "app/dap/dapstart.h"

#include <QByteArray>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>
#include <map>
#include <optional>

class DapBreakpoints;
class DapInspection;
class DapMachines;
class DapOutput;
class DapProfiling;
class DapProgram;
class MachineSession;

class DapAdapter : public QObject {
    Q_OBJECT

public:
    explicit DapAdapter(QObject* parent = nullptr);
    ~DapAdapter() override;

    // Bytes from the editor (framed requests, split anywhere).
    void feed(const QByteArray& bytes);
    // The editor closed its end: machines are let go, then finished().
    void endOfInput();
    // For tests: how long machine answers are waited for.
    void setAnswerTimeoutMs(int ms);

signals:
    // A framed DAP message for the editor.
    void send(const QByteArray& bytes);
    // The session is over (disconnect answered, or input ended): exit with `status`.
    void finished(int status);

private:
    using Handler = void (DapAdapter::*)(const DapRequest&);
    void dispatch(const nlohmann::json& message);
    void respond(const DapRequest& request, const nlohmann::json& body = nlohmann::json::object());
    void respondError(const DapRequest& request, DapError kind, const QString& message);
    void respondError(std::int64_t requestSeq, const std::string& command, DapError kind, const QString& message);
    void event(const char* name, const nlohmann::json& body = nlohmann::json::object());
    void sendEvent(const char* name, const nlohmann::json& body); // without flushing the output
    void note(const QString& text, const char* category = "console");
    void logToStderr(const QString& text);
    // Bad input the editor sent (a frame, a message that is no request): said once per stretch.
    void reportBadInput(const QString& what);
    void endBadStretch();

    // Requests.
    void onInitialize(const DapRequest& r);
    void onLaunch(const DapRequest& r);
    void onAttach(const DapRequest& r);
    void onConfigurationDone(const DapRequest& r);
    void onSetBreakpoints(const DapRequest& r);
    void onSetFunctionBreakpoints(const DapRequest& r);
    void onSetExceptionBreakpoints(const DapRequest& r);
    void onThreads(const DapRequest& r);
    void onStackTrace(const DapRequest& r);
    void onScopes(const DapRequest& r);
    void onVariables(const DapRequest& r);
    void onEvaluate(const DapRequest& r);
    void onSource(const DapRequest& r);
    void onExceptionInfo(const DapRequest& r);
    void onSetVariable(const DapRequest& r);
    void onCompletions(const DapRequest& r);
    void onContinue(const DapRequest& r);
    void onNext(const DapRequest& r);
    void onStepIn(const DapRequest& r);
    void onStepOut(const DapRequest& r);
    void onPause(const DapRequest& r);
    void onDisconnect(const DapRequest& r);
    void onTerminate(const DapRequest& r);
    void onRestart(const DapRequest& r);
    void onProfile(const DapRequest& r);

    // A request DapInspection answers, now or once the machine has: its arguments typed by
    // `parse` (DapArgs; a wrong one is answered here), then `ask`.
    using Answer = std::function<void(const nlohmann::json&)>;
    using Failure = std::function<void(DapError, const QString&)>;
    template <class Args>
    void answerWith(const DapRequest& r, std::optional<Args> (*parse)(const nlohmann::json&, std::string&),
                    void (DapInspection::*ask)(const Args&, const Answer&, const Failure&));

    // Launch and attach share these.
    // Reads and checks launch or attach; false when answered with an error.
    bool take(const DapRequest& r, DapStart::Mode mode);
    // Makes `start` the session's configuration (launch, attach, a restart's new one).
    void apply(DapStart start);
    // At configurationDone after launch/attach: start listening, start the program; false when
    // it could not (said in the output, and terminated).
    bool begin();
    // Starts the program, or opens the port and serial line: "" or what failed.
    QString startMachines();
    bool launched() const { return m_start && m_start->mode == DapStart::Mode::Launch; }
    bool attached() const { return m_start && m_start->mode == DapStart::Mode::Attach; }
    void updateLoginAnswer();
    // The session of the request's threadId when it is there (else answered with an error).
    MachineSession* requestedSession(const DapRequest& r, bool mustBeStopped);
    void resume(const DapRequest& r, DapExecution::Resume how);
    void finish(int status);

    // Machines.
    void onMachineConnected(MachineSession* session);
    void onBreak(MachineSession* session);
    void onMachineLeft(int remaining);
    void onProgramFinished(int exitCode);
    void sendTerminated();

    DapFraming m_framing;
    std::int64_t m_seq = 1;
    std::map<std::string, Handler> m_handlers;
    // The session's life: New (until initialize), Initialized (launch or attach and
    // configurationDone awaited, in either order), Running (the program started or the port
    // opened), Restarting (the program ended for a restart), Terminating (terminate asked: an
    // attach session ends when its machines left), Ended (disconnect answered or input ended).
    enum class Phase { New, Initialized, Running, Restarting, Terminating, Ended };
    Phase m_phase = Phase::New;
    bool m_configurationDone = false;
    bool m_terminatedSent = false;
    std::optional<DapStart> m_start; // what launch or attach said
    int m_badInputInStretch = 0; // pieces of bad input since the last good message
    QString m_beginFailure; // what begin() could not do
    int m_machinesAtBegin = 0; // machines seen before the program (re)started
    QString m_launchFolder;
    QSet<QString> m_logPointErrors; // "path:line:error" of failing log points, said once

    DapMachines* m_machines;
    DapBreakpoints* m_breakpoints;
    DapInspection* m_inspection;
    DapProgram* m_program;
    DapProfiling* m_profiling;
    DapOutput* m_output;
    DapExecution* m_execution;
};
