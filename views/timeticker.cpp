#include "timeticker.h"

#include <algorithm>
#include <cmath>

namespace {

// The decimals that write every multiple of `stepInUnit` exactly (0.25 -> 2, 0.5 -> 1, 2 -> 0),
// so that 0.25 s steps read 0.25, 0.5, 0.75 rather than 0.3, 0.5, 0.8.
int decimalsOf(double stepInUnit)
{
    for (int decimals = 0; decimals < 6; ++decimals) {
        const double scaled = stepInUnit * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled))
            return decimals;
    }
    return 6;
}

// "0.50" -> "0.5", "1.00" -> "1": the step's decimals, without trailing zeros.
QString number(double value, int decimals)
{
    QString text = QString::number(value, 'f', decimals);
    if (decimals > 0) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

} // namespace

QString TimeTicker::label(double microseconds, double step)
{
    const double t = std::abs(microseconds) < step * 1e-6 ? 0.0 : microseconds;
    if (step >= 100000.0 || std::abs(t) >= 10e6)
        return number(t / 1e6, decimalsOf(step / 1e6)) + QStringLiteral(" s");
    if (step >= 100.0)
        return number(t / 1e3, decimalsOf(step / 1e3)) + QStringLiteral(" ms");
    return number(t, decimalsOf(step)) + QStringLiteral(" µs");
}

double TimeTicker::getTickStep(const QCPRange& range)
{
    m_step = QCPAxisTicker::getTickStep(range);
    return m_step;
}

QString TimeTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    return label(tick, m_step);
}
