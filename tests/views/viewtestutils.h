#pragma once
// Helpers shared by the view tests: corpus paths, synchronous loading, expected numbers.
#include "views/document/profiledata.h"

#include <QAbstractItemModel>
#include <QString>

class QTreeView;

#include <nlohmann/json.hpp>

#include <optional>

namespace ViewTestUtils {

QString corpusPath(const QString& relative);
// Loads and analyses like ProfileOpenJob does, on the calling thread; null on failure.
ProfileDataPtr loadData(const QString& path, int profileIndex = -1);
nlohmann::json readExpected(const QString& profilePath); // NAME.expected.json beside it
// The expected-file entry of frame `f` (matched by key, or by XS id for XS inputs).
std::optional<nlohmann::json> expectedFunction(const nlohmann::json& expected, const ProfileData& data,
                                               xsprof::FrameId f);
// Whether an expected-file entry (with "key", and "id" for XS) names frame `f`.
// `lineBase` is the expected file's "key_line_base" (1 for Self-Profiling traces).
bool sameFunction(const nlohmann::json& entry, const ProfileData& data, xsprof::FrameId f, int lineBase = 0);
// The row under `parent` whose function is the expected `entry`.
QModelIndex findExpectedRow(const QAbstractItemModel& model, const nlohmann::json& entry, const ProfileData& data,
                            const QModelIndex& parent = {}, int lineBase = 0);
// Indented "name [self/total]" lines, expanding at most `depth` levels.
QString printModel(const QAbstractItemModel& model, int depth, const QModelIndex& parent = {});
// The child of `parent` whose NameRole is `name` (first match).
QModelIndex findRow(const QAbstractItemModel& model, const QString& name, const QModelIndex& parent = {});
// The first row named `name` at most `depth` levels below `parent` (depth first).
QModelIndex findDeep(const QAbstractItemModel& model, const QString& name, int depth, const QModelIndex& parent = {});
// Visits every row of the model (breadth first) up to `limit` rows; returns how many.
int visitAll(const QAbstractItemModel& model, int limit);
// The first shown column of `view` other than `nameColumn` that is not wholly inside its
// viewport, described ("Self at -8..134 of 490"); empty when every one is.
QString numbersOutsideViewport(const QTreeView* view, int nameColumn = 0);
// abs 1e-6 µs + rel 1e-9, as the corpus README asks.
bool closeEnough(double actual, double expected);

} // namespace ViewTestUtils
