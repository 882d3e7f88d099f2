#pragma once
// Where the window opens on a first start (no saved geometry): most of the screen, centred.
// Small screens (laptops at 1366x768) get nearly all of it, since the trees, the timeline and
// the debugger panes all need room; large ones keep a margin and a cap so that lines stay
// readable.
#include <QRect>

namespace FirstStart {

QRect windowGeometry(const QRect& availableScreen);

} // namespace FirstStart
