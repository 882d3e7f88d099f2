#pragma once
// Short names for files in tabs and menus: the file name, and its folder as well when
// another file in the list has the same name ("same.cpuprofile — dirA").
#include <QStringList>

namespace DocumentNames {

// `path`'s label among `others` (which may contain `path` itself).
QString label(const QString& path, const QStringList& others);

} // namespace DocumentNames
