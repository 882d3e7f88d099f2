#include "documentnames.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QRegularExpression>

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

QString profileOfFile(int index, int count)
{
    if (count > 1)
        return QObject::tr("profile %1 of %2").arg(index + 1).arg(count);
    return QObject::tr("profile %1").arg(index + 1);
}

QString fileLabel(const QString& path, int profileIndex, int profileCount, const QStringList& others)
{
    QString name = label(path, others);
    if (profileIndex >= 0)
        name += QStringLiteral(" — ") + profileOfFile(profileIndex, profileCount);
    return name;
}

QString comparison(const QString& baseName, const QString& nextName)
{
    return QStringLiteral("%1 ↔ %2").arg(baseName, nextName);
}

QString windowTitle(const QString& label)
{
    if (label.isEmpty())
        return QStringLiteral("xsprof[*]");
    QString shown = label;
    shown.replace(QStringLiteral("[*]"), QStringLiteral("[*][*]")); // a literal "[*]" in a name
    return shown + QStringLiteral("[*] — xsprof");
}

QString fileNamePart(const QString& text, const QString& fallback)
{
    QString part = text;
    part.replace(QRegularExpression(QStringLiteral("[^\\w.]+")), QStringLiteral("-"));
    part.replace(QRegularExpression(QStringLiteral("-{2,}")), QStringLiteral("-"));
    part.remove(QRegularExpression(QStringLiteral("^[-.]+|[-.]+$")));
    return part.isEmpty() ? fallback : part;
}

QString timeStamp(const QDateTime& when)
{
    return when.toString(QStringLiteral("yyyy-MM-dd-HHmm"));
}

QString stamped(const QString& name, const QDateTime& when)
{
    return fileNamePart(name) + QLatin1Char('-') + timeStamp(when);
}

} // namespace DocumentNames
