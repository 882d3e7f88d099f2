#include "app/debugger/staleviewtimer.h"

StaleViewTimer::StaleViewTimer(Debuggee* session, std::function<void()> clear, QObject* parent)
    : QObject(parent), m_clear(std::move(clear))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { m_clear(); });
    connect(session, &Debuggee::stateChanged, this, [this](Debuggee::State state) {
        switch (state) {
        case Debuggee::State::Running: m_timer.start(); break;
        case Debuggee::State::Broken: m_timer.stop(); break; // fresh data is on its way
        case Debuggee::State::AwaitingLogin:
        case Debuggee::State::Disconnected:
            m_timer.stop();
            m_clear();
            break;
        }
    });
}
