#include "views/deltacolors.h"

#include <QCoreApplication>
#include <QPalette>

namespace DeltaColors {

namespace {
// Okabe and Ito's vermilion and blue, darker or lighter for text contrast (about 5:1 on white
// and 6:1 on the dark theme's base).
bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}
} // namespace

QColor slower(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xf5, 0xa0, 0x5a) : QColor(0xb8, 0x4f, 0x00);
}

QColor faster(const QPalette& palette)
{
    return isDark(palette) ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x6d, 0xaa);
}

QColor strip(const QColor& text, const QPalette& palette)
{
    const QColor base = palette.color(QPalette::Base);
    auto mix = [](int from, int to) { return from + (to - from) * 35 / 100; }; // 35 % towards the base
    return {mix(text.red(), base.red()), mix(text.green(), base.green()), mix(text.blue(), base.blue())};
}

QColor slowerFill()
{
    return {0xd5, 0x5e, 0x00};
}

QColor fasterFill()
{
    return {0x00, 0x72, 0xb2};
}

QString legend(xsprof::Measure measure)
{
    return QCoreApplication::translate("DeltaColors", "orange %1, blue %2").arg(moreWord(measure), lessWord(measure));
}

QString moreWord(xsprof::Measure measure)
{
    return measure == xsprof::Measure::Time ? QCoreApplication::translate("DeltaColors", "slower")
                                            : QCoreApplication::translate("DeltaColors", "more");
}

QString lessWord(xsprof::Measure measure)
{
    return measure == xsprof::Measure::Time ? QCoreApplication::translate("DeltaColors", "faster")
                                            : QCoreApplication::translate("DeltaColors", "less");
}

} // namespace DeltaColors
