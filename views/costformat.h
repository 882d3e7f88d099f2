#pragma once
// How times and shares are written everywhere in the views (times are µs in the model).
#include <QString>

namespace CostFormat {
// "0.35 ms", "12.4 ms", "1.25 s".
QString time(double microseconds);
// "45.6 %" for 0.456.
QString percent(double fraction);
// percent(), but "196×" from ten times the duration on (VS Code's total under recursion):
// never wider than "100.0 %".
QString share(double fraction);
// "12.4 ms (45.6 %)" with the share of `duration`.
QString timeAndPercent(double microseconds, double duration);
} // namespace CostFormat
