#include "plaintext.h"

namespace PlainText {

namespace {
constexpr int longestUnbrokenRun = 60; // characters before a word gets a break opportunity
const QChar zeroWidthSpace(0x200B);
const QChar ellipsis(0x2026);
} // namespace

QString visibleControls(const QString& text)
{
    QString out = text;
    for (QChar& c : out) {
        const char16_t u = c.unicode();
        if (u == u'\n' || u == u'\t')
            continue;
        if (u < 0x20)
            c = QChar(char16_t(0x2400 + u)); // ␀ … ␟
        else if (u == 0x7F)
            c = QChar(char16_t(0x2421)); // ␡
        else if (u == 0x2028 || u == 0x2029)
            c = QChar(u'\n');
    }
    return out;
}

QString singleLine(const QString& text)
{
    QString out = visibleControls(text);
    out.replace(QLatin1Char('\n'), QChar(0x21B5));
    out.replace(QLatin1Char('\t'), QLatin1Char(' '));
    return out;
}

QString toolTip(const QString& text, int maxChars)
{
    return QStringLiteral("<p style='white-space:pre-wrap'>") + html(text, maxChars) + QStringLiteral("</p>");
}

QString html(const QString& text, int maxChars)
{
    QString plain = visibleControls(text);
    if (plain.size() > maxChars) {
        plain.truncate(maxChars);
        if (plain.back().isHighSurrogate())
            plain.chop(1);
        plain += ellipsis;
    }
    // Break opportunities inside long runs without spaces (urls, minified names), so that a
    // 10 000-character name wraps instead of making a tooltip wider than the screen.
    QString broken;
    broken.reserve(plain.size() + plain.size() / longestUnbrokenRun);
    int run = 0;
    for (qsizetype i = 0; i < plain.size(); ++i) {
        const QChar c = plain[i];
        run = c.isSpace() ? 0 : run + 1;
        if (run > longestUnbrokenRun && !c.isLowSurrogate()) {
            broken += zeroWidthSpace;
            run = 1;
        }
        broken += c;
    }
    return broken.toHtmlEscaped();
}

QString escapeMnemonics(QString text)
{
    return text.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

} // namespace PlainText
