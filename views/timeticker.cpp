#include "timeticker.h"

#include <cmath>

// Enough decimals to tell neighbouring ticks apart at this step, no more.
QString TimeTicker::label(double microseconds, double step)
{
    const double t = std::abs(microseconds) < step * 1e-6 ? 0.0 : microseconds;
    const auto decimals = [](double stepInUnit) {
        return stepInUnit >= 1.0 ? 0 : int(std::ceil(-std::log10(stepInUnit) - 1e-9));
    };
    if (step >= 100000.0 || std::abs(t) >= 10e6)
        return QStringLiteral("%1 s").arg(t / 1e6, 0, 'f', decimals(step / 1e6));
    if (step >= 100.0)
        return QStringLiteral("%1 ms").arg(t / 1e3, 0, 'f', decimals(step / 1e3));
    return QStringLiteral("%1 µs").arg(t, 0, 'f', decimals(step));
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
