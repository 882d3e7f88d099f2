#pragma once
// A command the machine has not acted on yet (issue 16): xst reads its socket only while it
// waits (login, a break), so Break, Kill or Stop Profiling sent while it runs lie unread until
// its next pause. One tracker per machine (of()), shared by the tab's toolbar, the Debug menu
// and the stopwatch; cleared when the machine answers (a break, a state change, or it leaves;
// the profiling commands' answer is a profiling change, which their sender passes to clear()).
#include <QObject>
#include <QString>

class Debuggee;

class PendingCommand : public QObject
{
    Q_OBJECT
public:
    // The session's tracker, made on first use (a child of the session).
    static PendingCommand* of(Debuggee* session);

    QString text() const { return m_text; }
    // Notes `what` ("Break requested") when the machine is running; does nothing otherwise.
    void note(const QString& what);
    void clear();

signals:
    void changed(const QString& text); // "" when cleared

private:
    explicit PendingCommand(Debuggee* session);

    Debuggee* m_session;
    QString m_text;
};
