#include "views/document/pathmappings.h"

#include <QStringList>

PathMappings PathMappings::fromText(const QString& text)
{
    PathMappings mappings;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const qsizetype arrow = line.indexOf(QLatin1String("=>"));
        if (arrow <= 0)
            continue;
        const QString from = line.left(arrow).trimmed();
        const QString to = line.mid(arrow + 2).trimmed();
        if (!from.isEmpty() && !to.isEmpty())
            mappings.m_rules.append({from, to});
    }
    return mappings;
}

QString PathMappings::toText() const
{
    QStringList lines;
    for (const auto& [from, to] : m_rules)
        lines << from + QStringLiteral(" => ") + to;
    return lines.join(QLatin1Char('\n'));
}

namespace {
// Replaces the longest `from` prefix (whole folder names only) by its `to`.
QString rewrite(const QList<QPair<QString, QString>>& rules, const QString& path, bool reverse)
{
    const QPair<QString, QString>* best = nullptr;
    for (const auto& rule : rules) {
        const QString& prefix = reverse ? rule.second : rule.first;
        // A prefix matches whole folder names only: /src must not match /srcx/a.js.
        const bool matches = path.startsWith(prefix) &&
            (path.size() == prefix.size() || prefix.endsWith(QLatin1Char('/')) ||
             path.at(prefix.size()) == QLatin1Char('/'));
        if (matches && (!best || prefix.size() > (reverse ? best->second : best->first).size()))
            best = &rule;
    }
    if (!best)
        return path;
    QString rest = path.mid((reverse ? best->second : best->first).size());
    QString folder = reverse ? best->first : best->second;
    if (folder.endsWith(QLatin1Char('/')) && rest.startsWith(QLatin1Char('/')))
        rest.remove(0, 1);
    else if (!folder.endsWith(QLatin1Char('/')) && !rest.isEmpty() && !rest.startsWith(QLatin1Char('/')))
        folder += QLatin1Char('/');
    return folder + rest;
}
} // namespace

QString PathMappings::apply(const QString& path) const
{
    return rewrite(m_rules, path, false);
}

QString PathMappings::reverse(const QString& localPath) const
{
    return rewrite(m_rules, localPath, true);
}
