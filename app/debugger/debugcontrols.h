#pragma once
// xsbug's Debug menu for one machine (xsbug-protocol.md §5.6): Kill, Break, Run, Step,
// Step In, Step Out, each enabled only when the machine's state allows it.
#include "protocol/debuggee.h"

#include <QObject>
#include <QPointer>

class QAction;

class DebugControls : public QObject
{
    Q_OBJECT
public:
    explicit DebugControls(QObject* parent = nullptr);

    // The machine the actions drive; null disables them all.
    void setSession(Debuggee* session);
    Debuggee* session() const { return m_session; }

    QAction* killAction() const { return m_kill; }
    QAction* breakAction() const { return m_break; }
    QAction* runAction() const { return m_run; }
    QAction* stepAction() const { return m_step; }
    QAction* stepInAction() const { return m_stepIn; }
    QAction* stepOutAction() const { return m_stepOut; }
    // In menu and toolbar order.
    QList<QAction*> actions() const;

private:
    void updateActions();

    QPointer<Debuggee> m_session;
    QAction* m_kill;
    QAction* m_break;
    QAction* m_run;
    QAction* m_step;
    QAction* m_stepIn;
    QAction* m_stepOut;
};
