#pragma once
// The debug controls' icons. Disabled, an icon is drawn in shades of the palette's disabled
// text colour, no brighter than its label: the style's own disabled pixmap is a light grey
// that reads as enabled on a dark palette. The colour is read at paint time: a theme change
// follows.
#include <QIcon>

QIcon controlIcon(const QString& path);
