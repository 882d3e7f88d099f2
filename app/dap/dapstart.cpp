#include "dapstart.h"

#include "protocol/debugserver.h"
#include "protocol/xsccompiler.h"

#include <QFileInfo>

namespace {

bool fromLaunch(const DapArgs::Launch& arguments, DapStart& start, QString& error)
{
    if (!DapProgram::read(arguments, start.program, error))
        return false;
    // mcsim and the simulators' hosts print every console line on their stdout as well as to the
    // debugger: by default only their stderr is shown; xst's print() goes to its stdout alone.
    const QString& output = arguments.programOutput;
    const QString base = QFileInfo(start.program.program).completeBaseName();
    const bool xsTool = base == QLatin1String("xst") || base == QLatin1String("xsl");
    if (output.isEmpty())
        start.programOutput = xsTool ? DapStart::ProgramOutput::All : DapStart::ProgramOutput::Stderr;
    else if (output == QLatin1String("all"))
        start.programOutput = DapStart::ProgramOutput::All;
    else if (output == QLatin1String("stderr"))
        start.programOutput = DapStart::ProgramOutput::Stderr;
    else if (output == QLatin1String("none"))
        start.programOutput = DapStart::ProgramOutput::None;
    else {
        error = QStringLiteral("\"programOutput\" is \"all\", \"stderr\" or \"none\", not \"%1\"").arg(output);
        return false;
    }
    return true;
}

bool fromAttach(const DapArgs::Attach& arguments, DapStart& start, QString& error)
{
    if (!arguments.serial.isEmpty()) {
        QString why;
        start.serial = SerialPortSpec::parse(arguments.serial, &why);
        if (!start.serial) {
            error = QStringLiteral("\"serial\": ") + why;
            return false;
        }
    }
    if (arguments.port && (*arguments.port < 0 || *arguments.port > 65535)) {
        error = QStringLiteral("\"port\" must be a number from 0 to 65535, not %1").arg(*arguments.port);
        return false;
    }
    start.port = arguments.port ? quint16(*arguments.port) : DebugServer::defaultPort;
    if (!arguments.host.isEmpty() && !start.host.setAddress(arguments.host)) {
        error = QStringLiteral("\"host\" must be an IP address, not \"%1\"").arg(arguments.host);
        return false;
    }
    // A serial board alone opens no TCP port, as `listen --serial`.
    start.tcp = !start.serial || arguments.port || !arguments.host.isEmpty();
    return true;
}

bool fromBoth(const DapArgs::Start& arguments, DapStart& start, QString& error)
{
    if (!start.paths.set(arguments.localRoot, arguments.remoteRoot, arguments.sourceMap, error))
        return false;
    start.xscPath = arguments.xsc;
    if (start.xscPath.isEmpty()) {
        start.xscPath = XscCompiler::autoDetect();
    } else if (!XscCompiler(start.xscPath).isAvailable()) {
        error = QStringLiteral("\"xsc\" %1 is not an executable file").arg(start.xscPath);
        return false;
    }
    start.stopOnEntry = arguments.stopOnEntry;
    start.profileOnStart = arguments.profileOnStart;
    return true;
}

} // namespace

std::optional<DapStart> DapStart::read(Mode mode, const nlohmann::json& arguments, QString& error, const char* at)
{
    DapStart start;
    start.mode = mode;
    std::string typeError;
    bool ok = false;
    if (mode == Mode::Launch) {
        const std::optional<DapArgs::Launch> args = DapArgs::launch(arguments, typeError, at);
        ok = args && fromLaunch(*args, start, error) && fromBoth(*args, start, error);
    } else {
        const std::optional<DapArgs::Attach> args = DapArgs::attach(arguments, typeError, at);
        ok = args && fromAttach(*args, start, error) && fromBoth(*args, start, error);
    }
    if (!typeError.empty())
        error = QString::fromStdString(typeError);
    return ok ? std::optional<DapStart>(std::move(start)) : std::nullopt;
}
