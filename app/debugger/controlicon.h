#pragma once
// The debug controls' icons. Disabled, an icon is drawn in the palette's disabled text colour,
// its darker parts blended towards the window, so it stands out no more than its label: the
// style's own disabled pixmap is a light grey that reads as enabled on a dark palette. The
// colours are read at paint time: a theme change follows.
#include <QIcon>

QIcon controlIcon(const QString& path);
