#pragma once
// How times and shares are written everywhere in the views (times are µs in the model).
#include "model/profile.h"

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

// A cost in the profile's measure (DESIGN.md, "Measures"): time(), bytes() or count().
QString value(double cost, xsprof::Measure measure);
// "512 B", "12.4 KB", "3.21 MB", "1.50 GB" (1 KB = 1024 bytes).
QString bytes(double bytes);
// "1,234" (rounded, grouped as the locale writes numbers).
QString count(double count);
// value() and the share of `whole`: "3.21 MB (45.6 %)".
QString valueAndPercent(double cost, double whole, xsprof::Measure measure);
// The measure's unit as a column header or a sentence names it: "ms", "bytes", "count".
QString unitName(xsprof::Measure measure);
// What a sentence calls the measure: "the time of the samples", "the bytes …", "the count …".
QString quantity(xsprof::Measure measure);
// A sentence for tooltips on what another measure than time is, with the file's own name of it
// (`sourceName`, may be empty): "In bytes (the file's selfSize): B, KB, MB, 1 KB = 1024 bytes."
// Empty for time.
QString unitNote(xsprof::Measure measure, const QString& sourceName);
// quantity() with the file's own name of it: "bytes (selfSize)", "count (alloc_objects)", "time".
QString quantityNamed(xsprof::Measure measure, const QString& sourceName);
} // namespace CostFormat
