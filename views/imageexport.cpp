#include "imageexport.h"

#include "qcustomplotinclude.h"

#include <QFileInfo>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace ImageExport {

QString fileFilter()
{
    return QObject::tr("SVG image (*.svg);;PNG image (*.png)");
}

namespace {

// QCustomPlot paints from a pixmap buffer; asked directly it draws vectors.
QCustomPlot* plotIn(QWidget* widget)
{
    if (auto* plot = qobject_cast<QCustomPlot*>(widget))
        return plot;
    const QList<QCustomPlot*> plots = widget->findChildren<QCustomPlot*>();
    return plots.size() == 1 ? plots.front() : nullptr;
}

bool saveSvg(QWidget* widget, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    QCustomPlot* plot = plotIn(widget);
    const QSize size = plot ? plot->size() : widget->size();
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(widget->accessibleName().isEmpty() ? QFileInfo(path).completeBaseName() : widget->accessibleName());
    svg.setDescription(QObject::tr("Exported by xsprof"));
    if (plot) {
        QCPPainter painter(&svg);
        plot->toPainter(&painter, size.width(), size.height());
    } else {
        QPainter painter(&svg);
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace

bool save(QWidget* widget, const QString& path, QString* error)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return saveSvg(widget, path, error);
    const QPixmap image = widget->grab();
    if (image.isNull() || !image.save(path, "PNG")) {
        if (error)
            *error = QObject::tr("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace ImageExport
