#pragma once
// The console of all machines, as xsbug's log: every machine's lines, marked with its name,
// kept after it leaves. A dock of the window, hidden until the user asks for it (View ›
// Console): each machine's tab has its own console with the same lines, and a dock would take
// the debugger panes' room and resize them whenever a machine comes or goes. A second machine
// brings a hint; what the user chooses is remembered. Beside it, the messages of all machines'
// conversations (trace.left/right/center), a dock shown when the user asks (View › Messages);
// the first message of a run brings a note saying so.
#include "app/machines/machinereception.h"

#include <QObject>

class ConsoleModel;
class ConversationModel;
class MachineSession;
class QAction;
class QDockWidget;
class QSettings;
class QWidget;

class AllMachinesConsole : public QObject
{
    Q_OBJECT
public:
    // Its docks belong to `window`, which places them (hidden, at the bottom).
    AllMachinesConsole(QWidget* window, QSettings* settings, int maxLines);

    ConsoleModel* model() const { return m_model; }
    QDockWidget* dock() const { return m_dock; }
    QAction* toggleViewAction() const; // View › Console (all machines)
    ConversationModel* conversationModel() const { return m_conversations; }
    QDockWidget* conversationsDock() const { return m_conversationsDock; }
    QAction* conversationsAction() const; // View › Messages (all machines)
    // Whether its dock is on screen: a machine's console lines are read there as they come.
    bool isShown() const;
    void attach(MachineSession* session, const QString& name);
    // Lines of machines without a tab, a batch of the intake: `notShown` older ones were dropped
    // on the way (they came faster than the window shows them), and a line says so.
    void appendLines(const std::vector<IntakeBatch::Line>& lines, qint64 notShown);
    void setMaxLines(int lines);
    // A machine connected, `machines` are in tabs now: shows the dock when the user chose so,
    // hints at it when the second one came.
    void machineConnected(int machines);

signals:
    // The console's dock came on screen or left it.
    void shownChanged(bool shown);
    void statusMessage(const QString& text, int timeout);
    // `dock` came on screen as a strip across the window: `height` pixels high.
    void stripWanted(QDockWidget* dock, int height);
    // A message of machine `source` was double-clicked: the line that sent it.
    void locationRequested(const QString& source, const QString& path, int line);

private:
    QWidget* m_window;
    QSettings* m_settings;
    ConsoleModel* m_model;
    QDockWidget* m_dock;
    ConversationModel* m_conversations;
    QDockWidget* m_conversationsDock;
    bool m_conversationsNoted = false; // the note on the first message of the run
};
