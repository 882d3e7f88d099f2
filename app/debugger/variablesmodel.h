#pragma once
// The inspector tree of Locals, Modules or Globals (xsbug-protocol.md §3.5 `property`):
// built from the flat, depth-ordered property list. The machine keeps the expansion
// state and re-sends the whole list after each <toggle>; setProperties() merges it into
// the tree in place (row inserts/removes and dataChanged), so views keep their state.
// Rows are sorted within their parent as xsbug sorts them, numbers by value ([2] before
// [10], arg(2) before arg(10)); Locals put (return), new.target, (function) and this first.
#include "protocol/xsbugmessages.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

class VariablesModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, ColumnCount };
    enum Role { AddressRole = Qt::UserRole + 1, FlagsRole, ExpandableRole, ExpandedRole, RawValueRole };

    enum class Order { Names, LocalsFirst };

    explicit VariablesModel(QObject* parent = nullptr);
    ~VariablesModel() override;

    void setOrder(Order order) { m_order = order; } // for the next setProperties()
    // Names compared with digit runs by value, the rest by character.
    static bool naturalLess(QStringView a, QStringView b);

    void setProperties(const QList<xsbug::Property>& properties);
    void clear() { setProperties({}); }
    // The value shown for a leaf: BigInt in decimal, <uninitialized> for a binding not
    // initialised yet. Objects show a preview (PropertySummary), never their address.
    static QString displayValue(const xsbug::Property& property);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Node {
        xsbug::Property property;
        QString value; // what the Value column shows
        Node* parent = nullptr;
        std::vector<std::unique_ptr<Node>> children;
        int row = 0;
    };
    static std::unique_ptr<Node> build(const QList<xsbug::Property>& properties);
    void sort(Node* node) const;
    static void describe(Node* node);
    void merge(Node* into, std::vector<std::unique_ptr<Node>>& fresh);
    QModelIndex indexOf(Node* node, int column) const;
    Node* nodeOf(const QModelIndex& index) const;

    std::unique_ptr<Node> m_root;
    Order m_order = Order::Names;
};
