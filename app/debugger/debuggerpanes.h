#pragma once
#include "views/document/pathmappings.h"
// Everything to debug one machine, to embed in its tab: Debug toolbar, call stack,
// Locals/Modules/Globals/Sources, breakpoints, source with breakpoint gutter, console, and the
// instruments strip. Breakpoints are shared by all machines (one BreakpointsModel).
#include "protocol/machinesession.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class BreakpointsModel;
class BreakpointsPane;
class CallStackView;
class ConsoleEvaluator;
class ConsoleModel;
class ConsolePane;
class ConversationModel;
class ConversationPane;
class DebugControls;
class SourcesPane;
class InstrumentsPanel;
class QAction;
class QLabel;
class QSplitter;
class QTabWidget;
class QToolBar;
class QTreeView;
class VariablesModel;
class DebuggerSourcePane;
class VariablesView;

class DebuggerPanes : public QWidget
{
    Q_OBJECT
public:
    DebuggerPanes(MachineSession* session, BreakpointsModel* breakpoints, QWidget* parent = nullptr);

    MachineSession* session() const { return m_session; }
    void setPathMappings(const PathMappings& mappings);
    // Opens a (mapped) local file at a line outside the window; false: show it here instead.
    using SourceOpener = std::function<bool(const QString& path, int line)>;
    // Double-click on a call-stack frame goes to it (the user's editor, Preferences › Open source in).
    void setSourceOpener(SourceOpener opener) { m_sourceOpener = std::move(opener); }
    DebugControls* controls() const { return m_controls; }
    QToolBar* toolBar() const { return m_toolBar; }
    ConsoleModel* consoleModel() const { return m_consoleModel; }
    ConsolePane* console() const { return m_console; }
    ConsoleEvaluator* evaluator() const { return m_evaluator; }
    // trace.left/right/center messages (hidden until the machine sends one).
    ConversationModel* conversationModel() const { return m_conversationModel; }
    ConversationPane* conversations() const { return m_conversations; }
    // The last evaluated object, opened one level (hidden until there is one).
    QTreeView* resultView() const { return m_resultView; }
    CallStackView* callStack() const { return m_callStack; }
    VariablesView* locals() const { return m_locals; }
    VariablesView* modules() const { return m_modules; }
    VariablesView* globals() const { return m_globals; }
    QTabWidget* variableTabs() const { return m_variableTabs; }
    BreakpointsPane* breakpointsPane() const { return m_breakpointsPane; }
    DebuggerSourcePane* source() const { return m_source; }
    SourcesPane* sourcesPane() const { return m_sources; }
    InstrumentsPanel* instruments() const { return m_instruments; }
    QAction* instrumentsAction() const { return m_showInstruments; }
    QLabel* statusLabel() const { return m_status; }

    // The splitters' sizes and whether the instruments show, to give the next machine's panes
    // (and the next run) the arrangement the user made. restoreLayout() ignores bad data.
    QByteArray saveLayout() const;
    bool restoreLayout(const QByteArray& layout);

    // Goes to a machine's path:line: the user's editor when the mapped file exists here,
    // else the built-in source pane.
    void openFrameSource(const QString& path, int line);

    // Widens the instruments strip to its longest line, taking room from the panes beside it
    // but leaving each paneMinimum; not once the user has moved the splitters.
    void fitInstruments();
    static constexpr int paneMinimum = 280;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateStatus();
    void showCurrentSource();

    QPointer<MachineSession> m_session;
    SourceOpener m_sourceOpener;
    PathMappings m_pathMappings;
    QList<QSplitter*> m_splitters; // left, right, main
    bool m_stripSizedByUser = false;
    DebugControls* m_controls;
    QToolBar* m_toolBar;
    QLabel* m_status;
    ConsoleModel* m_consoleModel;
    ConsolePane* m_console;
    ConversationModel* m_conversationModel;
    ConversationPane* m_conversations;
    VariablesModel* m_resultModel;
    QTreeView* m_resultView;
    ConsoleEvaluator* m_evaluator;
    CallStackView* m_callStack;
    QTabWidget* m_variableTabs;
    VariablesView* m_locals;
    VariablesView* m_modules;
    VariablesView* m_globals;
    BreakpointsModel* m_breakpoints;
    BreakpointsPane* m_breakpointsPane;
    DebuggerSourcePane* m_source;
    SourcesPane* m_sources;
    InstrumentsPanel* m_instruments;
    QAction* m_showInstruments;
    // The user's choice, kept for the next machine: one without instruments (xst) shows no empty
    // column, whatever the machine before chose.
    bool m_instrumentsWanted = false;
    bool hasInstruments() const;
    void followInstruments();
};
