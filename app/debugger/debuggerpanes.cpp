#include "app/debugger/debuggerpanes.h"

#include "app/debugger/breakpointsmodel.h"
#include "app/debugger/breakpointspane.h"
#include "app/debugger/callstackview.h"
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/conversationmodel.h"
#include "app/debugger/conversationpane.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/instrumentspanel.h"
#include "app/debugger/pendingcommand.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/sourcespane.h"
#include "app/debugger/variablesmodel.h"
#include "app/debugger/variablesview.h"

#include "protocol/machinesession.h"

#include <QAction>
#include <QDataStream>
#include <QDateTime>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QFileInfo>
#include <QVBoxLayout>

#include <algorithm>

DebuggerPanes::DebuggerPanes(MachineSession* session, BreakpointsModel* breakpoints, QWidget* parent)
    : QWidget(parent), m_session(session), m_controls(new DebugControls(this)), m_toolBar(new QToolBar(this)),
      m_status(new QLabel(this)), m_consoleModel(new ConsoleModel(this)), m_console(new ConsolePane(m_consoleModel, this)),
      m_conversationModel(new ConversationModel(this)), m_conversations(new ConversationPane(m_conversationModel, this)),
      m_resultModel(new VariablesModel(this)), m_resultView(new QTreeView(this)),
      m_evaluator(new ConsoleEvaluator(session, m_console->evalField(), m_consoleModel, m_resultModel, this)),
      m_callStack(new CallStackView(session, this)), m_variableTabs(new QTabWidget(this)),
      m_locals(new VariablesView(session, VariablesView::Scope::Locals, this)),
      m_modules(new VariablesView(session, VariablesView::Scope::Modules, this)),
      m_globals(new VariablesView(session, VariablesView::Scope::Globals, this)),
      m_breakpoints(breakpoints ? breakpoints : new BreakpointsModel(this)), // a pane on its own keeps its own list
      m_breakpointsPane(new BreakpointsPane(m_breakpoints, this)), m_source(new DebuggerSourcePane(m_breakpoints, this)),
      m_sources(new SourcesPane(this)),
      m_instruments(new InstrumentsPanel(this)), m_showInstruments(new QAction(tr("Instruments"), this))
{
    m_status->setTextFormat(Qt::PlainText); // the machine's break message: never markup
    m_controls->setSession(session);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setIconSize(QSize(16, 16));
    for (QAction* action : m_controls->actions()) {
        // Several machines' tabs may exist: each tab's shortcuts act inside that tab only.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        m_toolBar->addAction(action);
    }
    m_toolBar->addSeparator();
    m_showInstruments->setCheckable(true);
    m_showInstruments->setToolTip(tr("Show or hide the instruments"));
    m_toolBar->addAction(m_showInstruments);
    m_toolBar->addSeparator();
    m_toolBar->addWidget(m_status);

    m_variableTabs->addTab(m_locals, tr("Locals"));
    m_variableTabs->addTab(m_modules, tr("Modules"));
    m_variableTabs->addTab(m_globals, tr("Globals"));
    m_variableTabs->addTab(m_sources, tr("Sources"));
    connect(m_sources, &SourcesPane::fileActivated, m_source, &DebuggerSourcePane::openLocalFile);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_callStack);
    left->addWidget(m_variableTabs);
    left->addWidget(m_breakpointsPane);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 4);
    left->setStretchFactor(2, 1);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_source);
    right->addWidget(m_console);
    right->addWidget(m_conversations);
    m_conversations->setVisible(false); // as xsbug: shown once the machine sends a message
    connect(m_conversationModel, &QAbstractItemModel::rowsInserted, m_conversations, [this] { m_conversations->show(); });
    connect(m_conversations, &ConversationPane::locationActivated, this,
            [this](const QString&, const QString& path, int line) { openFrameSource(path, line); });
    m_resultView->setModel(m_resultModel);
    m_resultView->setObjectName(QStringLiteral("evalResult"));
    m_resultView->setHeaderHidden(false);
    m_resultView->setVisible(false);
    right->addWidget(m_resultView);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setStretchFactor(2, 2); // messages
    right->setStretchFactor(3, 1);
    connect(m_evaluator, &ConsoleEvaluator::objectShown, this, [this] {
        m_resultView->setVisible(true);
        m_resultView->expand(m_resultModel->index(0, 0));
        m_resultView->resizeColumnToContents(0);
    });
    auto* strip = new QScrollArea(this);
    strip->setWidget(m_instruments);
    strip->setWidgetResizable(true);
    strip->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded); // narrower than its lines: scroll, never cut
    strip->setVisible(false);
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(left);
    main->addWidget(right);
    main->addWidget(strip);
    main->setStretchFactor(0, 2);
    main->setStretchFactor(1, 3);
    main->setStretchFactor(2, 0); // a narrower window narrows the panes, not the instruments' lines
    main->setSizes({320, 520, 260});
    // Fitted once the layouts have taken the new lines in (a splitter lays out after them).
    auto fitSoon = [this] { QTimer::singleShot(0, this, &DebuggerPanes::fitInstruments); };
    connect(m_showInstruments, &QAction::toggled, this, [this, strip, fitSoon](bool shown) {
        strip->setVisible(shown);
        if (hasInstruments())
            m_instrumentsWanted = shown;
        fitSoon();
    });
    connect(m_instruments, &InstrumentsPanel::linesWidened, this, fitSoon);
    connect(main, &QSplitter::splitterMoved, this, [this] { m_stripSizedByUser = true; });
    m_splitters = {left, right, main};
    // What a screen reader announces for each pane.
    m_toolBar->setAccessibleName(tr("Debug controls"));
    m_status->setAccessibleName(tr("Machine status"));
    m_callStack->setAccessibleName(tr("Call stack"));
    m_variableTabs->setAccessibleName(tr("Variables"));
    m_locals->setAccessibleName(tr("Locals"));
    m_modules->setAccessibleName(tr("Modules"));
    m_globals->setAccessibleName(tr("Globals"));
    m_sources->setAccessibleName(tr("Sources"));
    m_breakpointsPane->setAccessibleName(tr("Breakpoints"));
    m_source->setAccessibleName(tr("Source"));
    m_console->setAccessibleName(tr("Console"));
    m_conversations->setAccessibleName(tr("Messages"));
    m_resultView->setAccessibleName(tr("Evaluation result"));
    m_instruments->setAccessibleName(tr("Instruments"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(main, 1);

    connect(m_callStack, &CallStackView::frameActivated, m_source, &DebuggerSourcePane::showLocation);
    connect(m_callStack, &CallStackView::frameOpenRequested, this, &DebuggerPanes::openFrameSource);
    connect(m_breakpointsPane, &BreakpointsPane::breakpointActivated, m_source, &DebuggerSourcePane::showLocation);
    m_instruments->setSession(session);
    if (session) {
        m_source->setMachineStart(QDateTime::currentDateTime()); // its files as they are now: what it runs
        m_consoleModel->attach(session);
        m_conversationModel->attach(session);
        m_breakpoints->attach(session);
        auto notSent = [this](const Breakpoint& b, const QString& reason) {
            m_consoleModel->appendLine(tr("Breakpoint %1:%2 not sent to %3: %4")
                                           .arg(QFileInfo(b.path).fileName())
                                           .arg(b.line)
                                           .arg(m_session ? m_session->name() : QString(), reason),
                                       ConsoleModel::Kind::Error);
        };
        for (const BreakpointNotSent& n : session->breakpointsNotSentAtLogin()) // before this tab was made
            notSent(n.breakpoint, n.reason);
        connect(session, &Debuggee::breakpointNotSent, this, notSent);
        connect(session, &MachineSession::stateChanged, this, &DebuggerPanes::updateStatus);
        connect(PendingCommand::of(session), &PendingCommand::changed, this, &DebuggerPanes::updateStatus);
        connect(session, &MachineSession::variablesChanged, this, &DebuggerPanes::showCurrentSource);
        connect(session, &MachineSession::broke, this, &DebuggerPanes::showCurrentSource);
        // As xsbug: the instruments appear once the machine declares some.
        connect(session, &MachineSession::instrumentsDeclared, this, [this](const xsbug::Instruments& declared) {
            followInstruments();
            if (!declared.names.empty())
                m_showInstruments->setChecked(true);
        });
        followInstruments();
        if (!session->instruments().names.empty())
            m_showInstruments->setChecked(true);
        if (session->state() == MachineSession::State::Broken)
            showCurrentSource();
    }
    updateStatus();
}

bool DebuggerPanes::hasInstruments() const
{
    return !m_session || !m_session->instruments().names.empty();
}

// A machine that declares no instruments (xst) has no Instruments to show: no empty column.
void DebuggerPanes::followInstruments()
{
    const bool has = hasInstruments();
    m_showInstruments->setEnabled(has);
    m_showInstruments->setToolTip(has ? tr("Show or hide the instruments")
                                      : tr("This machine declares no instruments (the Moddable simulator and devices "
                                           "do; xst does not)"));
    if (!has)
        m_showInstruments->setChecked(false);
}

void DebuggerPanes::fitInstruments()
{
    QSplitter* main = m_splitters.at(2);
    auto* strip = static_cast<QScrollArea*>(main->widget(2));
    if (m_stripSizedByUser || !strip->isVisibleTo(this))
        return;
    const int wanted = m_instruments->sizeHint().width() + strip->verticalScrollBar()->sizeHint().width()
        + 2 * strip->frameWidth();
    QList<int> sizes = main->sizes();
    // The room the call stack and the source can give, each down to its minimum, in proportion.
    auto spare = [&](int pane) {
        return std::max(0, sizes[pane] - std::max(paneMinimum, main->widget(pane)->minimumSizeHint().width()));
    };
    const int spareLeft = spare(0), spareRight = spare(1);
    const int extra = std::min(wanted - sizes[2], spareLeft + spareRight);
    if (extra <= 0)
        return;
    const int fromLeft = extra * spareLeft / (spareLeft + spareRight);
    sizes[0] -= fromLeft;
    sizes[1] -= extra - fromLeft;
    sizes[2] += extra;
    main->setSizes(sizes);
}

void DebuggerPanes::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // A tab opened behind another is laid out at its real size only when first shown.
    if (m_showInstruments->isChecked() && !m_stripSizedByUser)
        QTimer::singleShot(0, this, &DebuggerPanes::fitInstruments);
}

void DebuggerPanes::updateStatus()
{
    if (!m_session) {
        m_status->setText(tr("No machine"));
        return;
    }
    switch (m_session->state()) {
    case MachineSession::State::AwaitingLogin: m_status->setText(tr("Connecting…")); break;
    case MachineSession::State::Running: {
        const QString pending = PendingCommand::of(m_session)->text();
        m_status->setText(pending.isEmpty() ? tr("Running") : pending);
        break;
    }
    case MachineSession::State::Broken:
        m_status->setText(m_session->lastBreak().message.trimmed());
        break;
    case MachineSession::State::Disconnected: m_status->setText(tr("Disconnected")); break;
    }
}

void DebuggerPanes::showCurrentSource()
{
    if (!m_session || m_session->state() != MachineSession::State::Broken)
        return;
    updateStatus();
    // <local> carries the location of the inspected frame; the break that of the innermost.
    const xsbug::Local& local = m_session->local();
    if (!local.path.isEmpty())
        m_source->showLocation(local.path, local.line);
    else
        m_source->showLocation(m_session->lastBreak().path, m_session->lastBreak().line);
}

void DebuggerPanes::openFrameSource(const QString& path, int line)
{
    if (path.isEmpty())
        return;
    const QString local = m_pathMappings.apply(path);
    if (m_sourceOpener && QFileInfo::exists(local) && m_sourceOpener(local, line))
        return;
    m_source->showLocation(path, line); // the built-in pane maps the path itself
}

void DebuggerPanes::setPathMappings(const PathMappings& mappings)
{
    m_pathMappings = mappings;
    m_source->setPathMappings(mappings);
    showCurrentSource();
}

namespace {
constexpr quint32 layoutMagic = 0x58534450; // "XSDP"
constexpr quint16 layoutVersion = 1;
} // namespace

QByteArray DebuggerPanes::saveLayout() const
{
    QByteArray layout;
    QDataStream out(&layout, QIODevice::WriteOnly);
    out << layoutMagic << layoutVersion << m_instrumentsWanted << quint16(m_splitters.size());
    for (const QSplitter* splitter : m_splitters)
        out << splitter->saveState();
    return layout;
}

bool DebuggerPanes::restoreLayout(const QByteArray& layout)
{
    QDataStream in(layout);
    quint32 magic = 0;
    quint16 version = 0, count = 0;
    bool instruments = false;
    in >> magic >> version >> instruments >> count;
    if (in.status() != QDataStream::Ok || magic != layoutMagic || version != layoutVersion || count != m_splitters.size())
        return false;
    QList<QByteArray> states;
    for (quint16 i = 0; i < count; ++i) {
        QByteArray state;
        in >> state;
        states << state;
    }
    if (in.status() != QDataStream::Ok)
        return false;
    for (qsizetype i = 0; i < m_splitters.size(); ++i)
        m_splitters[i]->restoreState(states[i]);
    m_instrumentsWanted = instruments;
    m_showInstruments->setChecked(instruments && hasInstruments());
    m_conversations->setVisible(m_conversationModel->rowCount() > 0); // not another machine's choice
    return true;
}
