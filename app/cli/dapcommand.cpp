#include "app/cli/dapcommand.h"

#include "app/cli/commandlineoptions.h"
#include "app/dap/dapadapter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace DapCommand {

namespace {

// All of `bytes` to descriptor 1, through short writes and interruptions.
bool writeAll(const QByteArray& bytes)
{
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, data, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        left -= n;
    }
    return true;
}

} // namespace

int run(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Debug Adapter Protocol server for XS machines on stdin/stdout, for VS Code, Neovim (nvim-dap), "
                       "Emacs (dape), Zed, Helix... Launch and attach arguments: see the README, \"Debugging from your "
                       "editor\"."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("dap"), QStringLiteral("The command."));
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return CommandLineOptions::usageError(parser, QStringLiteral("dap takes no arguments: the editor sends them"));

    std::signal(SIGPIPE, SIG_IGN); // an editor that went away is seen as a failed write
    DapAdapter adapter;
    int status = 0;
    QObject::connect(&adapter, &DapAdapter::send, &adapter, [&adapter](const QByteArray& bytes) {
        if (!writeAll(bytes))
            adapter.endOfInput(); // nobody reads us any more
    });
    QObject::connect(&adapter, &DapAdapter::finished, &adapter, [&status](int s) {
        status = s;
        QCoreApplication::exit(s);
    });
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &adapter, [&adapter, &input] {
        char buffer[65536];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return;
        if (n <= 0) {
            input.setEnabled(false);
            adapter.endOfInput();
            return;
        }
        adapter.feed(QByteArray(buffer, n));
    });
    QCoreApplication::exec();
    return status;
}

} // namespace DapCommand
