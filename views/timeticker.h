#pragma once
// Axis labels for times in µs from the profile start: "250 µs", "12.5 ms", "1.25 s". The
// tick step stays QCustomPlot's readable 1-2-5 series, which suits µs as well as ms.
#include "qcustomplotinclude.h"

class TimeTicker : public QCPAxisTicker
{
public:
    // `step` (µs) decides the unit and how many decimals tell neighbouring ticks apart.
    static QString label(double microseconds, double step);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_step = 1.0;
};
