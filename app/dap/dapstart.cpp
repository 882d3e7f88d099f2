#include "dapstart.h"

#include "app/dap/dapmessages.h"
#include "protocol/debugserver.h"
#include "protocol/xsccompiler.h"

#include <QFileInfo>

namespace {

bool readLaunch(const nlohmann::json& arguments, DapStart& start, QString& error)
{
    if (const std::string problem = DapJson::typeProblem(
            arguments, {{"program", "string"}, {"args", "array"}, {"cwd", "string"}, {"env", "object"}, {"xsc", "string"},
                        {"localRoot", "string"}, {"remoteRoot", "string"}, {"sourceMap", "object"},
                        {"stopOnEntry", "boolean"}, {"programOutput", "string or boolean"}});
        !problem.empty()) {
        error = QString::fromStdString(problem);
        return false;
    }
    if (!DapProgram::read(arguments, start.program, error))
        return false;
    // mcsim and the simulators' hosts print every console line on their stdout as well as to the
    // debugger: by default only their stderr is shown; xst's print() goes to its stdout alone.
    const auto it = arguments.find("programOutput");
    const std::string output = it != arguments.end() && it->is_boolean() ? (it->get<bool>() ? "all" : "none")
                                                                         : DapJson::string(arguments, "programOutput");
    const QString base = QFileInfo(start.program.program).completeBaseName();
    const bool xsTool = base == QLatin1String("xst") || base == QLatin1String("xsl");
    if (output.empty())
        start.programOutput = xsTool ? DapStart::ProgramOutput::All : DapStart::ProgramOutput::Stderr;
    else if (output == "all")
        start.programOutput = DapStart::ProgramOutput::All;
    else if (output == "stderr")
        start.programOutput = DapStart::ProgramOutput::Stderr;
    else if (output == "none")
        start.programOutput = DapStart::ProgramOutput::None;
    else {
        error = QStringLiteral("\"programOutput\" is \"all\", \"stderr\" or \"none\"");
        return false;
    }
    return true;
}

bool readAttach(const nlohmann::json& arguments, DapStart& start, QString& error)
{
    if (const std::string problem = DapJson::typeProblem(
            arguments, {{"port", "integer"}, {"host", "string"}, {"serial", "string"}, {"xsc", "string"},
                        {"localRoot", "string"}, {"remoteRoot", "string"}, {"sourceMap", "object"},
                        {"stopOnEntry", "boolean"}});
        !problem.empty()) {
        error = QString::fromStdString(problem);
        return false;
    }
    const std::string serial = DapJson::string(arguments, "serial");
    if (!serial.empty()) {
        QString why;
        start.serial = SerialPortSpec::parse(QString::fromStdString(serial), &why);
        if (!start.serial) {
            error = QStringLiteral("\"serial\": ") + why;
            return false;
        }
    }
    const std::optional<std::int64_t> port = DapJson::integer(arguments, "port");
    if (port && (*port < 0 || *port > 65535)) {
        error = QStringLiteral("\"port\" must be a number from 0 to 65535");
        return false;
    }
    start.port = port ? quint16(*port) : DebugServer::defaultPort;
    if (const std::string h = DapJson::string(arguments, "host");
        !h.empty() && !start.host.setAddress(QString::fromStdString(h))) {
        error = QStringLiteral("\"host\" must be an IP address");
        return false;
    }
    // A serial board alone opens no TCP port, as `listen --serial`.
    start.tcp = !start.serial || port || !DapJson::string(arguments, "host").empty();
    return true;
}

} // namespace

std::optional<DapStart> DapStart::read(Mode mode, const nlohmann::json& arguments, QString& error)
{
    DapStart start;
    start.mode = mode;
    if (!(mode == Mode::Launch ? readLaunch(arguments, start, error) : readAttach(arguments, start, error)))
        return std::nullopt;
    if (!start.paths.read(arguments, error))
        return std::nullopt;
    start.xscPath = QString::fromStdString(DapJson::string(arguments, "xsc"));
    if (start.xscPath.isEmpty()) {
        start.xscPath = XscCompiler::autoDetect();
    } else if (!XscCompiler(start.xscPath).isAvailable()) {
        error = QStringLiteral("\"xsc\" %1 is not an executable file").arg(start.xscPath);
        return std::nullopt;
    }
    start.stopOnEntry = DapJson::boolean(arguments, "stopOnEntry");
    return start;
}
