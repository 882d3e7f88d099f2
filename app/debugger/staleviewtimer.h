#pragma once
// When a debugger view should forget what it shows: half a second after the machine runs on
// (a step that breaks again at once just updates the rows, without a blank flash between, as
// in xsbug), and at once when it disconnects.
#include "protocol/debuggee.h"

#include <QObject>
#include <QTimer>

#include <functional>

class StaleViewTimer : public QObject
{
    Q_OBJECT
public:
    static constexpr int delayMs = 500;

    // Calls `clear` when the view's content has gone stale.
    StaleViewTimer(Debuggee* session, std::function<void()> clear, QObject* parent);

    bool isPending() const { return m_timer.isActive(); }

private:
    QTimer m_timer;
    std::function<void()> m_clear;
};
