#include "app/debugger/variablesmodel.h"

#include "protocol/propertysummary.h"
#include "views/plaintext.h"

#include <QColor>
#include <QHash>

#include <algorithm>

namespace {
// Rows are matched by name; repeated names (rare) by their occurrence.
QList<QString> keysOf(const auto& nodes)
{
    QList<QString> keys;
    QHash<QString, int> seen;
    for (const auto& node : nodes) {
        const int n = seen[node->property.name]++;
        keys << (n ? node->property.name + QLatin1Char('\x1f') + QString::number(n) : node->property.name);
    }
    return keys;
}
} // namespace

VariablesModel::VariablesModel(QObject* parent) : QAbstractItemModel(parent), m_root(std::make_unique<Node>()) {}

VariablesModel::~VariablesModel() = default;

std::unique_ptr<VariablesModel::Node> VariablesModel::build(const QList<xsbug::Property>& properties)
{
    auto root = std::make_unique<Node>();
    root->property.depth = -1;
    Node* last = root.get();
    for (const xsbug::Property& p : properties) {
        // Walk up to the parent of this depth; a depth jump of more than one (malformed)
        // attaches to the deepest open node.
        Node* parent = last;
        while (parent != root.get() && parent->property.depth >= p.depth)
            parent = parent->parent;
        auto node = std::make_unique<Node>();
        node->property = p;
        node->parent = parent;
        node->row = int(parent->children.size());
        last = node.get();
        parent->children.push_back(std::move(node));
    }
    return root;
}

void VariablesModel::setProperties(const QList<xsbug::Property>& properties)
{
    std::unique_ptr<Node> fresh = build(properties);
    describe(fresh.get()); // in the machine's order: an object's keys as the program made them
    sort(fresh.get());
    merge(m_root.get(), fresh->children);
}

bool VariablesModel::naturalLess(QStringView a, QStringView b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            // Compare the digit runs by value: without leading zeros, the longer is larger.
            const qsizetype i0 = i, j0 = j;
            while (i < a.size() && a[i].isDigit())
                ++i;
            while (j < b.size() && b[j].isDigit())
                ++j;
            QStringView x = a.mid(i0, i - i0), y = b.mid(j0, j - j0);
            while (x.size() > 1 && x[0] == QLatin1Char('0'))
                x = x.mid(1);
            while (y.size() > 1 && y[0] == QLatin1Char('0'))
                y = y.mid(1);
            if (x.size() != y.size())
                return x.size() < y.size();
            if (const int c = x.compare(y); c != 0)
                return c < 0;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

void VariablesModel::sort(Node* node) const
{
    // The frame's own slots lead the Locals, in this order, as in xsbug.
    static const QStringList leading{QStringLiteral("(return)"), QStringLiteral("new.target"),
                                     QStringLiteral("(function)"), QStringLiteral("this")};
    const bool top = node->property.depth < 0 && m_order == Order::LocalsFirst;
    const auto rank = [&](const Node& n) {
        const qsizetype at = top ? leading.indexOf(n.property.name) : -1;
        return at < 0 ? leading.size() : at;
    };
    std::stable_sort(node->children.begin(), node->children.end(), [&](const auto& a, const auto& b) {
        const qsizetype ra = rank(*a), rb = rank(*b);
        return ra != rb ? ra < rb : naturalLess(a->property.name, b->property.name);
    });
    for (size_t i = 0; i < node->children.size(); ++i) {
        node->children[i]->row = int(i);
        sort(node->children[i].get());
    }
}

// An open object's preview is read from its rows; a closed one is {…}.
void VariablesModel::describe(Node* node)
{
    QList<xsbug::Property> children;
    children.reserve(qsizetype(node->children.size()));
    for (const auto& child : node->children) {
        describe(child.get());
        children << child->property;
    }
    const xsbug::Property& p = node->property;
    if (!p.isExpandable())
        node->value = displayValue(p);
    else
        node->value = p.isExpanded() ? PropertySummary::objectText(children) : PropertySummary::memberText(p);
}

void VariablesModel::merge(Node* into, std::vector<std::unique_ptr<Node>>& fresh)
{
    auto& old = into->children;
    const QModelIndex parentIndex = indexOf(into, 0);
    const QList<QString> newKeys = keysOf(fresh);
    QList<QString> oldKeys = keysOf(old);
    const auto renumber = [&old] {
        for (size_t i = 0; i < old.size(); ++i)
            old[i]->row = int(i);
    };

    // Rows that went away, last first.
    for (int i = int(old.size()) - 1; i >= 0; --i) {
        if (!newKeys.contains(oldKeys.at(i))) {
            beginRemoveRows(parentIndex, i, i);
            old.erase(old.begin() + i);
            oldKeys.removeAt(i);
            renumber();
            endRemoveRows();
        }
    }
    for (int i = 0; i < int(fresh.size()); ++i) {
        const QString& key = newKeys.at(i);
        const int at = int(oldKeys.indexOf(key, i));
        if (at > i) {
            // Reordered: the rows in between go (they come back where they now belong).
            beginRemoveRows(parentIndex, i, at - 1);
            old.erase(old.begin() + i, old.begin() + at);
            oldKeys.remove(i, at - i);
            renumber();
            endRemoveRows();
        }
        if (i < int(old.size()) && oldKeys.at(i) == key) {
            Node* node = old[size_t(i)].get();
            const xsbug::Property& p = fresh[size_t(i)]->property;
            const bool changed = node->property.value != p.value || node->property.flags != p.flags
                                 || node->property.path != p.path || node->property.line != p.line
                                 || node->value != fresh[size_t(i)]->value;
            node->property = p;
            node->value = fresh[size_t(i)]->value;
            if (changed)
                emit dataChanged(indexOf(node, 0), indexOf(node, ColumnCount - 1));
            merge(node, fresh[size_t(i)]->children);
        } else {
            beginInsertRows(parentIndex, i, i);
            std::unique_ptr<Node> node = std::move(fresh[size_t(i)]);
            node->parent = into;
            old.insert(old.begin() + i, std::move(node));
            oldKeys.insert(i, key);
            renumber();
            endInsertRows();
        }
    }
}

QString VariablesModel::displayValue(const xsbug::Property& p)
{
    const QString& v = p.value;
    if (p.isExpandable())
        return PropertySummary::memberText(p); // the model shows an open object's contents
    if (!p.hasValue)
        return PropertySummary::uninitializedText();
    // BigInt comes as hex ("0x7Bn"); xsbug shows it in decimal.
    if (v.endsWith(QLatin1Char('n')) && (v.startsWith(QLatin1String("0x")) || v.startsWith(QLatin1String("-0x")))) {
        const bool negative = v.startsWith(QLatin1Char('-'));
        bool ok = false;
        const qulonglong magnitude = QStringView(v).mid(negative ? 3 : 2).chopped(1).toULongLong(&ok, 16);
        if (ok)
            return (negative ? QStringLiteral("-") : QString()) + QString::number(magnitude) + QLatin1Char('n');
    }
    if (!p.path.isEmpty() && p.line > 0)
        return p.path + QStringLiteral(" (") + QString::number(p.line) + QLatin1Char(')');
    if (p.line > 0) // a function's code slot: its file in `value`
        return v + QStringLiteral(" (") + QString::number(p.line) + QLatin1Char(')');
    return PropertySummary::leafText(v); // one line: 'a\nb'; the tooltip has it as it is
}

QModelIndex VariablesModel::indexOf(Node* node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, node);
}

VariablesModel::Node* VariablesModel::nodeOf(const QModelIndex& index) const
{
    return index.isValid() ? static_cast<Node*>(index.internalPointer()) : m_root.get();
}

QModelIndex VariablesModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    Node* p = nodeOf(parent);
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex VariablesModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    return indexOf(nodeOf(child)->parent, 0);
}

int VariablesModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int VariablesModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

bool VariablesModel::hasChildren(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return !m_root->children.empty();
    if (parent.column() != 0)
        return false;
    const Node* node = nodeOf(parent);
    // A collapsed object has no rows yet, but the view must offer to open it.
    return !node->children.empty() || node->property.isExpandable();
}

QVariant VariablesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node* node = nodeOf(index);
    const xsbug::Property& p = node->property;
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == NameColumn ? p.name : node->value;
    case Qt::ToolTipRole: // the machine's text: never markup
        return PlainText::toolTip(index.column() == ValueColumn ? (p.isExpandable() || !p.hasValue ? node->value : p.value)
                                                                : p.name);
    case Qt::ForegroundRole:
        // Non-enumerable properties are dimmed, as in xsbug.
        if (p.flags.size() > 2 && p.flags.at(2) == QLatin1Char('E'))
            return QColor(0x80, 0x80, 0x80);
        if (index.column() == ValueColumn && !p.hasValue && !p.isExpandable())
            return QColor(0x80, 0x80, 0x80); // <uninitialized>: not a value of the program
        return {};
    case AddressRole: return p.isExpandable() ? p.value : QString();
    case FlagsRole: return p.flags;
    case ExpandableRole: return p.isExpandable();
    case ExpandedRole: return p.isExpanded();
    case RawValueRole: return p.value;
    default: return {};
    }
}

QVariant VariablesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Name") : section == ValueColumn ? tr("Value") : QVariant();
}
