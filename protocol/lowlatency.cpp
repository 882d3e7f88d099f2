#include "lowlatency.h"

#include <QTcpSocket>

#include <atomic>

#if defined(Q_OS_LINUX)
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#endif

namespace LowLatency {

namespace {
std::atomic<bool> g_enabled{true};
} // namespace

void setEnabled(bool enabled)
{
    g_enabled = enabled;
}

void configure(QTcpSocket* socket)
{
    if (!g_enabled)
        return;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    afterRead(socket);
}

void afterRead(QTcpSocket* socket)
{
#if defined(Q_OS_LINUX) && defined(TCP_QUICKACK)
    const qintptr fd = socket->socketDescriptor();
    if (fd >= 0 && g_enabled) {
        const int one = 1;
        ::setsockopt(int(fd), IPPROTO_TCP, TCP_QUICKACK, &one, sizeof one);
    }
#else
    Q_UNUSED(socket);
#endif
}

} // namespace LowLatency
