#include "machinedebugmenu.h"

#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggeepage.h"
#include "app/preferences.h"

#include <QAction>
#include <QIcon>
#include <QMenu>

MachineDebugMenu::MachineDebugMenu(Preferences* preferences, QObject* parent)
    : QObject(parent), m_frontControls(new DebugControls(this)), m_profiling(new QAction(tr("Start &Profiling"), this)),
      m_profileOnStart(new QAction(tr("Profile on S&tart"), this))
{
    m_profiling->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_profiling->setIcon(QIcon(QStringLiteral(":/icons/stopwatch.svg")));
    connect(m_profiling, &QAction::triggered, this, [this] {
        if (m_front)
            m_front->toggleProfiling();
    });
    m_profileOnStart->setCheckable(true);
    m_profileOnStart->setChecked(preferences->profileOnStart());
    m_profileOnStart->setToolTip(tr("Machines that connect start profiling at once"));
    connect(m_profileOnStart, &QAction::toggled, preferences, &Preferences::setProfileOnStart);
    connect(preferences, &Preferences::profileOnStartChanged, m_profileOnStart, &QAction::setChecked);
}

void MachineDebugMenu::fill(QMenu* menu)
{
    for (QAction* action : m_frontControls->actions())
        menu->addAction(action);
    menu->addSeparator();
    menu->addAction(m_profiling);
    menu->addAction(m_profileOnStart);
}

void MachineDebugMenu::setFront(DebuggeePage* machine)
{
    m_front = machine;
    MachineSession* session = machine ? machine->session() : nullptr;
    if (m_frontControls->session() != session)
        m_frontControls->setSession(session);
    const bool profiling = machine && session->isProfiling();
    m_profiling->setEnabled(machine && machine->isConnected());
    m_profiling->setText(profiling ? tr("Stop &Profiling") : tr("Start &Profiling"));
}
