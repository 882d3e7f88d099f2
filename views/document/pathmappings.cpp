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

QString PathMappings::apply(const QString& path) const
{
    const QPair<QString, QString>* best = nullptr;
    for (const auto& rule : m_rules) {
        // A prefix matches whole folder names only: /src must not match /srcx/a.js.
        const bool matches = path.startsWith(rule.first) &&
            (path.size() == rule.first.size() || rule.first.endsWith(QLatin1Char('/')) ||
             path.at(rule.first.size()) == QLatin1Char('/'));
        if (matches && (!best || rule.first.size() > best->first.size()))
            best = &rule;
    }
    if (!best)
        return path;
    QString rest = path.mid(best->first.size());
    QString folder = best->second;
    if (folder.endsWith(QLatin1Char('/')) && rest.startsWith(QLatin1Char('/')))
        rest.remove(0, 1);
    else if (!folder.endsWith(QLatin1Char('/')) && !rest.isEmpty() && !rest.startsWith(QLatin1Char('/')))
        folder += QLatin1Char('/');
    return folder + rest;
}
