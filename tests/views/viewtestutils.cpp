#include "viewtestutils.h"

#include "views/costtreemodel.h"

#include "model/profileloader.h"

#include <QFile>
#include <QHeaderView>
#include <QQueue>
#include <QTreeView>

#include <cmath>

namespace ViewTestUtils {

QString corpusPath(const QString& relative)
{
    return QStringLiteral(XSPROF_CORPUS_DIR "/") + relative;
}

ProfileDataPtr loadData(const QString& path, int profileIndex)
{
    xsprof::LoadOptions options;
    options.profileIndex = profileIndex;
    xsprof::LoadResult result = xsprof::loadProfileFile(QFile::encodeName(path).toStdString(), options);
    if (!result.ok())
        return {};
    return ProfileData::create(std::move(*result.profile), path, profileIndex);
}

nlohmann::json readExpected(const QString& profilePath)
{
    QString path = profilePath;
    path.truncate(path.lastIndexOf(QLatin1Char('.')));
    QFile file(path + QStringLiteral(".expected.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

bool sameFunction(const nlohmann::json& entry, const ProfileData& data, xsprof::FrameId f, int lineBase)
{
    const auto& frames = data.profile.frames;
    const bool isCaller = !entry.contains("key");
    if (data.profile.identifiesByXsId())
        return entry.value(isCaller ? "caller_id" : "id", int64_t(-2)) == frames.xsId[f.value];
    const auto& key = isCaller ? entry.at("caller") : entry.at("key");
    // The expected files keep the file's line and column as stored (0-based unless lineBase
    // says otherwise, -1 for none); the model is 1-based with 0 for none.
    auto stored = [lineBase](int modelValue) { return modelValue == 0 ? -1 : modelValue - 1 + lineBase; };
    return key[0] == data.profile.frameName(f) && key[1] == data.profile.frameUrl(f)
        && key[2].get<int>() == stored(frames.line[f.value]) && key[3].get<int>() == stored(frames.column[f.value]);
}

std::optional<nlohmann::json> expectedFunction(const nlohmann::json& expected, const ProfileData& data,
                                               xsprof::FrameId f)
{
    const int lineBase = expected.value("key_line_base", 0);
    for (const auto& function : expected.at("functions")) {
        if (sameFunction(function, data, f, lineBase))
            return function;
    }
    return std::nullopt;
}

QModelIndex findExpectedRow(const QAbstractItemModel& model, const nlohmann::json& entry, const ProfileData& data,
                            const QModelIndex& parent, int lineBase)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (sameFunction(entry, data, xsprof::FrameId(index.data(CostTreeModel::FrameRole).toUInt()), lineBase))
            return index;
    }
    return {};
}

QString printModel(const QAbstractItemModel& model, int depth, const QModelIndex& parent)
{
    QString text;
    if (depth <= 0)
        return text;
    QString indent;
    for (QModelIndex p = parent; p.isValid(); p = p.parent())
        indent += QStringLiteral("  ");
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        QStringList costs;
        for (int c = 1; c < model.columnCount(parent); ++c)
            costs << QString::number(model.index(row, c, parent).data(CostTreeModel::CostRole).toDouble());
        text += indent + index.data().toString() + QStringLiteral(" [") + costs.join(QLatin1Char('/'))
              + QStringLiteral("]\n");
        text += printModel(model, depth - 1, index);
    }
    return text;
}

QModelIndex findRow(const QAbstractItemModel& model, const QString& name, const QModelIndex& parent)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(CostTreeModel::NameRole).toString() == name)
            return index;
    }
    return {};
}

QModelIndex findDeep(const QAbstractItemModel& model, const QString& name, int depth, const QModelIndex& parent)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(CostTreeModel::NameRole).toString() == name)
            return index;
        if (depth > 0) {
            if (const QModelIndex found = findDeep(model, name, depth - 1, index); found.isValid())
                return found;
        }
    }
    return {};
}

int visitAll(const QAbstractItemModel& model, int limit)
{
    int visited = 0;
    QQueue<QModelIndex> queue;
    queue.enqueue({});
    while (!queue.isEmpty() && visited < limit) {
        const QModelIndex parent = queue.dequeue();
        for (int row = 0; row < model.rowCount(parent) && visited < limit; ++row, ++visited)
            queue.enqueue(model.index(row, 0, parent));
    }
    return visited;
}

bool closeEnough(double actual, double expected)
{
    return std::abs(actual - expected) <= 1e-6 + 1e-9 * std::abs(expected);
}

QString numbersOutsideViewport(const QTreeView* view, int nameColumn)
{
    const QHeaderView* head = view->header();
    for (int c = 0; c < head->count(); ++c) {
        if (c == nameColumn || head->isSectionHidden(c))
            continue;
        const int left = head->sectionViewportPosition(c);
        if (left < 0 || left + head->sectionSize(c) > view->viewport()->width())
            return QStringLiteral("%1 at %2..%3 of %4")
                .arg(head->model()->headerData(c, Qt::Horizontal).toString())
                .arg(left)
                .arg(left + head->sectionSize(c))
                .arg(view->viewport()->width());
    }
    return {};
}

} // namespace ViewTestUtils
