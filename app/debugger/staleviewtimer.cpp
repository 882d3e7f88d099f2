#include "app/debugger/staleviewtimer.h"

StaleViewTimer::StaleViewTimer(MachineSession* session, std::function<void()> clear, QObject* parent)
    : QObject(parent), m_clear(std::move(clear))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { m_clear(); });
    connect(session, &MachineSession::stateChanged, this, [this](MachineSession::State state) {
        switch (state) {
        case MachineSession::State::Running: m_timer.start(); break;
        case MachineSession::State::Broken: m_timer.stop(); break; // fresh data is on its way
        case MachineSession::State::AwaitingLogin:
        case MachineSession::State::Disconnected:
            m_timer.stop();
            m_clear();
            break;
        }
    });
}
