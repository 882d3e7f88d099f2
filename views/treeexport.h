#pragma once
// Any tree or table view as text with its columns: tab-separated (for spreadsheets) or a
// Markdown table (for issues and notes). The rows are the selected ones, or every visible
// row (expanded branches included) when nothing is selected; nested rows are indented.
#include <QString>

class QTreeView;

namespace TreeExport {

enum class Format { TabSeparated, Markdown };

QString text(const QTreeView* view, Format format);

// A cell for a Markdown table: '|', markup characters and line breaks escaped, so that a
// name from a profile stays text.
QString markdownCell(const QString& text);

} // namespace TreeExport
