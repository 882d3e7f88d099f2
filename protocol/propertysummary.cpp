#include "propertysummary.h"

#include <QDateTime>
#include <QStringList>

#include <algorithm>
#include <cmath>

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

QString uninitializedText()
{
    return QStringLiteral("<uninitialized>");
}

QString memberText(const xsbug::Property& property)
{
    if (property.isExpandable()) // a frame's (function) slot is its function, whatever is in it
        return property.name == QLatin1String("(function)") ? QStringLiteral("function") : QStringLiteral("{…}");
    if (!property.hasValue)
        return uninitializedText();
    return leafText(property.value);
}

namespace {

const xsbug::Property* childNamed(const QList<xsbug::Property>& children, QLatin1String name)
{
    for (const xsbug::Property& p : children) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

// "(3.0)" / "(3.1)": a Map entry's key and value; "(3)": a Set entry (or a promise's reaction).
bool isEntryName(const QString& name, QLatin1String suffix)
{
    if (name.size() < 3 + suffix.size() || !name.startsWith(QLatin1Char('(')) || !name.endsWith(QLatin1Char(')')))
        return false;
    const QStringView inner = QStringView(name).mid(1, name.size() - 2);
    if (!inner.endsWith(suffix))
        return false;
    const QStringView digits = inner.chopped(suffix.size());
    return !digits.isEmpty() && std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); });
}

// A function's code slot: "main.js:12", or what the machine says of native code.
QString functionText(const xsbug::Property& code)
{
    if (code.isExpandable() || !code.hasValue || code.value.isEmpty())
        return QStringLiteral("function");
    if (code.line > 0)
        return QStringLiteral("function %1:%2").arg(code.value.section(QLatin1Char('/'), -1)).arg(code.line);
    return QStringLiteral("function ") + code.value;
}

QString dateText(const QString& timeValue)
{
    bool ok = false;
    const double ms = timeValue.toDouble(&ok);
    if (!ok || !std::isfinite(ms))
        return QStringLiteral("Invalid Date");
    return QDateTime::fromMSecsSinceEpoch(qint64(ms), Qt::UTC).toString(Qt::ISODateWithMs);
}

// Map and Set contents: "k => v" per entry, at most `maxEntries`.
QString entriesText(const QList<xsbug::Property>& children, bool isMap, int maxEntries, int& count)
{
    QStringList parts;
    count = 0;
    for (qsizetype i = 0; i < children.size(); ++i) {
        const xsbug::Property& p = children[i];
        if (!isEntryName(p.name, isMap ? QLatin1String(".0") : QLatin1String("")))
            continue;
        ++count;
        if (count > maxEntries)
            continue;
        QString text = memberText(p);
        if (isMap && i + 1 < children.size())
            text += QStringLiteral(" => ") + memberText(children[i + 1]);
        parts << text;
    }
    if (count > maxEntries)
        parts << QStringLiteral("…");
    return QLatin1Char('{') + parts.join(QStringLiteral(", ")) + QLatin1Char('}');
}

// The object's own keys (or an array's items) as {a: 1, b: {…}} or [1, 2].
QString membersText(const QList<xsbug::Property>& children, bool isArray, int maxChildren)
{
    QStringList parts;
    int shown = 0, more = 0;
    for (const xsbug::Property& p : children) {
        if (p.name.startsWith(QLatin1Char('(')))
            continue; // (..) prototype, (array), (closures)…
        if (shown >= maxChildren) {
            ++more;
            continue;
        }
        ++shown;
        if (isArray && p.name.startsWith(QLatin1Char('[')))
            parts << memberText(p);
        else
            parts << p.name + QStringLiteral(": ") + memberText(p);
    }
    if (more > 0)
        parts << QStringLiteral("… %1 more").arg(more);
    const QString joined = parts.join(QStringLiteral(", "));
    return isArray ? QLatin1Char('[') + joined + QLatin1Char(']') : QLatin1Char('{') + joined + QLatin1Char('}');
}

} // namespace

QString objectText(const QList<xsbug::Property>& children, int maxChildren)
{
    if (const xsbug::Property* code = childNamed(children, QLatin1String("(function)")))
        return functionText(*code);
    if (childNamed(children, QLatin1String("(array)")))
        return membersText(children, true, maxChildren);
    if (const xsbug::Property* date = childNamed(children, QLatin1String("(date)")))
        return QStringLiteral("Date ") + dateText(date->value);
    static const std::pair<QLatin1String, QLatin1String> wrappers[] = {
        {QLatin1String("(string)"), QLatin1String("String ")},
        {QLatin1String("(number)"), QLatin1String("Number ")},
        {QLatin1String("(boolean)"), QLatin1String("Boolean ")},
        {QLatin1String("(bigint)"), QLatin1String("BigInt ")},
    };
    for (const auto& [slot, kind] : wrappers) {
        if (const xsbug::Property* primitive = childNamed(children, slot))
            return kind + memberText(*primitive);
    }
    if (childNamed(children, QLatin1String("(regexp)")))
        return QStringLiteral("RegExp");
    if (const xsbug::Property* state = childNamed(children, QLatin1String("(promise)")))
        return QStringLiteral("Promise (%1)").arg(memberText(*state));
    if (childNamed(children, QLatin1String("(target)")) || childNamed(children, QLatin1String("(handler)")))
        return QStringLiteral("Proxy");
    const xsbug::Property* buffer = childNamed(children, QLatin1String("(buffer)"));
    const xsbug::Property* view = childNamed(children, QLatin1String("(view)"));
    for (const xsbug::Property& p : children) {
        // A typed array's first slot is named after its class: "(Uint8Array)" = "4 items".
        if (view && p.name.startsWith(QLatin1Char('(')) && p.value.endsWith(QLatin1String(" items"))) {
            const QString kind = p.name.mid(1, p.name.size() - 2);
            return kind + QLatin1Char('(') + p.value.section(QLatin1Char(' '), 0, 0) + QStringLiteral(") ") +
                   membersText(children, true, maxChildren);
        }
    }
    if (view && childNamed(children, QLatin1String("(data)")))
        return QStringLiteral("DataView (%1)").arg(memberText(*view));
    if (buffer && !view)
        return QStringLiteral("ArrayBuffer (%1)").arg(memberText(*buffer));
    int entries = 0;
    for (const bool isMap : {true, false}) {
        const QString text = entriesText(children, isMap, maxChildren, entries);
        if (entries > 0)
            return (isMap ? QStringLiteral("Map(%1) ") : QStringLiteral("Set(%1) ")).arg(entries) + text;
    }
    const QString members = membersText(children, false, maxChildren);
    return childNamed(children, QLatin1String("(host)")) ? QStringLiteral("host object ") + members : members;
}

QString oneLine(const QList<xsbug::Property>& properties, int maxChildren)
{
    if (properties.isEmpty())
        return {};
    const xsbug::Property& top = properties.first();
    if (!top.isExpanded())
        return memberText(top);
    QList<xsbug::Property> children;
    for (qsizetype i = 1; i < properties.size() && properties[i].depth > top.depth; ++i) {
        if (properties[i].depth == top.depth + 1)
            children << properties[i];
    }
    return objectText(children, maxChildren);
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
