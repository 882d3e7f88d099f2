#pragma once
// A fake XS machine for the debugger tests (and tst_xsccompiler): a loopback socket that sends
// xsbug messages as an engine would and keeps everything the front end sends back.
#include "protocol/debugserver.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>

struct FakeXsMachine {
    QTcpSocket socket;
    QByteArray received;

    bool connectTo(quint16 port)
    {
        QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [this] { received += socket.readAll(); });
        socket.connectToHost(QHostAddress::LocalHost, port);
        return socket.waitForConnected(5000);
    }
    void send(const QByteArray& content)
    {
        socket.write("\r\n<xsbug>" + content + "</xsbug>\r\n");
        socket.flush();
    }
    // Whether the front end has sent `text` (within 10 s).
    bool waitFor(const QByteArray& text)
    {
        QDeadlineTimer deadline(10000);
        while (!received.contains(text) && !deadline.hasExpired())
            QTest::qWait(10);
        return received.contains(text);
    }
    // Listens on a free port with `settings`, logs in as `name` and waits for the login's answer;
    // the server's session for it, or null.
    MachineSession* logInto(DebugServer& server, const SessionSettings& settings, const QByteArray& name)
    {
        server.setSessionSettings(settings);
        if (!server.listen(0))
            return nullptr;
        QSignalSpy connected(&server, &DebugServer::machineConnected);
        if (!connectTo(server.port()))
            return nullptr;
        send("<login name=\"" + name + "\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
        if (!connected.wait(5000) || !waitFor("</set-all-breakpoints>"))
            return nullptr;
        return connected.at(0).at(0).value<MachineSession*>();
    }
};

// What xst sends when it stops at `debugger;` in `script` at `line`: frames, locals, break.
inline QByteArray fakeBreakIn(const QString& script, int line)
{
    const QByteArray p = script.toUtf8(), l = QByteArray::number(line);
    return "<frames><frame name=\"mid\" value=\"@00007FE5E13FB000\" path=\"" + p + "\" line=\"" + l +
           "\"/></frames><local name=\"mid\" value=\"@00007FE5E13FB000\" path=\"" + p + "\" line=\"" + l +
           "\"><property flags=\" cew_\" name=\"n\" value=\"1\"/></local><global></global><grammar></grammar>"
           "<break path=\"" + p + "\" line=\"" + l + "\"># Break: debugger!\n</break>";
}
