#pragma once
// `xsprof report`, `convert` and `listen`: no window, no display needed.
#include <QStringList>

namespace HeadlessCommands {

// Exit status: 0 success, 1 bad input, 2 usage error.
int report(const QStringList& arguments);
int convert(const QStringList& arguments);
bool isCommand(const QString& word);
int run(const QStringList& arguments); // arguments[0] is the program, arguments[1] the command

} // namespace HeadlessCommands
