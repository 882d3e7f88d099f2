#include "app/debugger/debugcontrols.h"

#include "app/debugger/controlicon.h"
#include "app/debugger/pendingcommand.h"


#include <QAction>

namespace {
QAction* makeAction(QObject* parent, const QString& text, const char* icon, const QKeySequence& shortcut,
                    const QString& tip)
{
    auto* action = new QAction(controlIcon(QString::fromLatin1(icon)), text, parent);
    action->setShortcut(shortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    action->setEnabled(false);
    return action;
}
} // namespace

DebugControls::DebugControls(QObject* parent)
    : QObject(parent),
      m_kill(makeAction(this, tr("&Kill"), ":/icons/kill.svg", QKeySequence(Qt::SHIFT | Qt::Key_F5),
                        tr("Terminate the machine"))),
      m_break(makeAction(this, tr("&Break"), ":/icons/break.svg", QKeySequence(Qt::CTRL | Qt::Key_Period),
                         tr("Stop the running machine at its next line"))),
      m_run(makeAction(this, tr("&Run"), ":/icons/run.svg", QKeySequence(Qt::Key_F5), tr("Continue running"))),
      m_step(makeAction(this, tr("&Step"), ":/icons/step.svg", QKeySequence(Qt::Key_F10),
                        tr("Run to the next line of this function or a caller"))),
      m_stepIn(makeAction(this, tr("Step &In"), ":/icons/step-in.svg", QKeySequence(Qt::Key_F11),
                          tr("Run to the next line, entering calls"))),
      m_stepOut(makeAction(this, tr("Step &Out"), ":/icons/step-out.svg", QKeySequence(Qt::SHIFT | Qt::Key_F11),
                           tr("Run until this function returns")))
{
    // Each action re-checks the state: a shortcut can fire before the enabled state catches up.
    const auto when = [this](Debuggee::State wanted, void (Debuggee::*command)()) {
        return [this, wanted, command] {
            Debuggee* session = m_session;
            if (session && session->state() == wanted)
                (session->*command)();
        };
    };
    connect(m_kill, &QAction::triggered, this, [this] {
        if (m_session && m_session->isConnected()) {
            PendingCommand::of(m_session)->note(tr("Kill requested"));
            m_session->abort();
        }
    });
    connect(m_break, &QAction::triggered, this, [this] {
        if (m_session && m_session->state() == Debuggee::State::Running) {
            PendingCommand::of(m_session)->note(tr("Break requested"));
            m_session->step();
        }
    });
    connect(m_run, &QAction::triggered, this, when(Debuggee::State::Broken, &Debuggee::go));
    connect(m_step, &QAction::triggered, this, when(Debuggee::State::Broken, &Debuggee::step));
    connect(m_stepIn, &QAction::triggered, this, when(Debuggee::State::Broken, &Debuggee::stepInside));
    connect(m_stepOut, &QAction::triggered, this, when(Debuggee::State::Broken, &Debuggee::stepOutside));
}

QList<QAction*> DebugControls::actions() const
{
    return {m_kill, m_break, m_run, m_step, m_stepIn, m_stepOut};
}

void DebugControls::setSession(Debuggee* session)
{
    if (m_session)
        m_session->disconnect(this);
    m_session = session;
    if (session) {
        connect(session, &Debuggee::stateChanged, this, &DebugControls::updateActions);
        connect(session, &QObject::destroyed, this, &DebugControls::updateActions, Qt::QueuedConnection);
    }
    updateActions();
}

void DebugControls::updateActions()
{
    const Debuggee::State state = m_session ? m_session->state() : Debuggee::State::Disconnected;
    const bool broken = state == Debuggee::State::Broken;
    m_kill->setEnabled(state != Debuggee::State::Disconnected);
    m_break->setEnabled(state == Debuggee::State::Running);
    for (QAction* action : {m_run, m_step, m_stepIn, m_stepOut})
        action->setEnabled(broken);
}
