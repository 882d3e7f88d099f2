#include "views/sourcemapdrops.h"

#include "views/document/sourcemapswitch.h"

#include <QDropEvent>
#include <QMimeData>
#include <QStringList>
#include <QUrl>
#include <QWidget>

namespace {
QStringList droppedMaps(const QMimeData* mime)
{
    QStringList maps;
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".map"), Qt::CaseInsensitive))
            maps << url.toLocalFile();
    }
    return maps;
}
} // namespace

SourceMapDrops::SourceMapDrops(QWidget* target, SourceMapSwitch* sourceMaps) : QObject(target), m_sourceMaps(sourceMaps)
{
    target->setAcceptDrops(true);
    target->installEventFilter(this);
}

// An ignored drag or drop goes on to the widgets around the target (the window).
bool SourceMapDrops::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::DragEnter && event->type() != QEvent::Drop)
        return QObject::eventFilter(watched, event);
    auto* drop = static_cast<QDropEvent*>(event); // QDragEnterEvent is one
    const QStringList maps = droppedMaps(drop->mimeData());
    if (maps.isEmpty()) {
        drop->ignore();
        return true;
    }
    drop->acceptProposedAction();
    if (event->type() == QEvent::Drop) {
        for (const QString& map : maps)
            m_sourceMaps->addMapFile(map);
    }
    return true;
}
