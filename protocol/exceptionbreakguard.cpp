#include "exceptionbreakguard.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace ExceptionBreakGuard {

namespace {

// A string no program is expected to produce: a guarded path whose first name is not declared.
const QString undefinedNameMarker = QStringLiteral("xsprof:undefined-name:5b1d");

bool isIdentifierStart(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_') || c == QLatin1Char('$');
}

bool isIdentifierPart(QChar c)
{
    return isIdentifierStart(c) || c.isDigit();
}

// Reads an identifier at `i`; empty when there is none.
QString readIdentifier(const QString& s, qsizetype& i)
{
    const qsizetype start = i;
    if (i >= s.size() || !isIdentifierStart(s[i]))
        return {};
    while (i < s.size() && isIdentifierPart(s[i]))
        ++i;
    return s.mid(start, i - start);
}

// Reads `[digits]`, `["…"]` or `['…']` at `i` (at the '['): the bracket's contents as written.
std::optional<QString> readIndex(const QString& s, qsizetype& i)
{
    qsizetype j = i + 1;
    if (j >= s.size())
        return std::nullopt;
    if (s[j].isDigit()) {
        while (j < s.size() && s[j].isDigit())
            ++j;
    } else if (s[j] == QLatin1Char('"') || s[j] == QLatin1Char('\'')) {
        const QChar quote = s[j++];
        while (j < s.size() && s[j] != quote) {
            if (s[j] == QLatin1Char('\\') && j + 1 < s.size())
                ++j;
            else if (s[j] == QLatin1Char('\n'))
                return std::nullopt;
            ++j;
        }
        if (j >= s.size())
            return std::nullopt;
        ++j; // the closing quote
    } else {
        return std::nullopt;
    }
    if (j >= s.size() || s[j] != QLatin1Char(']'))
        return std::nullopt;
    const QString inside = s.mid(i + 1, j - i - 1);
    i = j + 1;
    return inside;
}

} // namespace

QString breakWords(const QString& breakMessage)
{
    QString words = breakMessage.trimmed();
    if (words.startsWith(QLatin1String("# Break: ")))
        words = words.mid(9);
    if (words.endsWith(QLatin1Char('!')))
        words.chop(1);
    return words;
}

bool isExceptionBreak(const QString& breakMessage)
{
    const QString words = breakWords(breakMessage);
    return !words.isEmpty() && words != QLatin1String("breakpoint") && words != QLatin1String("step") &&
           words != QLatin1String("debugger") && !words.startsWith(QLatin1String("C: "));
}

QSet<QString> knownNames(const xsbug::Local& local)
{
    QSet<QString> names;
    for (const xsbug::Property& p : local.properties)
        if (p.depth == 0 && p.hasValue && !p.name.startsWith(QLatin1Char('(')))
            names.insert(p.name);
    // The closure's variables, when the machine listed them: (function) > (closures) > name.
    for (qsizetype i = 0; i < local.properties.size(); ++i) {
        const xsbug::Property& p = local.properties[i];
        if (p.depth == 1 && p.name == QLatin1String("(closures)"))
            for (qsizetype j = i + 1; j < local.properties.size() && local.properties[j].depth > 1; ++j)
                if (local.properties[j].depth == 2 && local.properties[j].hasValue)
                    names.insert(local.properties[j].name);
    }
    return names;
}

std::optional<Guarded> guard(const QString& expression, const QSet<QString>& known)
{
    const QString s = expression.trimmed();
    qsizetype i = 0;
    const QString root = readIdentifier(s, i);
    if (root.isEmpty())
        return std::nullopt;
    QString chain;
    while (i < s.size()) {
        if (s[i] == QLatin1Char('.')) {
            ++i;
            const QString name = readIdentifier(s, i);
            if (name.isEmpty())
                return std::nullopt;
            chain += QLatin1String("?.") + name;
        } else if (s[i] == QLatin1Char('[')) {
            const std::optional<QString> index = readIndex(s, i);
            if (!index)
                return std::nullopt;
            chain += QLatin1String("?.[") + *index + QLatin1Char(']');
        } else {
            return std::nullopt;
        }
    }
    static const QStringList words = {QStringLiteral("this"),      QStringLiteral("undefined"),
                                      QStringLiteral("globalThis"), QStringLiteral("null"),
                                      QStringLiteral("true"),      QStringLiteral("false")};
    const QString path = root + chain;
    if (known.contains(root) || words.contains(root))
        return Guarded{QLatin1Char('(') + path + QLatin1Char(')'), root};
    // Any other name is read as a property of the global object, never as a variable: XS 17.9.1,
    // evaluating in a function's frame, takes a script's top-level const for declared (under
    // typeof and `in globalThis` alike) and then throws reading it ("get name: undefined
    // variable"), and the program's catch gets undefined (tests/dap/xst.test.mjs). As a property
    // it reads undefined there: not defined (the script's own frame lists its consts). A global
    // whose value is undefined reads as not defined too.
    return Guarded{QStringLiteral("(globalThis.%1 === undefined ? \"%2\" : globalThis.%3)").arg(root, undefinedNameMarker, path),
                   root};
}

bool isUndefinedName(const xsbug::EvalResult& result)
{
    return result.properties.size() == 1 && result.properties.first().value.contains(undefinedNameMarker);
}

QString refusal()
{
    return QCoreApplication::translate(
        "ExceptionBreakGuard",
        "Not evaluated: at a break on a throw, XS loses the thrown value if an evaluation throws or runs a "
        "try statement (the program's catch would see undefined), so only names and property paths "
        "(a, a.b, a[0]) are evaluated here. Step or continue first to evaluate anything else.");
}

} // namespace ExceptionBreakGuard
