#pragma once
// The headless commands on collections (docs/collections.md): `xsprof collect DB INPUT...`,
// `xsprof report DB` (report's own options plus --where and --per-trace), and
// `xsprof export DB --format csv|ndjson OUT` (flat tables for SQL engines).
#include "model/collection/tracerecord.h"
#include "model/report.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>
#include <QStringList>

namespace CollectionCommands {

int collect(const QStringList& arguments);
int exportTables(const QStringList& arguments);
// Whether `path` is an SQLite database (a collection, or something else to refuse).
bool isDatabase(const QString& path);
// The function key of a `report --json` or `diff --json` function entry.
xsprof::collection::FunctionKey functionKeyOf(const nlohmann::ordered_json& function);
// The report's options declared only for collections: --where, --per-trace.
void addReportOptions(QCommandLineParser& parser);
// Exit status 0, 1 (a bad database or expression, nothing matched) as report's.
int report(const QCommandLineParser& parser, const QString& path, const xsprof::ReportOptions& options);

} // namespace CollectionCommands
