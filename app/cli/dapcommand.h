#pragma once
// `xsprof dap`: the Debug Adapter Protocol server (app/dap/dapadapter.h) on stdin/stdout.
// Standard input is read without blocking the event loop (a socket notifier on descriptor 0);
// standard output carries DAP messages only; notes and errors go to standard error.
#include <QStringList>

namespace DapCommand {

int run(const QStringList& arguments);

} // namespace DapCommand
