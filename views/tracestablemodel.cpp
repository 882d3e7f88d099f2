#include "views/tracestablemodel.h"

#include <QDateTime>
#include <QLocale>

namespace {

// A start time in µs, as the file states it: microseconds since 1970 (2000 to 2100) are a local
// date and time; smaller ones count from the host's own clock (its boot, the browser's start).
QString startTimeText(double us)
{
    constexpr double from2000 = 946684800e6, to2100 = 4102444800e6;
    if (us >= from2000 && us < to2100)
        return QDateTime::fromMSecsSinceEpoch(qint64(us / 1000.0)).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    return QObject::tr("%1 s on its host's clock").arg(QLocale().toString(us / 1e6, 'f', 3));
}

std::optional<double> numberOf(const xsprof::collection::SqlValue& value)
{
    if (const auto* i = std::get_if<int64_t>(&value))
        return double(*i);
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    return std::nullopt;
}

QString displayText(const xsprof::collection::SqlValue& value, const std::string& column)
{
    if (column == "start_time") {
        const std::optional<double> us = numberOf(value);
        return us ? startTimeText(*us) : QString();
    }
    if (const auto* i = std::get_if<int64_t>(&value))
        return QLocale().toString(qlonglong(*i));
    if (const auto* d = std::get_if<double>(&value)) {
        if (column == "duration_us")
            return QLocale().toString(*d / 1000.0, 'f', 1) + QStringLiteral(" ms");
        return QString::number(*d, 'g', 12);
    }
    if (const auto* s = std::get_if<std::string>(&value))
        return QString::fromStdString(*s);
    return {};
}

QVariant sortValue(const xsprof::collection::SqlValue& value)
{
    if (const auto* i = std::get_if<int64_t>(&value))
        return double(*i);
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    if (const auto* s = std::get_if<std::string>(&value))
        return QString::fromStdString(*s);
    return {};
}

} // namespace

TracesTableModel::TracesTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TracesTableModel::setTable(xsprof::collection::CollectionStore::TraceTable table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int TracesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_table.values.size());
}

int TracesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_table.columns.size());
}

QVariant TracesTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto& value = m_table.values[size_t(index.row())][size_t(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return displayText(value, m_table.columns[size_t(index.column())]);
    case Qt::ToolTipRole:
        if (m_table.columns[size_t(index.column())] == "start_time" && numberOf(value))
            return tr("%1 (%2 µs as the file states it)")
                .arg(displayText(value, "start_time"), QLocale().toString(*numberOf(value), 'f', 0));
        return displayText(value, m_table.columns[size_t(index.column())]);
    case SortRole:
        return sortValue(value);
    case Qt::TextAlignmentRole:
        return std::holds_alternative<std::string>(value) ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant TracesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    return QString::fromStdString(m_table.columns[size_t(section)]);
}

bool TracesSortModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(TracesTableModel::SortRole), b = right.data(TracesTableModel::SortRole);
    auto rank = [](const QVariant& v) { return !v.isValid() ? 0 : v.typeId() == QMetaType::Double ? 1 : 2; };
    if (rank(a) != rank(b))
        return rank(a) < rank(b);
    if (rank(a) == 1)
        return a.toDouble() < b.toDouble();
    return rank(a) == 2 && a.toString().localeAwareCompare(b.toString()) < 0;
}
