#include "dapterminal.h"

#include <QSocketNotifier>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

DapTerminal::DapTerminal(QObject* parent) : QObject(parent) {}

DapTerminal::~DapTerminal()
{
    closeAll();
}

bool DapTerminal::open(QString& error)
{
    closeAll();
    struct termios raw {};
    cfmakeraw(&raw);
    if (::openpty(&m_adapterEnd, &m_programEnd, nullptr, &raw, nullptr) != 0) {
        error = QStringLiteral("cannot open a pseudo-terminal: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        m_adapterEnd = m_programEnd = -1;
        return false;
    }
    ::fcntl(m_adapterEnd, F_SETFD, FD_CLOEXEC);
    ::fcntl(m_adapterEnd, F_SETFL, ::fcntl(m_adapterEnd, F_GETFL) | O_NONBLOCK);
    ::fcntl(m_programEnd, F_SETFD, FD_CLOEXEC); // the child dup2()s it onto 1, which stays open
    m_notifier = new QSocketNotifier(qintptr(m_adapterEnd), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &DapTerminal::readAvailable);
    return true;
}

void DapTerminal::closeProgramEnd()
{
    if (m_programEnd >= 0)
        ::close(m_programEnd);
    m_programEnd = -1;
}

void DapTerminal::readAvailable()
{
    if (m_adapterEnd < 0)
        return;
    char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(m_adapterEnd, buffer, sizeof buffer);
        if (n > 0) {
            emit data(QByteArray(buffer, qsizetype(n)));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        // EAGAIN: all read for now. EIO or 0: every writer closed its end (Linux reports EIO).
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            m_notifier->setEnabled(false);
        return;
    }
}

void DapTerminal::drain()
{
    readAvailable();
}

void DapTerminal::closeAll()
{
    delete m_notifier;
    m_notifier = nullptr;
    if (m_adapterEnd >= 0)
        ::close(m_adapterEnd);
    closeProgramEnd();
    m_adapterEnd = -1;
}
