#include "costformat.h"

#include <QLocale>

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

QString value(double cost, xsprof::Measure measure)
{
    switch (measure) {
    case xsprof::Measure::Time: return time(cost);
    case xsprof::Measure::Bytes: return bytes(cost);
    case xsprof::Measure::Count: return count(cost);
    }
    return time(cost);
}

QString bytes(double bytes)
{
    static constexpr const char* units[] = {" KB", " MB", " GB", " TB"};
    if (std::abs(bytes) < 1024.0)
        return QString::number(std::round(bytes), 'f', 0) + QStringLiteral(" B");
    double scaled = bytes / 1024.0;
    size_t unit = 0;
    while (std::abs(scaled) >= 1024.0 && unit + 1 < std::size(units)) {
        scaled /= 1024.0;
        ++unit;
    }
    // Three significant digits at most, as time() gives them.
    const int decimals = std::abs(scaled) < 10.0 ? 2 : std::abs(scaled) < 100.0 ? 1 : 0;
    return QString::number(scaled, 'f', decimals) + QLatin1String(units[unit]);
}

QString count(double count)
{
    return QLocale().toString(std::llround(count));
}

QString valueAndPercent(double cost, double whole, xsprof::Measure measure)
{
    const double fraction = whole > 0.0 ? cost / whole : 0.0;
    return value(cost, measure) + QStringLiteral(" (") + share(fraction) + QLatin1Char(')');
}

QString unitName(xsprof::Measure measure)
{
    switch (measure) {
    case xsprof::Measure::Time: return QStringLiteral("ms");
    case xsprof::Measure::Bytes: return QStringLiteral("bytes");
    case xsprof::Measure::Count: return QStringLiteral("count");
    }
    return QStringLiteral("ms");
}

QString quantity(xsprof::Measure measure)
{
    // Bytes and counts are named as their unit is; time's unit is ms.
    return measure == xsprof::Measure::Time ? QStringLiteral("time") : unitName(measure);
}

QString quantityNamed(xsprof::Measure measure, const QString& sourceName)
{
    return sourceName.isEmpty() ? quantity(measure) : QStringLiteral("%1 (%2)").arg(quantity(measure), sourceName);
}

QString unitNote(xsprof::Measure measure, const QString& sourceName)
{
    const QString named = sourceName.isEmpty() ? QString() : QStringLiteral(" (the file's %1)").arg(sourceName);
    switch (measure) {
    case xsprof::Measure::Time: return {};
    case xsprof::Measure::Bytes: return QStringLiteral("In bytes%1: B, KB, MB, 1 KB = 1024 bytes.").arg(named);
    case xsprof::Measure::Count: return QStringLiteral("A count%1: whole numbers, no unit.").arg(named);
    }
    return {};
}

} // namespace CostFormat
