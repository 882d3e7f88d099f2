#pragma once
// `xsprof diff DB --base EXPR --new EXPR` and `xsprof diff --base FILE... --new FILE...`:
// two cohorts of traces compared with statistics (docs/collections.md).
#include <QStringList>

namespace CohortDiffCommand {

// Whether the arguments ask for a cohort comparison (they hold --base or --new).
bool isCohortDiff(const QStringList& arguments);
// Exit status: 0, 1 bad input, 2 usage error, 3 a regression beyond --fail-on-regression.
int run(const QStringList& arguments);

} // namespace CohortDiffCommand
