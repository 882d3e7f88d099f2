#pragma once
// Names of what the window shows, in tabs, the window title and suggested file names: the
// file name, and its folder as well when another file in the list has the same name
// ("same.cpuprofile — dirA"); one profile of a file holding several ("trace.json — profile 2
// of 3"); comparisons ("base.cpuprofile ↔ new.cpuprofile"); and clean file names to save or
// export to ("xst-2026-11-26-0412-flame-graph.svg").
#include <QDateTime>
#include <QStringList>

namespace DocumentNames {

// `path`'s label among `others` (which may contain `path` itself).
QString label(const QString& path, const QStringList& others);
// Which profile of a file holding several: "profile 2 of 3" (`index` 0-based; `count` 0 when
// not known gives "profile 2").
QString profileOfFile(int index, int count);
// A file's tab: its label among `others`, with the profile it shows when the file holds several
// (`profileIndex` ≥ 0, of `profileCount`).
QString fileLabel(const QString& path, int profileIndex, int profileCount, const QStringList& others);
// Two profiles side by side.
QString comparison(const QString& baseName, const QString& nextName);
// The window title for a tab labelled `label`; "[*]" is where setWindowModified puts its mark.
QString windowTitle(const QString& label);

// `text` as part of a file name: letters, digits, '.', '_' and single dashes ("xst #3" →
// "xst-3"); `fallback` when nothing is left.
QString fileNamePart(const QString& text, const QString& fallback = QStringLiteral("profile"));
// "2026-11-26-0412": when a live profile was saved or exported, sortable, no ':'.
QString timeStamp(const QDateTime& when);
// `name` with `when`'s stamp: "xst-2026-11-26-0412".
QString stamped(const QString& name, const QDateTime& when);

} // namespace DocumentNames
