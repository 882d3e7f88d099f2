#include "views/comparisonmodel.h"

#include "views/costformat.h"
#include "views/deltacolors.h"
#include "views/totalcolumns.h"

#include "model/callerscallees.h"

#include <QColor>
#include <QGuiApplication>
#include <QString>

#include <algorithm>
#include <cmath>
#include <map>

namespace {

constexpr quintptr topLevel = 0; // internalId of a function row; an edge row has its parent's row + 1

using xsprof::CostKind;
using xsprof::Side;

CostKind costOf(int column)
{
    if (column <= ComparisonModel::SelfDelta)
        return CostKind::Self;
    if (column <= ComparisonModel::TotalDelta)
        return CostKind::Total;
    return CostKind::Inclusive;
}

// 0 base, 1 new, 2 Δ.
int partOf(int column)
{
    return (column - 1) % 3;
}

} // namespace

ComparisonModel::ComparisonModel(QObject* parent) : QAbstractItemModel(parent) {}

void ComparisonModel::setData(ComparisonDataPtr data)
{
    beginResetModel();
    m_data = std::move(data);
    m_order.clear();
    m_edges.clear();
    if (m_data) {
        m_order = m_data->comparison.order(CostKind::Total);
        m_edges.resize(m_order.size());
    }
    computeMaxima();
    endResetModel();
}

void ComparisonModel::setRelative(bool relative)
{
    if (relative == m_relative)
        return;
    // Every number changes, edge rows too: a reset (expansion is the view's to restore).
    beginResetModel();
    m_relative = relative;
    computeMaxima();
    endResetModel();
}

double ComparisonModel::scale(Side side) const
{
    if (!m_relative)
        return 1.0;
    const double d = m_data->comparison.duration(side);
    return d > 0.0 ? 1.0 / d : 0.0;
}

void ComparisonModel::computeMaxima()
{
    m_maxAbs.fill(0.0);
    if (!m_data)
        return;
    for (uint32_t f = 0; f < m_data->comparison.functions().size(); ++f) {
        for (int c = SelfBase; c < ColumnCount; ++c)
            m_maxAbs[c] = std::max(m_maxAbs[c], std::abs(functionValue(f, c).value_or(0.0)));
    }
}

std::optional<double> ComparisonModel::functionValue(uint32_t function, int column) const
{
    const xsprof::Comparison& c = m_data->comparison;
    const xsprof::ComparedFunction& f = c.functions()[function];
    const CostKind kind = costOf(column);
    const auto sideValue = [&](Side side) -> std::optional<double> {
        const auto& costs = f.sides[size_t(side)];
        if (!costs || (kind == CostKind::Inclusive && !costs->inclusive))
            return std::nullopt;
        return c.cost(f, side, kind) * scale(side);
    };
    switch (partOf(column)) {
    case 0: return sideValue(Side::Base);
    case 1: return sideValue(Side::New);
    default:
        if (!c.delta(f, kind))
            return std::nullopt;
        return c.cost(f, Side::New, kind) * scale(Side::New) - c.cost(f, Side::Base, kind) * scale(Side::Base);
    }
}

std::optional<double> ComparisonModel::edgeValue(const EdgeRow& e, int column) const
{
    const CostKind kind = costOf(column);
    if (kind == CostKind::Self)
        return std::nullopt;
    const auto& values = kind == CostKind::Total ? e.share : e.inclusive;
    const auto side = [&](Side s) -> std::optional<double> {
        const auto& v = values[size_t(s)];
        return v ? std::optional<double>(*v * scale(s)) : std::nullopt;
    };
    switch (partOf(column)) {
    case 0: return side(Side::Base);
    case 1: return side(Side::New);
    default:
        if (kind == CostKind::Inclusive && !(m_data->comparison.hasInclusive(Side::Base) && m_data->comparison.hasInclusive(Side::New)))
            return std::nullopt;
        return side(Side::New).value_or(0.0) - side(Side::Base).value_or(0.0);
    }
}

const std::vector<ComparisonModel::EdgeRow>& ComparisonModel::edgesOf(uint32_t orderRow) const
{
    std::optional<std::vector<EdgeRow>>& cached = m_edges[orderRow];
    if (cached)
        return *cached;
    const xsprof::Comparison& c = m_data->comparison;
    const xsprof::ComparedFunction& f = c.functions()[m_order[orderRow]];
    std::map<std::pair<bool, uint32_t>, EdgeRow> rows; // (is a callee, function row)
    for (Side side : {Side::Base, Side::New}) {
        const size_t s = size_t(side);
        for (xsprof::FrameId frame : f.frames[s]) {
            const xsprof::CallersCallees cc = xsprof::callersAndCallees(m_data->side(side), m_data->analysis(side), frame);
            const auto add = [&](const xsprof::EdgeCost& e, bool caller) {
                const uint32_t other = c.rowOf(side, e.function);
                if (other == xsprof::Comparison::noRow)
                    return;
                EdgeRow& row = rows[{!caller, other}];
                row.caller = caller;
                row.function = other;
                row.share[s] = row.share[s].value_or(0.0) + e.share;
                if (e.inclusive)
                    row.inclusive[s] = row.inclusive[s].value_or(0.0) + *e.inclusive;
            };
            for (const xsprof::EdgeCost& e : cc.callers)
                add(e, true);
            for (const xsprof::EdgeCost& e : cc.callees)
                add(e, false);
        }
    }
    std::vector<EdgeRow> out;
    for (auto& [key, row] : rows)
        out.push_back(row);
    // Callers first, then callees; each by the share the edge carries in the new profile.
    std::stable_sort(out.begin(), out.end(), [](const EdgeRow& a, const EdgeRow& b) {
        if (a.caller != b.caller)
            return a.caller;
        return std::max(a.share[1].value_or(0), a.share[0].value_or(0)) > std::max(b.share[1].value_or(0), b.share[0].value_or(0));
    });
    cached = std::move(out);
    return *cached;
}

uint32_t ComparisonModel::functionRow(const QModelIndex& index) const
{
    if (!index.isValid() || index.internalId() != topLevel || size_t(index.row()) >= m_order.size())
        return xsprof::Comparison::noRow;
    return m_order[size_t(index.row())];
}

QModelIndex ComparisonModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount() || row >= rowCount(parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row()) + 1 : topLevel);
}

QModelIndex ComparisonModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == topLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, topLevel);
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    if (!m_data)
        return 0;
    if (!parent.isValid())
        return int(m_order.size());
    if (parent.internalId() != topLevel || parent.column() != 0)
        return 0;
    return int(edgesOf(uint32_t(parent.row())).size());
}

int ComparisonModel::columnCount(const QModelIndex&) const
{
    return m_data && m_data->cohorts ? CohortColumnCount : ColumnCount;
}

const xsprof::collection::CohortFunction* ComparisonModel::cohortOf(uint32_t function) const
{
    if (!m_data || !m_data->cohorts || function >= m_data->cohorts->byRow.size() || !m_data->cohorts->byRow[function])
        return nullptr;
    return &*m_data->cohorts->byRow[function];
}

namespace {

QString percentagePoints(double fraction)
{
    const double pp = 100.0 * fraction;
    return QStringLiteral("%1%2").arg(pp > 0.0 ? QStringLiteral("+") : QString(), QString::number(pp, 'f', 2));
}

QString interval(const xsprof::collection::ShareChange& c)
{
    if (!std::isfinite(c.low) || !std::isfinite(c.high))
        return ComparisonModel::tr("n/a");
    return QStringLiteral("%1, %2").arg(percentagePoints(c.low), percentagePoints(c.high));
}

QString signedTime(double microseconds)
{
    return (microseconds > 0.0 ? QStringLiteral("+") : QString()) + CostFormat::time(microseconds);
}

QString timeInterval(const xsprof::collection::ShareChange& c)
{
    if (!std::isfinite(c.low) || !std::isfinite(c.high))
        return ComparisonModel::tr("n/a");
    return QStringLiteral("%1, %2").arg(signedTime(c.low), signedTime(c.high));
}

QString describeChange(const QString& what, const xsprof::collection::ShareChange& c, bool judged)
{
    if (!judged)
        return ComparisonModel::tr("%1: %2 pp (95 %: %3), not judged").arg(what, percentagePoints(c.shift), interval(c));
    return ComparisonModel::tr("%1: %2 pp (95 %: %3), p = %4, q = %5, %6")
        .arg(what, percentagePoints(c.shift), interval(c), QString::number(c.p, 'g', 3), QString::number(c.q, 'g', 3),
             c.significant ? ComparisonModel::tr("significant")
             : c.testOnly  ? ComparisonModel::tr("not significant: the U test sees the traces differ (in how many hold "
                                                 "the function) while the shift's interval holds 0")
                           : ComparisonModel::tr("not significant"));
}

// The Significant cell: too few traces; or whether either share changed, with the least
// regression the gate sees (the measure and the lower end of its 95 % interval).
QString verdictText(const xsprof::collection::CohortFunction& f)
{
    using namespace xsprof::collection;
    if (!f.judged)
        return ComparisonModel::tr("too few traces (%1/%2)").arg(f.baseTraces).arg(f.newTraces);
    const ShareChange& self = f.self;
    const ShareChange& aggregate = f.aggregate.change;
    const QString q = QString::number(std::min(self.q, aggregate.q), 'g', 2);
    if (!self.significant && !aggregate.significant)
        return self.testOnly ? ComparisonModel::tr("no (ranks differ, no shift), q = %1").arg(q)
                             : ComparisonModel::tr("no, q = %1").arg(q);
    const QString which = self.significant && aggregate.significant ? ComparisonModel::tr("both")
                          : self.significant                        ? ComparisonModel::tr("per trace")
                                                                    : ComparisonModel::tr("aggregate");
    QString text = ComparisonModel::tr("yes (%1), q = %2").arg(which, q);
    if (const GateVerdict gate = gateVerdict(f, 0.0); gate.fired())
        text += ComparisonModel::tr("; rose ≥ %1 pp (%2)")
                    .arg(percentagePoints(gate.bound), QString::fromUtf8(gateMeasureName(gate.measure)));
    return text;
}

} // namespace

QVariant ComparisonModel::cohortData(uint32_t function, int column, int role) const
{
    const xsprof::collection::CohortFunction* f = cohortOf(function);
    if (!f)
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("—")) : QVariant();
    const auto& self = f->self;
    const auto& aggregate = f->aggregate.change;
    const auto& shown = column == AggregateShift ? aggregate : column == TimeShift ? f->time.change : self;
    switch (role) {
    case Qt::DisplayRole:
        if (column == Significance)
            return verdictText(*f);
        if (column == TimeShift)
            return tr("%1 [%2]").arg(signedTime(shown.shift), timeInterval(shown));
        return tr("%1 [%2]").arg(percentagePoints(shown.shift), interval(shown));
    case SortRole:
        // Shifts: their size; significance: the terminal's order (significant first, larger shift first).
        return column == Significance ? xsprof::collection::cohortRank(*f) : std::abs(shown.shift);
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        QString tip = tr("Present in %1 of %2 base traces and %3 of %4 new traces")
                          .arg(f->baseTraces)
                          .arg(m_data->cohorts->baseTraceCount)
                          .arg(f->newTraces)
                          .arg(m_data->cohorts->newTraceCount);
        if (!f->judged)
            tip += tr(": too few traces to judge (fewer than %1 in a cohort), never gated on")
                       .arg(m_data->cohorts->minimumTraces);
        if (const auto gate = xsprof::collection::gateVerdict(*f, 0.0); gate.fired())
            tip += tr("\nRegressed: its own time rose, and the %1 self share rose by at least %2 pp (the lower end of "
                      "its 95 % interval): `xsprof diff --fail-on-regression PCT` fires for any PCT below that")
                       .arg(QString::fromUtf8(xsprof::collection::gateMeasureName(gate.measure)),
                            percentagePoints(gate.bound));
        return QString(tip + QStringLiteral("\n") +
               QStringList{describeChange(tr("Self share per trace"), self, f->judged),
                           describeChange(tr("Aggregate self share (%1 % → %2 %)")
                                              .arg(QString::number(100.0 * f->aggregate.baseShare, 'f', 2),
                                                   QString::number(100.0 * f->aggregate.newShare, 'f', 2)),
                                          aggregate, f->judged),
                           describeChange(tr("Inclusive share per trace"), f->inclusive, f->judged),
                           tr("Own self time per trace: %1 → %2, %3 (95 %: %4)%5")
                               .arg(CostFormat::time(f->time.baseMean), CostFormat::time(f->time.newMean),
                                    signedTime(f->time.change.shift), timeInterval(f->time.change),
                                    f->judged && f->time.change.low > 0.0 ? tr(", rose") : QString())}
                   .join(QLatin1Char('\n')));
    }
    case Qt::ForegroundRole:
        if (column == TimeShift)
            return f->judged && f->time.change.low > 0.0 ? QVariant(DeltaColors::slower(QGuiApplication::palette())) : QVariant();
        if (column != Significance && shown.significant)
            return shown.shift > 0 ? DeltaColors::slower(QGuiApplication::palette())
                                   : DeltaColors::faster(QGuiApplication::palette());
        return {};
    default: return {};
    }
}

bool ComparisonModel::hasChildren(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return m_data && !m_order.empty();
    if (parent.internalId() != topLevel || parent.column() != 0)
        return false;
    // Every function but a lone root has a caller or a callee; asking avoids computing them.
    const xsprof::ComparedFunction& f = m_data->comparison.functions()[m_order[size_t(parent.row())]];
    for (Side side : {Side::Base, Side::New}) {
        const auto& g = m_data->analysis(side).functions.graph();
        for (xsprof::FrameId frame : f.frames[size_t(side)]) {
            if (!g.callerEdges(frame).empty() || !g.calleeEdges(frame).empty())
                return true;
        }
    }
    return false;
}

bool ComparisonModel::roundsToZero(double value) const
{
    // What reads "0.0 %", "0.00 ms" or "0 B" is shown unsigned and uncoloured.
    if (m_relative)
        return std::abs(value) < 0.0005;
    return std::abs(value) < (measure() == xsprof::Measure::Time ? 5.0 : 0.5);
}

bool ComparisonModel::isUnavailable(int column) const
{
    if (costOf(column) != CostKind::Inclusive)
        return false;
    const xsprof::Comparison& c = m_data->comparison;
    switch (partOf(column)) {
    case 0: return !c.hasInclusive(Side::Base);
    case 1: return !c.hasInclusive(Side::New);
    default: return !(c.hasInclusive(Side::Base) && c.hasInclusive(Side::New));
    }
}

xsprof::Measure ComparisonModel::measure() const
{
    return m_data ? m_data->next->info.measure : xsprof::Measure::Time;
}

QString ComparisonModel::text(std::optional<double> value, int column) const
{
    // No value: the measure does not exist in that profile, or the function (or call) is
    // not on that side.
    if (!value)
        return isUnavailable(column) ? tr("n/a") : QStringLiteral("—");
    const double v = roundsToZero(*value) ? 0.0 : *value;
    QString t = m_relative ? CostFormat::percent(v) : CostFormat::value(v, measure());
    if (partOf(column) == 2 && v > 0)
        t.prepend(QLatin1Char('+'));
    return t;
}

QString ComparisonModel::cellToolTip(const xsprof::ComparedFunction& f, bool isEdge, std::optional<double> value,
                                     int column) const
{
    const QString name = f.name.empty() ? tr("(anonymous)") : QString::fromStdString(f.name);
    const QString base = m_data->baseName, next = m_data->nextName;
    if (isUnavailable(column))
        return tr("No inclusive %1: a profile without per-path stacks (an xst -p file) has none.")
            .arg(CostFormat::quantity(measure()));
    if (!value)
        return isEdge ? tr("This call is not in %1.").arg(partOf(column) == 0 ? base : next)
                      : tr("%1 is not in %2.").arg(name, partOf(column) == 0 ? base : next);
    if (partOf(column) == 2 && !isEdge && (!f.base() || !f.next()))
        return tr("%1 is only in %2: the other side counts as 0 in Δ.").arg(name, f.base() ? base : next);
    return headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
}

QVariant ComparisonModel::cohortDeltaColour(uint32_t function, int column) const
{
    const xsprof::collection::CohortFunction* f = cohortOf(function);
    if (!f)
        return {};
    // Self Δ: the self share (aggregate first: it is the share of the summed times shown);
    // total and inclusive Δ: the inclusive share per trace.
    const xsprof::collection::ShareChange& self = f->aggregate.change.significant ? f->aggregate.change : f->self;
    const xsprof::collection::ShareChange& share = costOf(column) == CostKind::Self ? self : f->inclusive;
    if (!share.significant || share.shift == 0.0)
        return {};
    return share.shift > 0 ? DeltaColors::slower(QGuiApplication::palette()) : DeltaColors::faster(QGuiApplication::palette());
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!m_data || !index.isValid())
        return {};
    const int column = index.column();
    const bool isEdge = index.internalId() != topLevel;
    const EdgeRow* edge = isEdge ? &edgesOf(uint32_t(index.internalId() - 1))[size_t(index.row())] : nullptr;
    const uint32_t function = isEdge ? edge->function : m_order[size_t(index.row())];
    const xsprof::ComparedFunction& f = m_data->comparison.functions()[function];
    if (role == RowKindRole)
        return isEdge ? (edge->caller ? 1 : 2) : 0;
    if (column >= ColumnCount)
        return isEdge ? QVariant() : cohortData(function, column, role);
    if (role == DeltaColourRole) {
        if (isEdge || !m_data->cohorts || column == Name || partOf(column) != 2)
            return {};
        // The strip's length is the time's change; its colour that of the share (the delegate
        // lightens it as every strip); grey where the share did not change significantly.
        const QVariant share = cohortDeltaColour(function, column);
        return share.isValid() ? share.value<QColor>() : QColor(Qt::gray);
    }
    if (role == Qt::ForegroundRole && !isEdge && m_data->cohorts) {
        // Cohorts: a function whose shares did not change significantly is greyed; a Δ cell
        // takes its share's direction, not its summed time's (cohorts may differ in length).
        const xsprof::collection::CohortFunction* f = cohortOf(function);
        if (!f || (!f->self.significant && !f->inclusive.significant && !f->aggregate.change.significant))
            return QColor(Qt::gray);
        if (column != Name && partOf(column) == 2)
            return cohortDeltaColour(function, column);
    }
    if (column == Name) {
        const QString name = f.name.empty() ? tr("(anonymous)") : QString::fromStdString(f.name);
        if (role == SortRole)
            return name;
        if (role == Qt::DisplayRole) {
            QString shown = isEdge ? (edge->caller ? tr("← %1").arg(name) : tr("→ %1").arg(name)) : name;
            if (!f.url.empty()) { // "name  file (line)", as the other views show a function
                const QString url = QString::fromStdString(f.url);
                shown += QStringLiteral("  ") + url.mid(url.lastIndexOf(QLatin1Char('/')) + 1);
                if (f.line > 0)
                    shown += QStringLiteral(" (%1)").arg(f.line);
            }
            return shown;
        }
        if (role == Qt::ToolTipRole) {
            QString where = QString::fromStdString(f.url);
            if (f.line > 0)
                where += QStringLiteral(":%1").arg(f.line);
            const QString side = !f.base() ? tr("only in new") : !f.next() ? tr("only in base") : tr("in both");
            return QStringLiteral("%1\n%2\n%3").arg(name, where, side);
        }
        return {};
    }
    if (isEdge && costOf(column) == CostKind::Self)
        return {}; // a call has no self time
    const std::optional<double> value = isEdge ? edgeValue(*edge, column) : functionValue(function, column);
    switch (role) {
    case Qt::DisplayRole: return text(value, column);
    case Qt::ToolTipRole: return cellToolTip(f, isEdge, value, column);
    case SortRole: return partOf(column) == 2 ? std::abs(value.value_or(0.0)) : value.value_or(-1.0);
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (partOf(column) == 2 && value && !roundsToZero(*value))
            return *value > 0 ? DeltaColors::slower(QGuiApplication::palette())
                              : DeltaColors::faster(QGuiApplication::palette());
        return {};
    case DeltaFractionRole:
        if (partOf(column) != 2 || !value || m_maxAbs[column] <= 0.0)
            return {};
        return std::clamp(*value / m_maxAbs[column], -1.0, 1.0);
    default: return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (section >= ColumnCount) {
        if (role == Qt::ToolTipRole)
            return section == ShareShift
                ? tr("Did the typical trace change? The shift of the function's share of each trace's duration "
                     "(self time), new − base, in percentage points (Hodges–Lehmann estimate, 95 % interval); a "
                     "trace without the function counts as 0, so a function in fewer than half the traces shows 0.")
                : section == AggregateShift
                ? tr("Did the total time in it change? The shift of the function's summed self time over the "
                     "cohort's summed duration (the merged profile's share), new − base, in percentage points, with "
                     "its 95 % interval (ratio estimator, variance pooled over both cohorts). Finds changes on rare "
                     "paths.")
                : section == TimeShift
                ? tr("Did its own time change? The shift of the function's self time per trace, new − base, with its "
                     "95 % interval (Student's t). One function made faster raises every other share, not their time: "
                     "the gate calls a function regressed only when this rose (red).")
                : tr("Whether either share changed (Mann–Whitney U per trace and its shift's interval, t in "
                     "aggregate), with q corrected for the number of functions (Benjamini–Hochberg); significant when "
                     "q < 0.05 and the interval leaves out 0. A regression is what `xsprof diff --fail-on-regression` "
                     "fires on: its own time rose and the share's lower end, given, is above the threshold. A function "
                     "in too few traces of a cohort is not judged. Sorted as `xsprof diff` sorts: significant first, "
                     "the larger shift first. Greyed rows changed significantly by no measure.");
        if (role == Qt::DisplayRole)
            return section == ShareShift       ? tr("Self share Δ (pp)")
                   : section == AggregateShift ? tr("Aggregate share Δ (pp)")
                   : section == TimeShift      ? tr("Own time Δ per trace")
                                               : tr("Significant");
        return {};
    }
    if (role == Qt::ToolTipRole)
        return headerToolTip(section);
    if (role != Qt::DisplayRole)
        return {};
    if (section == Name)
        return tr("Function");
    static const char* const kinds[] = {QT_TR_NOOP("Self"), QT_TR_NOOP("Total"), QT_TR_NOOP("Inclusive")};
    static const char* const parts[] = {QT_TR_NOOP("base"), QT_TR_NOOP("new"), QT_TR_NOOP("Δ")};
    return QStringLiteral("%1 %2").arg(tr(kinds[(section - 1) / 3]), tr(parts[partOf(section)]));
}

QString ComparisonModel::headerToolTip(int section) const
{
    if (section == Name)
        return tr("Every function of either profile once, matched by name, file, line and column (XS: name, path "
                  "and line). Expand a function for its callers (←) and callees (→).");
    const CostKind kind = costOf(section);
    QString what;
    switch (kind) {
    case CostKind::Self: what = TotalColumns::explanation(CostTreeModel::Cost::Self, measure()); break;
    case CostKind::Total:
        what = TotalColumns::explanation(CostTreeModel::Cost::Total, measure())
            + tr("\nOn a caller or callee row: the share of the total that call carries.");
        break;
    case CostKind::Inclusive:
        what = TotalColumns::explanation(CostTreeModel::Cost::Inclusive, measure())
            + tr("\nOn a caller or callee row: the inclusive %1 of that caller → callee pair.")
                  .arg(CostFormat::quantity(measure()));
        break;
    }
    const QString unit = m_relative ? tr(", as a share of its duration") : QString();
    switch (partOf(section)) {
    case 0:
        return what
            + tr("\nIn the base profile, %1%2; \"—\" where the function is not in it.")
                  .arg(m_data ? m_data->baseName : tr("base"), unit);
    case 1:
        return what
            + tr("\nIn the new profile, %1%2; \"—\" where the function is not in it.")
                  .arg(m_data ? m_data->nextName : tr("new"), unit);
    default:
        return what
            + tr("\nΔ = new − base%1: %2; a function missing on one side counts as 0 "
                 "there. The bar is the change's share of this column's largest change.")
                  .arg(m_relative ? tr(" (of the shares)") : QString(), DeltaColors::legend(measure()));
    }
}

void ComparisonModel::sort(int column, Qt::SortOrder order)
{
    if (!m_data || column < 0 || column >= columnCount())
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<uint32_t> previous = m_order;
    struct Key {
        QString name;
        double value = 0.0;
        uint32_t row = 0;
    };
    std::vector<Key> keys;
    keys.reserve(m_order.size());
    for (uint32_t r = 0; r < m_order.size(); ++r) {
        const QVariant v = data(index(int(r), column), SortRole);
        keys.push_back(column == Name ? Key{v.toString(), 0.0, r} : Key{{}, v.toDouble(), r});
    }
    std::stable_sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
        const int c = column == Name ? a.name.compare(b.name, Qt::CaseInsensitive)
                                     : (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
        return order == Qt::AscendingOrder ? c < 0 : c > 0;
    });
    std::vector<int> newRowOf(m_order.size());
    std::vector<std::optional<std::vector<EdgeRow>>> edges(m_order.size());
    for (uint32_t r = 0; r < keys.size(); ++r) {
        m_order[r] = previous[keys[r].row];
        edges[r] = std::move(m_edges[keys[r].row]);
        newRowOf[keys[r].row] = int(r);
    }
    m_edges = std::move(edges);
    QModelIndexList after;
    for (const QModelIndex& i : before) {
        if (i.internalId() == topLevel)
            after.push_back(createIndex(newRowOf[size_t(i.row())], i.column(), topLevel));
        else
            after.push_back(createIndex(i.row(), i.column(), quintptr(newRowOf[size_t(i.internalId() - 1)]) + 1));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}
