#include "dappaths.h"

#include <QDir>

namespace {

QString withoutTrailingSeparator(QString path)
{
    while (path.size() > 1 && (path.endsWith(QLatin1Char('/')) || path.endsWith(QLatin1Char('\\'))))
        path.chop(1);
    return path;
}

} // namespace

bool DapPaths::set(const QString& localRoot, const QString& remoteRoot,
                   const std::vector<std::pair<QString, QString>>& sourceMap, QString& error)
{
    m_pairs.clear();
    if (localRoot.isEmpty() != remoteRoot.isEmpty()) {
        error = QStringLiteral("give both \"localRoot\" and \"remoteRoot\", or neither");
        return false;
    }
    if (!localRoot.isEmpty())
        m_pairs.append({withoutTrailingSeparator(remoteRoot), withoutTrailingSeparator(localRoot)});
    for (const auto& [remotePrefix, localPrefix] : sourceMap) {
        if (remotePrefix.isEmpty() || localPrefix.isEmpty()) {
            error = QStringLiteral("\"sourceMap\" entry \"%1\" must map a folder to a folder").arg(remotePrefix);
            return false;
        }
        m_pairs.append({withoutTrailingSeparator(remotePrefix), withoutTrailingSeparator(localPrefix)});
    }
    return true;
}

bool DapPaths::hasPrefix(const QString& path, const QString& prefix)
{
    if (prefix.isEmpty() || !path.startsWith(prefix))
        return false;
    if (path.size() == prefix.size())
        return true;
    const QChar next = path.at(prefix.size());
    return next == QLatin1Char('/') || next == QLatin1Char('\\') || prefix.endsWith(QLatin1Char('/'));
}

QString DapPaths::mapped(const QString& path, const QString& from, const QString& to)
{
    QString rest = path.mid(from.size());
    if (!to.contains(QLatin1Char('\\')))
        rest.replace(QLatin1Char('\\'), QLatin1Char('/')); // a Windows build host's path, read here
    return QDir::cleanPath(to + rest);
}

QString DapPaths::toLocal(const QString& machinePath) const
{
    const QPair<QString, QString>* best = nullptr;
    for (const auto& pair : m_pairs) {
        if (hasPrefix(machinePath, pair.first) && (!best || pair.first.size() > best->first.size()))
            best = &pair;
    }
    return best ? mapped(machinePath, best->first, best->second) : machinePath;
}

QString DapPaths::toMachine(const QString& localPath) const
{
    const QPair<QString, QString>* best = nullptr;
    for (const auto& pair : m_pairs) {
        if (hasPrefix(localPath, pair.second) && (!best || pair.second.size() > best->second.size()))
            best = &pair;
    }
    if (!best)
        return localPath;
    // The machine's own separators: a Windows build host keeps '\'.
    QString path = best->first + localPath.mid(best->second.size());
    if (best->first.contains(QLatin1Char('\\')))
        path.replace(QLatin1Char('/'), QLatin1Char('\\'));
    return path;
}
