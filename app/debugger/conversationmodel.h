#pragma once
// The conversations of one machine, or of all (trace.left/right/center, xsbug-protocol.md
// §3.4): one row per message, oldest first, bounded (the oldest go first, and how many went
// is counted). Several sources (machines) can feed one model; messages outlive sessions.
#include "protocol/bubbletext.h"
#include "protocol/xsbugmessages.h"

#include <QAbstractListModel>
#include <QStringList>

#include <deque>

class MachineSession;

class ConversationModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        ConversationRole = Qt::UserRole + 1, // the name as sent ("" for none)
        SideRole,                            // BubbleText::Side as int
        BinaryRole,
        RawTextRole,                         // the text as sent (hex for binary)
        PathRole,
        LineRole,
        SourceRole,                          // the machine, in a model of several
    };

    static constexpr int defaultMaxMessages = 1000;

    explicit ConversationModel(QObject* parent = nullptr);

    void attach(MachineSession* session, const QString& source = {});
    void append(const xsbug::Bubble& bubble, const QString& source = {});
    void clear();

    int maxMessages() const { return m_maxMessages; }
    void setMaxMessages(int messages);
    // Messages dropped from the front since the last clear() to keep maxMessages.
    qint64 droppedCount() const { return m_dropped; }
    // Conversation names in the order they first spoke ("" is the unnamed one).
    QStringList conversations() const { return m_conversations; }
    // Show the machine's name with each message (a model of several machines).
    void setShowsSource(bool show) { m_showSource = show; }

    // The text shown (DisplayRole), and one line per message for copying.
    QString messageText(int row) const;
    QString copyLine(int row) const;
    // The message or its conversation's name contains `text` (case-insensitive).
    bool matches(int row, const QString& text) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void conversationAdded(const QString& conversation);
    void droppedCountChanged(qint64 dropped);

private:
    struct Message {
        QString source;
        xsbug::Bubble bubble;
        QString shown; // BubbleText::displayText, formatted once
    };
    void trim();

    std::deque<Message> m_messages;
    QStringList m_conversations;
    int m_maxMessages = defaultMaxMessages;
    qint64 m_dropped = 0;
    bool m_showSource = false;
};
