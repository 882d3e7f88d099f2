#include "propertysummary.h"

namespace PropertySummary {

QString leafText(const QString& value)
{
    QString out;
    out.reserve(value.size());
    for (QChar c : value) {
        switch (c.unicode()) {
        case '\n': out += QStringLiteral("\\n"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out;
}

QString oneLine(const QList<xsbug::Property>& properties, int maxChildren)
{
    if (properties.isEmpty())
        return {};
    const xsbug::Property& top = properties.first();
    if (!top.isExpandable())
        return leafText(top.value);
    bool isArray = false;
    QStringList parts;
    int shown = 0, more = 0;
    for (qsizetype i = 1; i < properties.size() && properties[i].depth > top.depth; ++i) {
        const xsbug::Property& p = properties[i];
        if (p.depth != top.depth + 1)
            continue;
        if (p.name == QLatin1String("(array)")) {
            isArray = true;
            continue;
        }
        if (p.name.startsWith(QLatin1Char('(')))
            continue; // (..) prototype, (function), (closures)…
        if (shown >= maxChildren) {
            ++more;
            continue;
        }
        ++shown;
        const QString value = p.isExpandable() ? QStringLiteral("{…}") : leafText(p.value);
        if (isArray && p.name.startsWith(QLatin1Char('[')))
            parts << value;
        else
            parts << p.name + QStringLiteral(": ") + value;
    }
    if (more > 0)
        parts << QStringLiteral("… %1 more").arg(more);
    return isArray ? QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']')
                   : QLatin1Char('{') + parts.join(QStringLiteral(", ")) + QLatin1Char('}');
}

QString resultText(const xsbug::EvalResult& result)
{
    if (!result.properties.isEmpty())
        return oneLine(result.properties);
    QString text = result.text;
    if (text.startsWith(QLatin1String("# ")))
        text.remove(0, 2);
    return leafText(text);
}

} // namespace PropertySummary
