#include "costformat.h"

#include <cmath>

namespace CostFormat {

QString time(double microseconds)
{
    const double ms = microseconds / 1000.0;
    if (std::abs(ms) >= 1000.0)
        return QString::number(ms / 1000.0, 'f', 2) + QStringLiteral(" s");
    // Small values keep two decimals so that 0.05 ms samples do not all read "0.1 ms".
    return QString::number(ms, 'f', std::abs(ms) < 10.0 ? 2 : 1) + QStringLiteral(" ms");
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 1) + QStringLiteral(" %");
}

QString share(double fraction)
{
    if (fraction >= 10.0)
        return QString::number(std::round(fraction)) + QStringLiteral("×");
    return percent(fraction);
}

QString timeAndPercent(double microseconds, double duration)
{
    const double fraction = duration > 0.0 ? microseconds / duration : 0.0;
    return time(microseconds) + QStringLiteral(" (") + share(fraction) + QLatin1Char(')');
}

} // namespace CostFormat
