#pragma once
// A view saved as an image, as it is painted now: SVG (vector: the widget paints into a
// QSvgGenerator; QCustomPlot plots draw their layers directly) or PNG (at the screen's
// pixel ratio). The format follows the file name's extension.
#include <QString>

class QWidget;

namespace ImageExport {

// "SVG image (*.svg);;PNG image (*.png)" for a save dialog.
QString fileFilter();

// False with `error` set when the file cannot be written.
bool save(QWidget* widget, const QString& path, QString* error = nullptr);

} // namespace ImageExport
