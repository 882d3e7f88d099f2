#pragma once
// The conversations of one machine (or of all): trace.left/right/center messages as bubbles,
// a menu to hide conversations, Find (Ctrl+F), Copy, Clear, a note when old messages were
// dropped, and double-click to go to the line that sent a message.
#include <QWidget>

class ConversationFilter;
class ConversationModel;
class QLabel;
class QListView;
class QToolButton;
class SearchBar;

class ConversationPane : public QWidget
{
    Q_OBJECT
public:
    explicit ConversationPane(ConversationModel* model, QWidget* parent = nullptr);

    ConversationModel* model() const { return m_model; }
    ConversationFilter* filter() const { return m_filter; }
    QListView* view() const { return m_view; }
    SearchBar* searchBar() const { return m_search; }
    QToolButton* conversationsButton() const { return m_conversations; }

    bool findNext(const QString& text, bool backward = false);
    // The selected messages, or all shown, one line each, on the clipboard.
    void copy();

signals:
    // A message was double-clicked (or Enter): the line that sent it, and the machine's name
    // in a pane of several machines ("" otherwise).
    void locationActivated(const QString& source, const QString& path, int line);

private:
    void addConversation(const QString& conversation);
    void showDropped(qint64 dropped);

    ConversationModel* m_model;
    ConversationFilter* m_filter;
    QListView* m_view;
    SearchBar* m_search;
    QToolButton* m_conversations;
    QLabel* m_dropped;
};
