#pragma once
// Strings from files and machines (function names, urls, values, log lines) are untrusted:
// never markup. Qt shows a tooltip or an AutoText label as rich text when the string looks
// like HTML, and reads '&' in tab and action texts as a mnemonic; these helpers make such
// strings show exactly as they are.
#include <QString>

namespace PlainText {

// Control characters (other than line feed and tab) as visible symbols (U+2400 block).
QString visibleControls(const QString& text);

// For one-line places (tree rows, flame-graph boxes): visible controls, a line break as '↵'.
QString singleLine(const QString& text);

// `text` as HTML that shows it literally: escaped, controls visible, cut after `maxChars`
// with "…", with break opportunities inside long words. For rich tooltips built around it.
QString html(const QString& text, int maxChars = 1500);

// A tooltip that shows `text` literally: escaped, wrapped at about 80 characters (long words
// too), cut after `maxChars` with "…", line breaks kept. The result is rich text on purpose,
// so that Qt wraps it and never guesses.
QString toolTip(const QString& text, int maxChars = 1500);

// For QTabWidget::setTabText and QAction::setText: "R&D" shows as "R&D", not "RD".
QString escapeMnemonics(QString text);

} // namespace PlainText
