#include "documentnames.h"

#include <QDir>
#include <QFileInfo>

namespace DocumentNames {

QString label(const QString& path, const QStringList& others)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    const QString absolute = info.absoluteFilePath();
    const bool shared = std::any_of(others.begin(), others.end(), [&](const QString& other) {
        const QFileInfo o(other);
        return o.fileName() == name && o.absoluteFilePath() != absolute;
    });
    if (!shared || path.startsWith(QLatin1String(":/")))
        return name;
    const QString folder = info.absoluteDir().dirName();
    return QStringLiteral("%1 — %2").arg(name, folder.isEmpty() ? QDir::toNativeSeparators(info.absolutePath()) : folder);
}

} // namespace DocumentNames
