#pragma once
// The Debug menu: Kill, Break, Run and the steps for the machine in front, from anywhere in the
// window (a machine tab's own toolbar has no shortcuts then); Start or Stop Profiling of it; and
// Profile on Start, the preference machines that connect next follow.
#include <QObject>
#include <QPointer>

class DebugControls;
class DebuggeePage;
class Preferences;
class QAction;
class QMenu;

class MachineDebugMenu : public QObject
{
    Q_OBJECT
public:
    MachineDebugMenu(Preferences* preferences, QObject* parent = nullptr);

    void fill(QMenu* menu);
    DebugControls* frontControls() const { return m_frontControls; }
    // The machine in front (null: none); the actions follow it.
    void setFront(DebuggeePage* machine);

private:
    DebugControls* m_frontControls;
    QAction* m_profiling;
    QAction* m_profileOnStart;
    QPointer<DebuggeePage> m_front;
};
