#pragma once
// The messages of the conversations not hidden by the user, over a ConversationModel.
#include <QSet>
#include <QSortFilterProxyModel>

class ConversationModel;

class ConversationFilter : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ConversationFilter(ConversationModel* model, QObject* parent = nullptr);

    ConversationModel* conversations() const { return m_model; }
    bool isHidden(const QString& conversation) const { return m_hidden.contains(conversation); }
    void setHidden(const QString& conversation, bool hidden);
    // The row (of this proxy) of the next shown message matching `text` after `from` (before
    // it when `backward`), wrapping; -1 when none. `ordinal`/`count` place it among all hits.
    int find(const QString& text, int from, bool backward, int* ordinal = nullptr, int* count = nullptr) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ConversationModel* m_model;
    QSet<QString> m_hidden;
};
