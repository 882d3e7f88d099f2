// Breaks per second through MachineSession (issue 16): a machine breaks, the front end
// answers <go/>, the machine breaks again. Each figure is measured with our socket options
// (TCP_NODELAY, TCP_QUICKACK after reads) and without them, side by side in one run.
//   fake engine: a thread writing each break in 256-byte writes, as xsDebug.c's echo buffer does
//   real engine: when XSPROF_BENCH_XST names an xst binary, a script throwing N caught exceptions
//                with break-on-exceptions on (each throw is a break)
// Prints medians of 5 runs.
#include "protocol/debugserver.h"
#include "protocol/lowlatency.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTimer>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string message(const std::string& body)
{
    return "\r\n<xsbug>" + body + "</xsbug>\r\n";
}

// About 3 KB, as a small program's break with its globals.
std::string breakMessage()
{
    std::string globals;
    for (int i = 0; i < 40; ++i)
        globals += "<property flags=\"+cEw_\" name=\"Global" + std::to_string(i) + "\" value=\"@00007FEDC80C97D0\"/>";
    return message("<frames><frame name=\"f\" value=\"@00007F3A10C0A710\" path=\"/app/main.js\" line=\"7\"/></frames>"
                   "<local name=\"f\" value=\"@00007F3A10C0A710\" path=\"/app/main.js\" line=\"7\"></local><global>" +
                   globals + "</global><grammar></grammar><break path=\"/app/main.js\" line=\"7\"># Break: throw!\n</break>");
}

void fakeEngine(int port, int breaks)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
        return;
    auto sendAll = [fd](const std::string& bytes) {
        // The engine writes whenever its 256-byte buffer fills.
        for (size_t at = 0; at < bytes.size(); at += 256)
            ::send(fd, bytes.data() + at, std::min<size_t>(256, bytes.size() - at), MSG_NOSIGNAL);
    };
    auto readUntil = [fd](const char* what) {
        std::string got;
        char buffer[4096];
        while (got.find(what) == std::string::npos) {
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                return false;
            got.append(buffer, size_t(n));
        }
        return true;
    };
    sendAll(message("<login name=\"bench\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>"));
    readUntil("</set-all-breakpoints>");
    const std::string at = breakMessage();
    for (int i = 0; i < breaks; ++i) {
        sendAll(at);
        if (!readUntil("<go/>"))
            break;
    }
    ::close(fd);
}

// Seconds for `breaks` breaks of the fake engine.
double runFake(int breaks)
{
    DebugServer server;
    QObject::connect(&server, &DebugServer::machineConnected, [](MachineSession* s) {
        QObject::connect(s, &MachineSession::broke, s, [s] { s->go(); });
    });
    server.listen(0);
    QElapsedTimer clock;
    clock.start();
    std::thread engine(fakeEngine, int(server.port()), breaks);
    std::atomic<bool> done{false};
    std::thread waiter([&] {
        engine.join();
        done = true;
    });
    while (!done)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    waiter.join();
    return clock.nsecsElapsed() / 1e9;
}

// Seconds for xst to run a script throwing `throws` caught exceptions while connected.
double runReal(const QString& xst, const QString& script)
{
    DebugServer server;
    QObject::connect(&server, &DebugServer::machineConnected, [](MachineSession* s) {
        QObject::connect(s, &MachineSession::broke, s, [s] { s->go(); });
    });
    server.listen(0);
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XSBUG_HOST"), QStringLiteral("127.0.0.1:%1").arg(server.port()));
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer clock;
    clock.start();
    process.start(xst, {script});
    while (process.state() != QProcess::NotRunning)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    return clock.nsecsElapsed() / 1e9;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int breaks = 300;
    std::printf("breaks per second through MachineSession (median of 5; %d breaks a run)\n", breaks);
    for (bool lowLatency : {true, false}) {
        LowLatency::setEnabled(lowLatency);
        std::vector<double> times;
        for (int run = 0; run < 5; ++run)
            times.push_back(runFake(breaks));
        std::printf("  fake engine, %-34s %8.0f breaks/s\n",
                    lowLatency ? "TCP_NODELAY + TCP_QUICKACK:" : "without (as before):", breaks / median(times));
    }
    const QString xst = qEnvironmentVariable("XSPROF_BENCH_XST");
    if (xst.isEmpty()) {
        std::printf("  real engine: set XSPROF_BENCH_XST to an xst binary (Moddable SDK) to measure it\n");
        return 0;
    }
    QTemporaryDir dir;
    const int throws = 200;
    const QString script = dir.filePath(QStringLiteral("throws.js"));
    QFile file(script);
    file.open(QIODevice::WriteOnly);
    file.write(QByteArrayLiteral("let caught = 0;\nfor (let i = 0; i < ") + QByteArray::number(throws) +
               QByteArrayLiteral("; i++) {\n\ttry { throw new Error(\"e\" + i); } catch { caught++; }\n}\n"));
    file.close();
    for (bool lowLatency : {true, false}) {
        LowLatency::setEnabled(lowLatency);
        std::vector<double> times;
        for (int run = 0; run < 5; ++run)
            times.push_back(runReal(xst, script));
        std::printf("  xst, %d caught throws, %-25s %8.0f breaks/s (%.3f s a run)\n", throws,
                    lowLatency ? "TCP_NODELAY + TCP_QUICKACK:" : "without (as before):", throws / median(times),
                    median(times));
    }
    return 0;
}
