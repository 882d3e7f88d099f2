#pragma once
// The one meaning of colour in comparisons: orange for slower (the new profile spends more),
// blue for faster, in the table's Δ text and strips, the differential flame graph and their
// legends. Orange and blue stay apart for red-green colour blindness (protanopia,
// deuteranopia), where red and green both read as olive. Text colours are darker on a light
// background and lighter on a dark one, so that they read on either theme.
#include "model/profile.h"

#include <QColor>
#include <QString>

class QPalette;

namespace DeltaColors {

// Δ text and strips in a view with `palette`: slower (Δ > 0) or faster (Δ < 0).
QColor slower(const QPalette& palette);
QColor faster(const QPalette& palette);
// The strip under a Δ cell's digits: `text` (slower or faster) lightened towards the base,
// so that the digits and the strip stay apart.
QColor strip(const QColor& text, const QPalette& palette);
// The flame graph's ends, behind black names: full change, slower or faster.
QColor slowerFill();
QColor fasterFill();
// "orange slower, blue faster" for time, "orange more, blue less" for bytes and counts, for
// legends and tooltips.
QString legend(xsprof::Measure measure = xsprof::Measure::Time);
// The two ends by themselves: "slower" / "faster", or "more" / "less".
QString moreWord(xsprof::Measure measure);
QString lessWord(xsprof::Measure measure);

} // namespace DeltaColors
