#include "app/debugger/conversationmodel.h"

#include "protocol/machinesession.h"

#include <algorithm>

ConversationModel::ConversationModel(QObject* parent) : QAbstractListModel(parent) {}

void ConversationModel::attach(MachineSession* session, const QString& source)
{
    connect(session, &MachineSession::bubbled, this, [this, source](const xsbug::Bubble& bubble) { append(bubble, source); });
}

void ConversationModel::append(const xsbug::Bubble& bubble, const QString& source)
{
    if (!m_conversations.contains(bubble.conversation)) {
        m_conversations << bubble.conversation;
        emit conversationAdded(bubble.conversation);
    }
    const int row = int(m_messages.size());
    beginInsertRows({}, row, row);
    m_messages.push_back({source, bubble, BubbleText::displayText(bubble)});
    endInsertRows();
    trim();
}

void ConversationModel::trim()
{
    const qint64 excess = qint64(m_messages.size()) - m_maxMessages;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, int(excess - 1));
    m_messages.erase(m_messages.begin(), m_messages.begin() + excess);
    endRemoveRows();
    m_dropped += excess;
    emit droppedCountChanged(m_dropped);
}

void ConversationModel::clear()
{
    beginResetModel();
    m_messages.clear();
    endResetModel();
    if (m_dropped != 0) {
        m_dropped = 0;
        emit droppedCountChanged(0);
    }
}

void ConversationModel::setMaxMessages(int messages)
{
    m_maxMessages = std::max(1, messages);
    trim();
}

QString ConversationModel::messageText(int row) const
{
    return row >= 0 && size_t(row) < m_messages.size() ? m_messages[size_t(row)].shown : QString();
}

QString ConversationModel::copyLine(int row) const
{
    if (row < 0 || size_t(row) >= m_messages.size())
        return {};
    const Message& m = m_messages[size_t(row)];
    const QString line = BubbleText::logLine(m.bubble);
    return m_showSource && !m.source.isEmpty() ? m.source + QStringLiteral(": ") + line : line;
}

bool ConversationModel::matches(int row, const QString& text) const
{
    if (row < 0 || size_t(row) >= m_messages.size() || text.isEmpty())
        return false;
    const Message& m = m_messages[size_t(row)];
    return m.shown.contains(text, Qt::CaseInsensitive) || m.bubble.conversation.contains(text, Qt::CaseInsensitive);
}

int ConversationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_messages.size());
}

QVariant ConversationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Message& m = m_messages[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return m.shown;
    case Qt::ToolTipRole:
        return m.bubble.path.isEmpty()
                   ? BubbleText::conversationLabel(m.bubble.conversation)
                   : tr("%1 — sent from %2:%3 (double-click to open)")
                         .arg(BubbleText::conversationLabel(m.bubble.conversation), m.bubble.path)
                         .arg(m.bubble.line);
    case Qt::AccessibleTextRole:
        return tr("%1, %2: %3")
            .arg(BubbleText::conversationLabel(m.bubble.conversation),
                 BubbleText::sideName(BubbleText::side(m.bubble.flags)), m.shown);
    case ConversationRole: return m.bubble.conversation;
    case SideRole: return int(BubbleText::side(m.bubble.flags));
    case BinaryRole: return BubbleText::isBinary(m.bubble.flags);
    case RawTextRole: return m.bubble.text;
    case PathRole: return m.bubble.path;
    case LineRole: return m.bubble.line;
    case SourceRole: return m.source;
    default: return {};
    }
}

QHash<int, QByteArray> ConversationModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(ConversationRole, "conversation");
    names.insert(SideRole, "side");
    names.insert(BinaryRole, "binary");
    names.insert(RawTextRole, "rawText");
    names.insert(PathRole, "path");
    names.insert(LineRole, "line");
    names.insert(SourceRole, "source");
    return names;
}
