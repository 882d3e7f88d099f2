#pragma once
// One connected XS machine as a tab: its name and state, the stopwatch, its debugger panes,
// and its live profile in a ProfilePage (the same views as a file), refreshed at a bounded rate.
// The page owns the session; when the machine goes, the tab stays with everything received.
//
// It lives in app/ because it joins protocol/ (MachineSession) and views/ (ProfilePage):
// DESIGN.md keeps views/ free of protocol/, so views stay usable for files alone.
#include "protocol/machinesession.h"
#include "views/document/profiledata.h"

#include <QDateTime>
#include <QWidget>

class BreakpointsModel;
class DebuggerPanes;
class ProfilePage;
class ProfileRefresher;
class QLabel;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class SampleWatch;
class StopwatchButton;

class DebuggeePage : public QWidget
{
    Q_OBJECT
public:
    // Takes ownership of `session`, which has logged in.
    // `breakpoints` is the window's list, shared by every machine (may be null in tests).
    explicit DebuggeePage(MachineSession* session, BreakpointsModel* breakpoints = nullptr, QWidget* parent = nullptr);

    MachineSession* session() const { return m_session; }
    DebuggerPanes* debuggerPanes() const { return m_debugger; }
    bool isConnected() const { return m_session->isConnected(); }
    // Null until the machine has sent profile samples. While the profile is hidden (another
    // tab in front: fifty machines streaming) its views wait; asking for them here, or showing
    // them, brings them up to date first.
    ProfilePage* profilePage();
    StopwatchButton* stopwatch() const { return m_stopwatch; }
    // Why a profile started has no samples yet, when it has been long enough to say.
    SampleWatch* sampleWatch() const { return m_sampleWatch; }
    // Earlier profiling sessions of this machine (each start..stop), to open in tabs of their own.
    QToolButton* sessionsButton() const { return m_sessions; }
    ProfileRefresher* refresher() const { return m_refresher; }

    QString title() const;     // the label, else the machine's name
    // "xst #2" when several machines share a name (the window numbers them); also the
    // shared console's prefix for its lines.
    void setLabel(const QString& label);
    QDateTime connectedAt() const { return m_connectedAt; }
    void setConnectedAt(const QDateTime& at); // a machine given its tab later
    QString stateText() const; // "running", "broken", "disconnected"…
    QIcon stateIcon() const;
    QString tabText() const;   // the name, and the state unless running
    QString tabToolTip() const;
    // A copy of the profile as received so far (newer than what the views show between refreshes).
    std::shared_ptr<const xsprof::Profile> profile() const { return m_session->profileSnapshot(); }

    // Asks the engine to start or stop profiling; the stopwatch follows its answer.
    void toggleProfiling();
    // Closing a connected machine's tab ends its debugging: ask whether to abort it (Abort
    // sends <abort/>, Cancel keeps everything). closeConfirmed() when the tab may go.
    void requestClose();

signals:
    void titleChanged(); // name or state: the tab label follows
    void profilingChanged(bool profiling);
    void profilePageCreated(ProfilePage* page);
    // The user asked for finished session `index` (MachineSession::finishedProfile) in a tab.
    void sessionOpenRequested(int index);
    // Sessions › Compare Sessions… (two or more finished sessions): pick two to compare.
    void sessionsCompareRequested();
    void statusMessage(const QString& message);
    void closeConfirmed(); // the tab may be removed

private:
    QWidget* createHeader();
    void fillSessionsMenu();
    void showData(const ProfileDataPtr& data);
    void applyData(const ProfileDataPtr& data);
    bool eventFilter(QObject* watched, QEvent* event) override;
    void updateHeader();

    MachineSession* m_session;
    ProfileRefresher* m_refresher;
    QLabel* m_name = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_error = nullptr;
    QToolButton* m_run = nullptr;
    StopwatchButton* m_stopwatch = nullptr;
    SampleWatch* m_sampleWatch = nullptr;
    QToolButton* m_sessions = nullptr;
    QStackedWidget* m_stack = nullptr;
    QTabWidget* m_sections = nullptr; // Debugger | Profile
    DebuggerPanes* m_debugger = nullptr;
    QLabel* m_placeholder = nullptr;
    ProfilePage* m_page = nullptr;
    ProfileDataPtr m_pendingData; // the latest refresh, not shown while the profile is hidden
    QString m_label;
    QDateTime m_connectedAt = QDateTime::currentDateTime();
};
