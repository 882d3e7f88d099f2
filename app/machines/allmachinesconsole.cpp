#include "allmachinesconsole.h"

#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/conversationmodel.h"
#include "app/debugger/conversationpane.h"
#include "app/settingskeys.h"

#include <QAction>
#include <QDockWidget>
#include <QSettings>

#include <algorithm>
#include <climits>

AllMachinesConsole::AllMachinesConsole(QWidget* window, QSettings* settings, int maxLines)
    : QObject(window), m_window(window), m_settings(settings), m_model(new ConsoleModel(this)),
      m_dock(new QDockWidget(tr("Console (all machines)"), window)), m_conversations(new ConversationModel(this)),
      m_conversationsDock(new QDockWidget(tr("Messages (all machines)"), window))
{
    m_model->setShowsSource(true);
    m_model->setMaxLines(maxLines);
    m_dock->setObjectName(QStringLiteral("allMachinesConsole"));
    m_dock->setWidget(new ConsolePane(m_model));
    m_dock->hide();
    connect(m_dock, &QDockWidget::visibilityChanged, this, &AllMachinesConsole::shownChanged);
    m_dock->toggleViewAction()->setText(tr("Console (&all machines)"));
    connect(m_dock->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        m_settings->setValue(SettingsKeys::consoleDockChoice, shown ? QStringLiteral("shown") : QStringLiteral("hidden"));
    });

    m_conversations->setShowsSource(true);
    auto* messages = new ConversationPane(m_conversations);
    m_conversationsDock->setObjectName(QStringLiteral("allMachinesMessages"));
    m_conversationsDock->setWidget(messages);
    m_conversationsDock->hide(); // the window puts it across its bottom: it never widens it
    m_conversationsDock->toggleViewAction()->setText(tr("Me&ssages (all machines)"));
    // It opens when the user asks: the first message of the run brings a note, once. Each
    // machine's tab shows its own messages already; a dock that opened itself took the
    // trees' room in every tab and came back at the next start.
    connect(m_conversations, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first) {
        if (m_conversationsNoted || m_conversationsDock->isVisible())
            return;
        m_conversationsNoted = true;
        const QString machine = m_conversations->index(first, 0).data(ConversationModel::SourceRole).toString();
        emit statusMessage(tr("%1 sent a message: it shows in its tab; View › Messages (all machines) shows every "
                              "machine's together.")
                               .arg(machine),
                           15000);
    });
    connect(m_conversationsDock->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        if (shown) // a strip across the window, not half of it
            emit stripWanted(m_conversationsDock, std::max(160, m_window->height() / 4));
    });
    connect(messages, &ConversationPane::locationActivated, this, &AllMachinesConsole::locationRequested);
}

QAction* AllMachinesConsole::conversationsAction() const
{
    return m_conversationsDock->toggleViewAction();
}

QAction* AllMachinesConsole::toggleViewAction() const
{
    return m_dock->toggleViewAction();
}

bool AllMachinesConsole::isShown() const
{
    return m_dock->isVisible();
}

void AllMachinesConsole::attach(MachineSession* session, const QString& name)
{
    m_model->attach(session, name);
    m_conversations->attach(session, name);
}

void AllMachinesConsole::appendLines(const std::vector<IntakeBatch::Line>& lines, qint64 notShown)
{
    m_model->startBatch();
    if (notShown > 0)
        m_model->appendLine(tr("… %n line(s) of machines without a tab not shown: they came faster than the console "
                               "shows them",
                               nullptr, int(std::min<qint64>(notShown, INT_MAX))),
                            ConsoleModel::Kind::Info);
    for (const IntakeBatch::Line& line : lines)
        m_model->appendLog(line.log, line.source);
    m_model->endBatch();
}

void AllMachinesConsole::setMaxLines(int lines)
{
    m_model->setMaxLines(lines);
}

void AllMachinesConsole::machineConnected(int machines)
{
    const QString choice = m_settings->value(SettingsKeys::consoleDockChoice, QStringLiteral("auto")).toString();
    if (choice == QLatin1String("hidden") || m_dock->isVisible())
        return;
    if (choice == QLatin1String("shown")) {
        m_dock->show();
        // A strip, not half the window.
        emit stripWanted(m_dock, std::max(120, m_window->height() / 6));
    } else if (machines == 2) {
        emit statusMessage(tr("Two machines connected: View › Console (all machines) shows their logs together."),
                           10000);
    }
}
