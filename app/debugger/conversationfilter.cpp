#include "app/debugger/conversationfilter.h"

#include "app/debugger/conversationmodel.h"

ConversationFilter::ConversationFilter(ConversationModel* model, QObject* parent)
    : QSortFilterProxyModel(parent), m_model(model)
{
    setSourceModel(model);
}

void ConversationFilter::setHidden(const QString& conversation, bool hidden)
{
    if (hidden == m_hidden.contains(conversation))
        return;
    if (hidden)
        m_hidden.insert(conversation);
    else
        m_hidden.remove(conversation);
    invalidateRowsFilter();
}

bool ConversationFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_hidden.isEmpty())
        return true;
    const QModelIndex index = m_model->index(sourceRow, 0, sourceParent);
    return !m_hidden.contains(index.data(ConversationModel::ConversationRole).toString());
}

int ConversationFilter::find(const QString& text, int from, bool backward, int* ordinal, int* count) const
{
    const int rows = rowCount();
    int found = -1, hits = 0, before = 0;
    for (int i = 1; i <= rows && !text.isEmpty(); ++i) {
        const int row = ((backward ? from - i : from + i) % rows + rows) % rows;
        if (m_model->matches(mapToSource(index(row, 0)).row(), text)) {
            found = row;
            break;
        }
    }
    if (found >= 0 && (ordinal || count)) {
        for (int row = 0; row < rows; ++row) {
            if (m_model->matches(mapToSource(index(row, 0)).row(), text)) {
                before += row < found ? 1 : 0;
                ++hits;
            }
        }
    }
    if (ordinal)
        *ordinal = before;
    if (count)
        *count = hits;
    return found;
}
