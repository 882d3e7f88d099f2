#pragma once
// `xsprof diff BASE NEW`: every function of either profile with base, new and Δ.
#include <QStringList>

namespace DiffCommand {

// Exit status as `report`: 0 success, 1 bad input, 2 usage error.
int run(const QStringList& arguments);

} // namespace DiffCommand
