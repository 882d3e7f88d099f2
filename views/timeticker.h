#pragma once
// Axis labels for times in µs from the profile start: "250 µs", "12.5 ms", "1.25 s". The
// tick step stays QCustomPlot's readable 1-2-2.5-5 series, and the label shows as many
// decimals as the step needs (0.25 s steps: 0.25, 0.5, 0.75, 1 s).
#include "qcustomplotinclude.h"

class TimeTicker : public QCPAxisTicker
{
public:
    // `step` (µs) decides the unit and the decimals: those that write the step exactly.
    static QString label(double microseconds, double step);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_step = 1.0;
};
