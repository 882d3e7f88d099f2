#include "savefolder.h"

#include "settingskeys.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace SaveFolder {

QString folder(const QSettings& settings)
{
    const QString last = settings.value(SettingsKeys::lastSaveDirectory).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void remember(QSettings& settings, const QString& savedPath)
{
    settings.setValue(SettingsKeys::lastSaveDirectory, QFileInfo(savedPath).absolutePath());
}

} // namespace SaveFolder
