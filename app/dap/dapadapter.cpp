#include "dapadapter.h"

#include "app/dap/dapargs.h"
#include "app/dap/dapbreakpoints.h"
#include "app/dap/dapexecution.h"
#include "app/dap/dapinspection.h"
#include "app/dap/dapmachines.h"
#include "app/dap/dapoutput.h"
#include "app/dap/dapprofiling.h"
#include "app/dap/dapprogram.h"
#include "protocol/bubbletext.h"
#include "protocol/machinesession.h"
#include "protocol/xsccompiler.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>

namespace {

std::string text(const QString& s)
{
    return s.toStdString();
}

// Why conditions and log points cannot be compiled with `xscPath`; "" when they can.
QString compilerProblem(const QString& xscPath)
{
    if (xscPath.isEmpty())
        return QStringLiteral("conditions and log points are compiled by the XS compiler, and none was found "
                              "($MODDABLE/build/bin/<platform>/{release,debug}/xsc, PATH): give \"xsc\" in the "
                              "launch or attach configuration");
    if (!XscCompiler(xscPath).isAvailable())
        return QStringLiteral("the XS compiler %1 given as \"xsc\" is not an executable file").arg(xscPath);
    return {};
}

} // namespace

DapAdapter::DapAdapter(QObject* parent)
    : QObject(parent), m_machines(new DapMachines(this)), m_breakpoints(new DapBreakpoints(this)),
      m_inspection(new DapInspection({[this](int id) -> Debuggee* { return m_machines->session(id); },
                                      [this] {
                                          QList<int> ids;
                                          for (const auto& [id, name] : m_machines->threads())
                                              ids << id;
                                          return ids;
                                      }},
                                     this)),
      m_program(new DapProgram(this)),
      m_profiling(new DapProfiling(this)), m_output(new DapOutput(this)),
      m_execution(new DapExecution(m_inspection, m_breakpoints, this))
{
    m_handlers = {
        {"initialize", &DapAdapter::onInitialize},
        {"launch", &DapAdapter::onLaunch},
        {"attach", &DapAdapter::onAttach},
        {"configurationDone", &DapAdapter::onConfigurationDone},
        {"setBreakpoints", &DapAdapter::onSetBreakpoints},
        {"setFunctionBreakpoints", &DapAdapter::onSetFunctionBreakpoints},
        {"setExceptionBreakpoints", &DapAdapter::onSetExceptionBreakpoints},
        {"threads", &DapAdapter::onThreads},
        {"stackTrace", &DapAdapter::onStackTrace},
        {"scopes", &DapAdapter::onScopes},
        {"variables", &DapAdapter::onVariables},
        {"evaluate", &DapAdapter::onEvaluate},
        {"source", &DapAdapter::onSource},
        {"exceptionInfo", &DapAdapter::onExceptionInfo},
        {"setVariable", &DapAdapter::onSetVariable},
        {"completions", &DapAdapter::onCompletions},
        {"continue", &DapAdapter::onContinue},
        {"next", &DapAdapter::onNext},
        {"stepIn", &DapAdapter::onStepIn},
        {"stepOut", &DapAdapter::onStepOut},
        {"pause", &DapAdapter::onPause},
        {"disconnect", &DapAdapter::onDisconnect},
        {"terminate", &DapAdapter::onTerminate},
        {"restart", &DapAdapter::onRestart},
        {"xsprof/profile", &DapAdapter::onProfile},
    };
    m_launchFolder = QDir::currentPath();
    connect(m_machines, &DapMachines::machineConnected, this, &DapAdapter::onMachineConnected);
    connect(m_machines, &DapMachines::threadStarted, this, [this](int id, MachineSession*) {
        event("thread", {{"reason", "started"}, {"threadId", id}});
    });
    connect(m_machines, &DapMachines::threadExited, this, [this](int id) {
        m_inspection->forget(id);
        event("thread", {{"reason", "exited"}, {"threadId", id}});
    });
    connect(m_machines, &DapMachines::machineLeft, this, [this](MachineSession*, int remaining) { onMachineLeft(remaining); });
    connect(m_machines, &DapMachines::note, this, [this](const QString& t) { note(t); });
    connect(m_breakpoints, &DapBreakpoints::changed, this, &DapAdapter::updateLoginAnswer);
    connect(m_profiling, &DapProfiling::loginAnswerChanged, this, &DapAdapter::updateLoginAnswer);
    connect(m_profiling, &DapProfiling::note, this, [this](const QString& t) { note(t); });
    connect(m_profiling, &DapProfiling::written, this, [this](const QString& path, qsizetype samples, const QString& machine) {
        note(QStringLiteral("profile of %1 written: %2 (%3 samples)").arg(machine, path).arg(samples));
        event("xsprof/profileWritten", {{"path", text(path)}, {"samples", samples}, {"machine", text(machine)}});
    });
    connect(m_breakpoints, &DapBreakpoints::breakpointChanged, this,
            [this](const nlohmann::json& b) { event("breakpoint", {{"reason", "changed"}, {"breakpoint", b}}); });
    connect(m_output, &DapOutput::event, this, [this](const nlohmann::json& body) { sendEvent("output", body); });
    connect(m_program, &DapProgram::output, this, [this](const QString& category, const QString& t) {
        const DapStart::ProgramOutput shown = m_start ? m_start->programOutput : DapStart::ProgramOutput::All;
        if (shown == DapStart::ProgramOutput::All ||
            (shown == DapStart::ProgramOutput::Stderr && category == QLatin1String("stderr")))
            m_output->add(category, t);
    });
    connect(m_program, &DapProgram::finished, this, &DapAdapter::onProgramFinished);
}

DapAdapter::~DapAdapter()
{
    if (m_phase != Phase::Ended)
        m_machines->letGoAll(); // never leave a machine stopped
}

void DapAdapter::setAnswerTimeoutMs(int ms)
{
    m_inspection->setAnswerTimeoutMs(ms);
    m_profiling->setTimeoutMs(ms);
}

// --- framing ------------------------------------------------------------------------------

void DapAdapter::feed(const QByteArray& bytes)
{
    m_framing.feed(std::string_view(bytes.constData(), size_t(bytes.size())));
    DapFraming::Item item;
    while (m_phase != Phase::Ended && m_framing.next(item)) {
        if (const auto* error = std::get_if<DapFraming::Error>(&item)) {
            // A request framed wrongly but readable is answered; other bad input is said in an
            // output event, never as a response to no request.
            const std::optional<std::int64_t> seq = DapJson::integer(error->body, "seq");
            const std::string command = DapJson::string(error->body, "command");
            if (seq && *seq >= 1 && !command.empty())
                respondError(*seq, command, DapError::BadInput, QStringLiteral("bad DAP input: ") + QString::fromStdString(error->message));
            reportBadInput(QString::fromStdString(error->message));
            continue;
        }
        endBadStretch();
        dispatch(std::get<nlohmann::json>(item));
    }
}

void DapAdapter::endOfInput()
{
    if (m_phase == Phase::Ended)
        return;
    if (m_framing.pendingBytes() > 0)
        logToStderr(QStringLiteral("the editor's input ended inside a message (%1 bytes not framed)").arg(m_framing.pendingBytes()));
    // The editor went away: machines go on running (a stopped one resumes), undebugged.
    m_machines->letGoAll();
    if (launched())
        m_program->terminate();
    finish(0);
}

void DapAdapter::finish(int status)
{
    if (m_phase == Phase::Ended)
        return;
    m_phase = Phase::Ended;
    m_output->flush();
    // Give the machines' sockets a moment to take the last commands (logout, abort).
    QTimer::singleShot(300, this, [this, status] { emit finished(status); });
}

void DapAdapter::dispatch(const nlohmann::json& message)
{
    std::string error;
    const std::optional<DapRequest> request = DapRequest::parse(message, error);
    if (!request) {
        const std::optional<std::int64_t> seq = DapJson::integer(message, "seq");
        if (seq && *seq >= 1)
            respondError(*seq, DapJson::string(message, "command"), DapError::BadInput,
                         QStringLiteral("bad DAP request: ") + QString::fromStdString(error));
        else
            reportBadInput(QStringLiteral("a message without a \"seq\" of 1 or more: ") + QString::fromStdString(error));
        return;
    }
    const auto it = m_handlers.find(request->command);
    if (it == m_handlers.end()) {
        respondError(request->seq, request->command, DapError::Unsupported,
                     QStringLiteral("unknown request \"%1\": xsprof dap does not implement it")
                         .arg(QString::fromStdString(request->command)));
        return;
    }
    if (m_phase == Phase::New && request->command != "initialize") {
        respondError(request->seq, request->command, DapError::NotNow,
                     QStringLiteral("\"%1\" before \"initialize\": the first request must be initialize")
                         .arg(QString::fromStdString(request->command)));
        return;
    }
    (this->*(it->second))(*request);
}

void DapAdapter::respond(const DapRequest& request, const nlohmann::json& body)
{
    m_output->flush(); // lines printed before stay before
    nlohmann::json message = {{"seq", m_seq++},        {"type", "response"}, {"request_seq", request.seq},
                              {"success", true},       {"command", request.command}};
    if (!body.empty())
        message["body"] = body;
    emit send(QByteArray::fromStdString(DapFraming::encode(message)));
}

void DapAdapter::respondError(const DapRequest& request, DapError kind, const QString& message)
{
    respondError(request.seq, request.command, kind, message);
}

void DapAdapter::respondError(std::int64_t requestSeq, const std::string& command, DapError kind, const QString& message)
{
    m_output->flush();
    nlohmann::json m = {{"seq", m_seq++},
                        {"type", "response"},
                        {"request_seq", requestSeq},
                        {"success", false},
                        {"command", command},
                        {"message", text(message)},
                        {"body", {{"error", {{"id", int(kind)}, {"format", text(message)}, {"showUser", showsUser(kind)}}}}}};
    emit send(QByteArray::fromStdString(DapFraming::encode(m)));
}

void DapAdapter::event(const char* name, const nlohmann::json& body)
{
    m_output->flush(); // a break never overtakes the lines printed before it
    sendEvent(name, body);
}

void DapAdapter::sendEvent(const char* name, const nlohmann::json& body)
{
    nlohmann::json m = {{"seq", m_seq++}, {"type", "event"}, {"event", name}};
    if (!body.empty())
        m["body"] = body;
    emit send(QByteArray::fromStdString(DapFraming::encode(m)));
}

void DapAdapter::note(const QString& t, const char* category)
{
    m_output->add(QString::fromLatin1(category), t + QLatin1Char('\n'));
}

void DapAdapter::reportBadInput(const QString& what)
{
    // Once per stretch of bad input: a bogus 100 MB body is one report, not one per chunk.
    if (m_badInputInStretch++ > 0)
        return;
    logToStderr(what);
    m_output->add(QStringLiteral("important"),
                  QStringLiteral("xsprof dap: bad DAP input: %1 (what follows up to the next good message is skipped "
                                 "without a word)\n")
                      .arg(what));
}

void DapAdapter::endBadStretch()
{
    if (m_badInputInStretch > 1)
        logToStderr(QStringLiteral("%1 pieces of bad input in that stretch").arg(m_badInputInStretch));
    m_badInputInStretch = 0;
}

void DapAdapter::logToStderr(const QString& t)
{
    std::fprintf(stderr, "xsprof dap: %s\n", qPrintable(t));
}

// --- session ------------------------------------------------------------------------------

void DapAdapter::onInitialize(const DapRequest& r)
{
    if (m_phase != Phase::New) {
        respondError(r, DapError::NotNow, QStringLiteral("initialize was sent already"));
        return;
    }
    m_phase = Phase::Initialized;
    respond(r, {
                   {"supportsConfigurationDoneRequest", true},
                   {"supportsFunctionBreakpoints", true},
                   {"supportsConditionalBreakpoints", true},
                   {"supportsHitConditionalBreakpoints", true},
                   {"supportsLogPoints", true},
                   {"supportsEvaluateForHovers", true},
                   {"supportsTerminateRequest", true},
                   {"supportTerminateDebuggee", true},
                   {"supportsRestartRequest", true},
                   {"supportsDelayedStackTraceLoading", true},
                   {"supportsSetVariable", true},
                   {"supportsStepBack", false},
                   {"supportsExceptionInfoRequest", true},
                   {"supportsCompletionsRequest", true},
                   {"exceptionBreakpointFilters",
                    {{{"filter", "exceptions"},
                      {"label", "Exceptions"},
                      {"description", "Break at every throw (XS does not tell caught from uncaught)"},
                      {"default", true}}}},
               });
    event("initialized");
}

bool DapAdapter::take(const DapRequest& r, DapStart::Mode mode)
{
    if (m_start) {
        respondError(r, DapError::NotNow, QStringLiteral("a launch or attach was made already in this session"));
        return false;
    }
    QString error;
    std::optional<DapStart> start = DapStart::read(mode, r.arguments, error);
    if (start && mode == DapStart::Mode::Launch && !m_machines->listen(QHostAddress(QHostAddress::LocalHost), 0, error))
        error = QStringLiteral("cannot listen for the program's machines: ") + error, start.reset();
    if (!start) {
        // The breakpoints say what failed, not something of their own.
        m_breakpoints->setSessionProblem(QStringLiteral("not set: the %1 failed: %2").arg(QString::fromStdString(r.command), error));
        respondError(r, DapError::Configuration, error);
        return false;
    }
    m_breakpoints->setSessionProblem({});
    apply(std::move(*start));
    return true;
}

void DapAdapter::apply(DapStart start)
{
    m_start = std::move(start);
    m_execution->setEntryPending(m_start->stopOnEntry);
    m_profiling->setProfileOnStart(m_start->profileOnStart);
    m_breakpoints->setPaths(m_start->paths);
    m_breakpoints->setCompilerProblem(compilerProblem(m_start->xscPath));
    m_inspection->setPaths(m_start->paths);
    if (!m_start->program.workingDirectory.isEmpty())
        m_launchFolder = m_start->program.workingDirectory;
    updateLoginAnswer();
}

void DapAdapter::onLaunch(const DapRequest& r)
{
    if (!take(r, DapStart::Mode::Launch))
        return;
    logToStderr(QStringLiteral("machines connect to 127.0.0.1:%1").arg(m_machines->port()));
    if (m_configurationDone && !begin())
        return respondError(r, DapError::Configuration, QStringLiteral("the program did not start: ") + m_beginFailure);
    respond(r);
}

void DapAdapter::onAttach(const DapRequest& r)
{
    if (!take(r, DapStart::Mode::Attach))
        return;
    if (m_configurationDone)
        begin();
    respond(r);
}

void DapAdapter::onConfigurationDone(const DapRequest& r)
{
    m_configurationDone = true;
    respond(r);
    if (m_start)
        begin();
}

bool DapAdapter::begin()
{
    if (m_phase == Phase::Running)
        return true;
    m_phase = Phase::Running;
    m_machinesAtBegin = m_machines->machinesSeen(); // a restart's first machine breaks on start too
    updateLoginAnswer();
    const QString failure = startMachines();
    if (failure.isEmpty())
        return true;
    m_beginFailure = failure;
    note(failure, "stderr");
    m_breakpoints->setSessionProblem(QStringLiteral("not set: ") + failure);
    sendTerminated();
    return false;
}

QString DapAdapter::startMachines()
{
    QString error;
    if (launched())
        return m_program->start(m_start->program, m_machines->port(), error) ? QString() : error;
    if (m_start->tcp) {
        if (!m_machines->listen(m_start->host, m_start->port, error))
            return QStringLiteral("cannot wait for machines on %1:%2: %3").arg(m_start->host.toString()).arg(m_start->port).arg(error);
        note(QStringLiteral("waiting for XS machines on %1:%2").arg(m_start->host.toString()).arg(m_machines->port()));
    }
    if (m_start->serial && !m_machines->openSerial(*m_start->serial, error))
        return QStringLiteral("serial port %1: %2").arg(m_start->serial->describe(), error);
    return {};
}

void DapAdapter::updateLoginAnswer()
{
    SessionSettings settings = m_machines->sessionSettings();
    settings.breakpoints = m_breakpoints->all();
    settings.breakOnExceptions = m_breakpoints->breakOnExceptions();
    settings.breakOnStart = m_execution->entryPending() && m_machines->machinesSeen() == m_machinesAtBegin;
    settings.xscPath = m_start ? m_start->xscPath : QString();
    settings.profileOnStart = m_profiling->startsAtLogin();
    m_machines->setSessionSettings(settings);
}

// --- breakpoints --------------------------------------------------------------------------

void DapAdapter::onSetBreakpoints(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::SetBreakpoints> args = DapArgs::setBreakpoints(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    if (args->path.isEmpty())
        return respondError(r, DapError::Arguments, QStringLiteral("setBreakpoints needs \"source\" with a \"path\""));
    respond(r, {{"breakpoints", m_breakpoints->setSource(QDir::cleanPath(args->path), args->breakpoints)}});
}

void DapAdapter::onSetFunctionBreakpoints(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::SetFunctionBreakpoints> args = DapArgs::setFunctionBreakpoints(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    respond(r, {{"breakpoints", m_breakpoints->setFunctions(args->breakpoints)}});
}

void DapAdapter::onSetExceptionBreakpoints(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::SetExceptionBreakpoints> args = DapArgs::setExceptionBreakpoints(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    QString refused;
    if (!m_breakpoints->setExceptionFilters(args->filters, refused))
        return respondError(r, DapError::Arguments, refused);
    // One entry per filter given, in their order (as DAP asks): XS takes each one it accepted.
    nlohmann::json entries = nlohmann::json::array();
    for (qsizetype i = 0; i < args->filters.size(); ++i)
        entries.push_back({{"verified", true}});
    respond(r, {{"breakpoints", entries}});
}

// --- threads and inspection ---------------------------------------------------------------

void DapAdapter::onThreads(const DapRequest& r)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [id, name] : m_machines->threads())
        list.push_back({{"id", id}, {"name", text(name)}});
    respond(r, {{"threads", list}});
}

template <class Args>
void DapAdapter::answerWith(const DapRequest& r, std::optional<Args> (*parse)(const nlohmann::json&, std::string&),
                            void (DapInspection::*ask)(const Args&, const Answer&, const Failure&))
{
    std::string error;
    const std::optional<Args> args = parse(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    const DapRequest request = r;
    (m_inspection->*ask)(
        *args, [this, request](const nlohmann::json& body) { respond(request, body); },
        [this, request](DapError kind, const QString& message) { respondError(request, kind, message); });
}

void DapAdapter::onStackTrace(const DapRequest& r) { answerWith(r, &DapArgs::stackTrace, &DapInspection::stackTrace); }
void DapAdapter::onScopes(const DapRequest& r) { answerWith(r, &DapArgs::scopes, &DapInspection::scopes); }
void DapAdapter::onVariables(const DapRequest& r) { answerWith(r, &DapArgs::variables, &DapInspection::variables); }
void DapAdapter::onEvaluate(const DapRequest& r) { answerWith(r, &DapArgs::evaluate, &DapInspection::evaluate); }
void DapAdapter::onSource(const DapRequest& r) { answerWith(r, &DapArgs::source, &DapInspection::source); }
void DapAdapter::onExceptionInfo(const DapRequest& r) { answerWith(r, &DapArgs::exceptionInfo, &DapInspection::exceptionInfo); }
void DapAdapter::onSetVariable(const DapRequest& r) { answerWith(r, &DapArgs::setVariable, &DapInspection::setVariable); }
void DapAdapter::onCompletions(const DapRequest& r) { answerWith(r, &DapArgs::completions, &DapInspection::completions); }

// --- execution ----------------------------------------------------------------------------

MachineSession* DapAdapter::requestedSession(const DapRequest& r, bool mustBeStopped)
{
    std::string error;
    const std::optional<DapArgs::Thread> args = DapArgs::thread(r.arguments, error);
    if (!args) {
        respondError(r, DapError::Arguments, QString::fromStdString(error));
        return nullptr;
    }
    const std::optional<std::int64_t> id = args->threadId;
    MachineSession* session = id ? m_machines->session(int(*id)) : nullptr;
    if (!session) {
        respondError(r, id ? DapError::NotNow : DapError::Arguments,
                     id ? QStringLiteral("there is no thread %1 (its machine left)").arg(*id)
                        : QStringLiteral("%1 needs a \"threadId\"").arg(QString::fromStdString(r.command)));
        return nullptr;
    }
    if (mustBeStopped && session->state() != MachineSession::State::Broken) {
        respondError(r, DapError::NotNow, QStringLiteral("thread %1 is running, not stopped at a break").arg(*id));
        return nullptr;
    }
    return session;
}

void DapAdapter::resume(const DapRequest& r, DapExecution::Resume how)
{
    MachineSession* session = requestedSession(r, true);
    if (!session)
        return;
    m_execution->resume(session, m_machines->threadFor(session), how);
    if (how == DapExecution::Resume::Continue)
        respond(r, {{"allThreadsContinued", false}});
    else
        respond(r);
}

void DapAdapter::onContinue(const DapRequest& r) { resume(r, DapExecution::Resume::Continue); }
void DapAdapter::onNext(const DapRequest& r) { resume(r, DapExecution::Resume::Next); }
void DapAdapter::onStepIn(const DapRequest& r) { resume(r, DapExecution::Resume::StepIn); }
void DapAdapter::onStepOut(const DapRequest& r) { resume(r, DapExecution::Resume::StepOut); }

void DapAdapter::onPause(const DapRequest& r)
{
    MachineSession* session = requestedSession(r, false);
    if (!session)
        return;
    if (!m_execution->pause(session))
        return respond(r); // stopped already
    respond(r);
    note(QStringLiteral("%1: pause requested — the machine acts on it at its next pause (a host that reads "
                        "commands only at its pauses, such as xst, stops at its next break)")
             .arg(session->name()));
}

void DapAdapter::onDisconnect(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::Disconnect> args = DapArgs::disconnect(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    const bool terminate = args->terminateDebuggee.value_or(launched());
    if (terminate) {
        const bool told = !m_machines->connected().isEmpty();
        m_machines->abortAll(); // xst exits at <abort/>; a simulator may not
        m_program->terminate(told ? 250 : 0);
    } else {
        m_machines->letGoAll(); // they run on, undebugged; none stays stopped
        if (const qint64 pid = launched() ? m_program->release() : 0)
            note(QStringLiteral("the program (process %1) goes on running, no longer debugged").arg(pid));
    }
    respond(r);
    finish(0);
}

void DapAdapter::onTerminate(const DapRequest& r)
{
    if (m_phase != Phase::Ended)
        m_phase = Phase::Terminating;
    const bool told = !m_machines->connected().isEmpty();
    m_machines->abortAll();
    m_program->terminate(told ? 1000 : 0);
    respond(r);
    if (attached() && m_machines->connected().isEmpty())
        sendTerminated();
}

void DapAdapter::onRestart(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::Restart> args = DapArgs::restart(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    if (!m_start || (m_phase != Phase::Running && m_phase != Phase::Restarting))
        return respondError(r, DapError::NotNow, QStringLiteral("restart before the launch or attach began"));
    if (launched() && m_phase == Phase::Restarting)
        return respondError(r, DapError::NotNow, QStringLiteral("a restart is under way: the program has not ended yet"));
    if (args->configuration) { // the configuration as the editor has it now
        QString problem;
        std::optional<DapStart> next = DapStart::read(m_start->mode, *args->configuration, problem, args->at);
        if (!next)
            return respondError(r, DapError::Configuration, problem);
        if (attached() && (next->tcp != m_start->tcp || next->host != m_start->host || next->port != m_start->port ||
                           next->serial.has_value() != m_start->serial.has_value()))
            return respondError(r, DapError::Configuration,
                                QStringLiteral("a restart keeps the port and the serial line it waits on: disconnect and "
                                               "attach again to change \"port\", \"host\" or \"serial\""));
        next->serial = m_start->serial;
        apply(std::move(*next));
    }
    if (attached() && m_machines->restartSerial()) {
        respond(r);
        note(QStringLiteral("restarting the board"));
        return;
    }
    m_machinesAtBegin = m_machines->machinesSeen(); // the next first machine breaks on start, if asked
    m_execution->setEntryPending(m_start->stopOnEntry);
    m_phase = Phase::Restarting;
    updateLoginAnswer();
    m_machines->abortAll();
    if (attached()) {
        // The machines end; the next that connects is debugged, its login answer holding the
        // breakpoints, as a launch's are.
        respond(r);
        note(QStringLiteral("restart: the connected machines were told to end (abort); waiting for the next on "
                            "%1:%2 (run the program again)")
                 .arg(m_start->host.toString())
                 .arg(m_machines->port()));
        return;
    }
    // The program again, with the same breakpoints in its machines' login answers.
    m_program->terminate();
    const DapRequest request = r;
    auto start = [this, request] {
        m_phase = Phase::Initialized;
        begin();
        respond(request);
    };
    if (m_program->isRunning())
        connect(m_program, &DapProgram::finished, this, start, Qt::SingleShotConnection);
    else
        start();
}

void DapAdapter::onProfile(const DapRequest& r)
{
    std::string error;
    const std::optional<DapArgs::Profile> args = DapArgs::profile(r.arguments, error);
    if (!args)
        return respondError(r, DapError::Arguments, QString::fromStdString(error));
    MachineSession* session = nullptr;
    if (args->threadId) {
        session = requestedSession(r, false);
        if (!session)
            return;
    } else if (!m_machines->threads().isEmpty()) {
        session = m_machines->session(m_machines->threads().first().first);
    }
    // No machine: a start is armed for the next one (DapProfiling).
    const DapRequest request = r;
    m_profiling->request(
        session, *args, m_launchFolder, [this, request](const nlohmann::json& body) { respond(request, body); },
        [this, request](const QString& message) { respondError(request, DapError::Machine, message); });
}

// --- machines -----------------------------------------------------------------------------

void DapAdapter::onMachineConnected(MachineSession* session)
{
    if (m_phase == Phase::Restarting && attached())
        m_phase = Phase::Running; // the restart's first machine
    if (m_machines->machinesSeen() == m_machinesAtBegin + 1 && m_execution->entryPending())
        updateLoginAnswer(); // break on start is for the first machine only, not each Worker
    m_breakpoints->follow(session);
    m_inspection->follow(session);
    m_profiling->follow(session, m_launchFolder);
    connect(session, &MachineSession::broke, this, [this, session] { onBreak(session); });
    connect(session, &MachineSession::disconnected, this, [this, session] { m_execution->forget(session); });
    connect(session, &MachineSession::logged, this, [this](const xsbug::Log& log) {
        // A log point whose message fails ("# ReferenceError: …") fails alike at every hit: once.
        if (!log.path.isEmpty() && log.text.startsWith(QLatin1String("# "))) {
            const QString key = log.path + QLatin1Char(':') + QString::number(log.line) + QLatin1Char(':') + log.text;
            if (m_logPointErrors.contains(key))
                return;
            m_logPointErrors.insert(key);
            QString text = log.text;
            if (text.endsWith(QLatin1Char('\n')))
                text.chop(1);
            m_output->add(QStringLiteral("stdout"), text + QStringLiteral(" (this log point's error, shown once)\n"),
                          m_inspection->sourceOf(log.path), log.line);
            return;
        }
        if (log.path.isEmpty())
            m_output->add(QStringLiteral("stdout"), log.text);
        else
            m_output->add(QStringLiteral("stdout"), log.text, m_inspection->sourceOf(log.path), log.line);
    });
    connect(session, &MachineSession::bubbled, this, [this](const xsbug::Bubble& bubble) {
        m_output->add(QStringLiteral("stdout"), BubbleText::logLine(bubble) + QLatin1Char('\n'), nullptr, 0,
                      {{"conversation", text(bubble.conversation)}});
    });
    connect(session, &MachineSession::errorOccurred, this,
            [this, session](const QString& message) { note(session->name() + QStringLiteral(": ") + message, "stderr"); });
}

void DapAdapter::onBreak(MachineSession* session)
{
    if (const int thread = m_machines->threadFor(session))
        if (const std::optional<nlohmann::json> body = m_execution->stopped(session, thread))
            event("stopped", *body);
}

void DapAdapter::onMachineLeft(int remaining)
{
    // An attach session waits for machines until the editor disconnects, as xsbug does: the
    // next run of the program, a restarted board, Workers. Said once none is left.
    if (remaining > 0 || !attached() || m_phase == Phase::Restarting)
        return;
    if (m_phase == Phase::Terminating) { // the editor asked: the machines are gone
        sendTerminated();
        return;
    }
    QTimer::singleShot(500, this, [this] {
        if (!m_machines->connected().isEmpty() || m_phase == Phase::Ended || m_terminatedSent)
            return;
        if (m_start->tcp)
            note(QStringLiteral("no machine is connected: waiting for the next on %1:%2 (disconnect to end)")
                     .arg(m_start->host.toString())
                     .arg(m_machines->port()));
        else
            note(QStringLiteral("no machine is connected: waiting for the board's machines (disconnect to end)"));
    });
}

void DapAdapter::onProgramFinished(int exitCode)
{
    m_profiling->collectFileProfiles(m_launchFolder, m_program->startedAt());
    if (m_phase == Phase::Restarting)
        return;
    event("exited", {{"exitCode", exitCode}});
    sendTerminated();
}

void DapAdapter::sendTerminated()
{
    if (m_terminatedSent)
        return;
    m_terminatedSent = true;
    event("terminated");
}
