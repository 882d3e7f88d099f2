#include "app/cli/listencommand.h"

#include "app/cli/listendebugging.h"
#include "protocol/bubbletext.h"
#include "app/cli/commandlineoptions.h"
#include "app/cli/commandlinepaths.h"

#include "model/counted.h"
#include "model/cpuprofilewriter.h"
#include "model/profileanalysis.h"
#include "model/report.h"

#include "protocol/serial/serialconnection.h"
#include "protocol/xsccompiler.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <atomic>
#include <csignal>
#include <utility>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace {

std::atomic<int> g_signal{0};

void onSignal(int signal)
{
    g_signal = signal;
}

void print(const QString& text)
{
    std::fputs(qPrintable(text + QLatin1Char('\n')), stdout);
    std::fflush(stdout);
}

// Writes all of `bytes` or says why not: a full disk shows up at write or at close.
bool writeFile(const std::string& path, const std::string& bytes, std::string& error)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!file) {
        error = std::strerror(errno);
        return false;
    }
    if (std::fwrite(bytes.data(), 1, bytes.size(), file.get()) != bytes.size() || std::fflush(file.get()) != 0) {
        error = std::strerror(errno);
        return false;
    }
    if (std::fclose(file.release()) != 0) {
        error = std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace

int ListenCommand::run(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Debug server without a window: XS machines connect, breaks are "
                                                    "continued, profiles are saved when a machine leaves."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("listen"), QStringLiteral("The command."));
    parser.addOptions({
        {QStringLiteral("port"), QStringLiteral("TCP port (default 5002)."), QStringLiteral("P")},
        {QStringLiteral("host"), QStringLiteral("Address to listen on (default 127.0.0.1; 0.0.0.0 accepts other devices)."),
         QStringLiteral("ADDR")},
        {QStringLiteral("profile-on-start"), QStringLiteral("Start the profiler of every machine at login.")},
        {QStringLiteral("save"), QStringLiteral("Write each machine's profile to PATH (further machines to PATH-NAME-N, the N-th "
                        "machine of that name); machines without profile samples are counted, not written."),
         QStringLiteral("PATH")},
        {QStringLiteral("json"), QStringLiteral("Write each machine's report (xsprof report --json schema) to PATH."),
         QStringLiteral("PATH")},
        {QStringLiteral("report"), QStringLiteral("Print each machine's report when it is done.")},
        {QStringLiteral("log"), QStringLiteral("Print the machines' console output, and each trace.left/right/center message as \"message: [CONVERSATION] SIDE: TEXT (FILE:LINE)\".")},
        {QStringLiteral("once"), QStringLiteral("Exit after the first machine disconnects.")},
        {QStringLiteral("duration"), QStringLiteral("Stop after S seconds."), QStringLiteral("S")},
        {QStringLiteral("break-on-exceptions"), QStringLiteral("Stop (and continue) at every exception thrown (default).")},
        {QStringLiteral("no-break-on-exceptions"),
         QStringLiteral("Do not stop at exceptions: the machine reports each throw as a log line.")},
        {QStringLiteral("xsc"),
         QStringLiteral("The XS compiler of your Moddable SDK, for conditions, log points and --eval (default: "
                        "$MODDABLE/build/bin/<platform>/{release,debug}/xsc, else xsc on PATH). Its version and ID "
                        "size must match the machine's, or nothing compiled is sent."),
         QStringLiteral("PATH")},
        {QStringLiteral("breakpoint"),
         QStringLiteral("Stop at PATH:LINE, only when CONDITION (a JS expression) is truthy if given; repeatable. A "
                        "relative PATH matches the end of the machine's paths (main.js:12 stops in /home/dev/app/main.js)."),
         QStringLiteral("PATH:LINE[:CONDITION]")},
        {QStringLiteral("logpoint"),
         QStringLiteral("At PATH:LINE log the value of EXPRESSION without stopping; repeatable; implies --log."),
         QStringLiteral("PATH:LINE:EXPRESSION")},
        {QStringLiteral("eval"),
         QStringLiteral("At each break, before continuing, evaluate EXPRESSION in the top frame and print "
                        "\"eval: EXPRESSION = VALUE\" (objects on one line); repeatable."),
         QStringLiteral("EXPRESSION")},
        {QStringLiteral("journal"), QStringLiteral("Journal each machine's profiler messages in DIR (crash safety)."),
         QStringLiteral("DIR")},
        {QStringLiteral("serial"),
         QStringLiteral("Debug the machines of a board on serial port PORT (/dev/ttyUSB0, COM3, or a USB VID:PID such as "
                        "303a:1001) at BAUD (default 921600); repeatable. The board is restarted so that its machines log "
                        "in. Without --port or --host, no TCP port is opened."),
         QStringLiteral("PORT[@BAUD]")},
    });
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return CommandLineOptions::usageError(parser, QStringLiteral("listen takes no file arguments"));
    Options options;
    if (parser.isSet(QStringLiteral("port"))) {
        bool ok = false;
        const uint port = parser.value(QStringLiteral("port")).toUInt(&ok);
        if (!ok || port > 65535) {
            std::fprintf(stderr, "xsprof: --port takes a number from 0 to 65535\n");
            return 2;
        }
        options.port = quint16(port);
    }
    if (parser.isSet(QStringLiteral("host")) && !options.host.setAddress(parser.value(QStringLiteral("host")))) {
        std::fprintf(stderr, "xsprof: --host takes an IP address\n");
        return 2;
    }
    if (parser.isSet(QStringLiteral("duration"))) {
        bool ok = false;
        options.durationSeconds = parser.value(QStringLiteral("duration")).toDouble(&ok);
        if (!ok || options.durationSeconds <= 0) {
            std::fprintf(stderr, "xsprof: --duration takes a positive number of seconds\n");
            return 2;
        }
    }
    options.profileOnStart = parser.isSet(QStringLiteral("profile-on-start"));
    options.savePath = parser.value(QStringLiteral("save"));
    options.jsonPath = parser.value(QStringLiteral("json"));
    options.report = parser.isSet(QStringLiteral("report"));
    options.log = parser.isSet(QStringLiteral("log"));
    options.once = parser.isSet(QStringLiteral("once"));
    if (parser.isSet(QStringLiteral("break-on-exceptions")) && parser.isSet(QStringLiteral("no-break-on-exceptions"))) {
        std::fprintf(stderr, "xsprof: give --break-on-exceptions or --no-break-on-exceptions, not both\n");
        return 2;
    }
    options.breakOnExceptions = !parser.isSet(QStringLiteral("no-break-on-exceptions"));
    for (const auto& [name, logPoint] : {std::pair{"breakpoint", false}, std::pair{"logpoint", true}}) {
        for (const QString& text : parser.values(QLatin1String(name))) {
            Breakpoint b;
            QString error;
            if (!ListenDebugging::parseSpec(text, logPoint, b, error)) {
                std::fprintf(stderr, "xsprof: --%s %s\n", name, qPrintable(error));
                return 2;
            }
            options.breakpoints << b;
        }
    }
    if (parser.isSet(QStringLiteral("logpoint")))
        options.log = true;
    options.evals = parser.values(QStringLiteral("eval"));
    options.evals.removeDuplicates();
    options.xscPath = parser.isSet(QStringLiteral("xsc")) ? parser.value(QStringLiteral("xsc")) : XscCompiler::autoDetect();
    bool needsCompiler = !options.evals.isEmpty();
    for (const Breakpoint& b : std::as_const(options.breakpoints))
        needsCompiler = needsCompiler || b.needsCompiler();
    if (needsCompiler && !XscCompiler(options.xscPath).isAvailable()) {
        std::fprintf(stderr, "xsprof: %s\n%s\n",
                     qPrintable(options.xscPath.isEmpty()
                                    ? QStringLiteral("conditions, log points and --eval need the XS compiler, and none "
                                                     "was found")
                                    : QStringLiteral("--xsc %1 is not an executable file").arg(options.xscPath)),
                     qPrintable(QStringLiteral("Give --xsc PATH, e.g. $MODDABLE/build/bin/lin/release/xsc.")));
        return 2;
    }
    options.journalDirectory = parser.value(QStringLiteral("journal"));
    for (const QString& text : parser.values(QStringLiteral("serial"))) {
        QString error;
        const std::optional<SerialPortSpec> spec = SerialPortSpec::parse(text, &error);
        if (!spec) {
            std::fprintf(stderr, "xsprof: --serial %s\n", qPrintable(error));
            return 2;
        }
        options.serialPorts << *spec;
    }
    options.tcp = options.serialPorts.isEmpty() || parser.isSet(QStringLiteral("port")) || parser.isSet(QStringLiteral("host"));

    ListenCommand command(options);
    if (!command.start())
        return 1;
    QCoreApplication::exec();
    return command.exitCode();
}

namespace {
IntakeCore::Policy listenIntakePolicy()
{
    IntakeCore::Policy policy;
    policy.holdQuiet = false;
    return policy;
}
} // namespace

ListenCommand::ListenCommand(Options options, QObject* parent)
    : QObject(parent), m_options(std::move(options)), m_intake(listenIntakePolicy()),
      m_debugging(new ListenDebugging(m_options.breakpoints, m_options.evals, this))
{
    SessionSettings settings;
    settings.profileOnStart = m_options.profileOnStart;
    settings.breakOnExceptions = m_options.breakOnExceptions;
    settings.xscPath = m_options.xscPath;
    settings.breakpoints = m_debugging->loginBreakpoints(QDir::currentPath());
    settings.breakOnStart = m_debugging->needsStartProbe(QDir::currentPath());
    settings.journalDirectory = m_options.journalDirectory;
    m_intake.setSessionSettings(settings);
    for (const SerialPortSpec& spec : std::as_const(m_options.serialPorts))
        m_intake.addSerial(spec);
    connect(&m_intake, &IntakeCore::serialLog, this, [](const QString& port, const QString& text, bool note) {
        std::fprintf(stderr, "xsprof: %s%s %s\n", qPrintable(port), note ? ":" : " |", qPrintable(text));
    });
    connect(&m_intake, &IntakeCore::machineShown, this, [this](MachineSession* session) { onMachine(session); });
    connect(&m_intake, &IntakeCore::connectionRejected, this,
            [](const QString& reason) { std::fprintf(stderr, "xsprof: %s\n", qPrintable(reason)); });
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    m_signalPoll.setInterval(100);
    connect(&m_signalPoll, &QTimer::timeout, this, [this] {
        if (g_signal.load() != 0)
            finishAll();
    });
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &ListenCommand::finishAll);
}

bool ListenCommand::start()
{
    if (m_options.tcp) {
        QString error;
        if (!m_intake.listen(m_options.host, m_options.port, error)) {
            std::fprintf(stderr, "xsprof: %s\n", qPrintable(error));
            m_exitCode = 1;
            return false;
        }
        const DebugServer* server = m_intake.server();
        std::fprintf(stderr, "xsprof: listening on %s:%u\n", qPrintable(server->address().toString()), server->port());
    }
    const QList<SerialConnection*> ports = m_intake.serialPorts();
    for (SerialConnection* port : ports) {
        if (!port->open(SerialConnection::WhenAbsent::Wait)) { // a board not yet plugged in is waited for
            std::fprintf(stderr, "xsprof: %s\n", qPrintable(port->errorString()));
            m_exitCode = 1;
            return false;
        }
    }
    m_signalPoll.start();
    if (m_options.durationSeconds > 0)
        m_deadline.start(int(m_options.durationSeconds * 1000));
    return true;
}

void ListenCommand::onMachine(MachineSession* session)
{
    ++m_machinesSeen;
    m_sessions.append(session);
    m_numbers[session] = ++m_machinesByName[session->name()];
    std::fprintf(stderr, "xsprof: %s connected (%s)\n", qPrintable(session->displayName()), qPrintable(session->version()));
    connect(session, &MachineSession::broke, this, [this, session](const xsbug::Break& at) {
        if (m_debugging->isStartProbe(session, at))
            return; // the stop at start that reports the machine's paths, not the user's
        const QString where = at.path.isEmpty() ? QStringLiteral("(no location)")
                                                : at.path + QLatin1Char(':') + QString::number(at.line);
        print(QStringLiteral("break: %1 %2 [%3]").arg(where, at.message, session->name()));
    });
    m_debugging->attach(session); // evaluates --eval expressions, then continues
    if (m_options.log) {
        connect(session, &MachineSession::logged, this, [this, session](const xsbug::Log& log) { printLog(session, log.text); });
        // trace.left/right/center: one line each, naming its conversation.
        connect(session, &MachineSession::bubbled, this,
                [](const xsbug::Bubble& bubble) { print(QStringLiteral("message: ") + BubbleText::logLine(bubble)); });
    }
    connect(session, &MachineSession::errorOccurred, this,
            [](const QString& message) { std::fprintf(stderr, "xsprof: %s\n", qPrintable(message)); });
    connect(session, &MachineSession::disconnected, this, [this, session] {
        finishMachine(session);
        if (m_options.once) {
            finishAll();
            return;
        }
        // Done with it: a storm of Workers must not pile up sessions.
        m_sessions.removeOne(session);
        m_finished.remove(session);
        m_numbers.remove(session);
        session->deleteLater();
    });
}

void ListenCommand::printLog(MachineSession* session, const QString& text)
{
    // A line can continue across <log> messages: print whole lines only.
    QString& pending = m_partialLines[session];
    pending += text;
    qsizetype newline;
    while ((newline = pending.indexOf(QLatin1Char('\n'))) >= 0) {
        print(pending.left(newline));
        pending.remove(0, newline + 1);
    }
}

QString ListenCommand::machinePath(const QString& path, MachineSession* session) const
{
    if (m_profilesWritten <= 1)
        return path;
    const QFileInfo info(path);
    const QString suffix = info.completeSuffix();
    const QString stem = suffix.isEmpty() ? path : path.chopped(suffix.size() + 1);
    QString name = session->name();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return stem + QLatin1Char('-') + name + QLatin1Char('-') + QString::number(m_numbers.value(session)) +
           (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
}

void ListenCommand::finishMachine(MachineSession* session)
{
    if (m_finished.value(session))
        return;
    m_finished[session] = true;
    if (const QString rest = m_partialLines.take(session); !rest.isEmpty())
        print(rest);
    const std::shared_ptr<xsprof::Profile> profile = session->profileSnapshot(); // our own copy
    if (!profile || profile->samples.size() == 0) {
        // Said once per name, for whichever of its machines leaves first (Workers of a storm
        // may leave in any order); the rest are counted at the end.
        ++m_skipped;
        const bool firstOfItsName = !m_namesLeftEmpty.contains(session->name());
        m_namesLeftEmpty.insert(session->name());
        if (firstOfItsName)
            std::fprintf(stderr, "xsprof: %s left without profile samples: nothing to save\n",
                         qPrintable(session->displayName()));
        return;
    }
    ++m_profilesWritten;
    xsprof::Profile& copy = *profile;
    copy.info.name = session->name().toStdString();
    const xsprof::ProfileAnalysis analysis = xsprof::ProfileAnalysis::compute(copy);
    if (!m_options.savePath.isEmpty()) {
        const QString path = machinePath(m_options.savePath, session);
        std::string error;
        if (xsprof::saveCpuProfile(copy, CommandLinePaths::native(path), &error)) {
            std::fprintf(stderr, "xsprof: %s: profile saved to %s\n", qPrintable(session->displayName()), qPrintable(path));
        } else {
            std::fprintf(stderr, "xsprof: %s\n", error.c_str());
            m_exitCode = 1;
        }
    }
    if (!m_options.jsonPath.isEmpty()) {
        const QString path = machinePath(m_options.jsonPath, session);
        std::string error;
        if (!writeFile(CommandLinePaths::native(path), xsprof::formatJsonReport(copy, analysis, {}), error)) {
            std::fprintf(stderr, "xsprof: cannot write %s: %s\n", qPrintable(path), error.c_str());
            m_exitCode = 1;
        }
    }
    if (m_options.report)
        std::fputs(xsprof::formatTextReport(copy, analysis, {}).c_str(), stdout);
}

void ListenCommand::finishAll()
{
    m_signalPoll.stop();
    for (MachineSession* session : std::as_const(m_sessions)) {
        // Nothing received is lost: what is still queued for parsing goes into the profile.
        if (session->isConnected() && !session->catchUp(10000))
            std::fprintf(stderr, "xsprof: %s: still parsing after 10 s; saving what is parsed\n",
                         qPrintable(session->displayName()));
        finishMachine(session);
    }
    if (m_skipped > 0)
        std::fprintf(stderr, "xsprof: %d of %d machines left without profile samples; %s written\n", m_skipped,
                     m_machinesSeen, xsprof::counted(size_t(m_profilesWritten), "profile", "profiles").c_str());
    QCoreApplication::exit(m_exitCode);
}
