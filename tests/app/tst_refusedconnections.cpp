// Connections that never log in as an XS machine (garbage on the port, a peer that connects
// and leaves) open no tab: the status bar counts them and its tooltip gives each reason, and
// an honest machine connecting in the middle of them still gets its tab.
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"
#include "app/machines/servercontroller.h"
#include "app/machines/serverstatuswidget.h"
#include "app/settingskeys.h"
#include "protocol/debugserver.h"

#include <QLabel>
#include <QSettings>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

class TestRefusedConnections : public QObject
{
    Q_OBJECT
private slots:
    void hostilePeersAreCountedNotTabs();
};

void TestRefusedConnections::hostilePeersAreCountedNotTabs()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(SettingsKeys::port, 0);
    MainWindow window(&settings);
    QVERIFY(window.machines()->startDebugServer());
    const quint16 port = window.machines()->serverController()->server()->port();
    QLabel* label = window.machines()->serverStatus()->findChild<QLabel*>();
    QVERIFY(label);
    QVERIFY(!label->text().contains(QStringLiteral("refused")));

    // 2 MB that never form a message: cut at the first megabyte of garbage.
    QTcpSocket noise;
    noise.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(noise.waitForConnected(5000));
    QByteArray junk(2 << 20, '\0');
    for (qsizetype i = 0; i < junk.size(); ++i)
        junk[i] = char("(garbage)\x01\x7f"[i % 11]);
    noise.write(junk);
    // A peer that connects and leaves without a word.
    QTcpSocket leaver;
    leaver.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(leaver.waitForConnected(5000));
    leaver.disconnectFromHost();
    // An honest machine among them.
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"honest\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");

    QTRY_VERIFY2_WITH_TIMEOUT(label->text().contains(QStringLiteral("2 connections refused")), qPrintable(label->text()),
                              15000);
    QCOMPARE(window.documentCount(), 1);
    QVERIFY(window.machines()->currentDebuggee());
    const QString tip = label->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("closed the connection before logging in")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("before any login: ")) && tip.contains(QStringLiteral("outside any <xsbug> message")),
             qPrintable(tip));
    QCOMPARE(window.machines()->serverController()->refused().count(), 2);
    QVERIFY(label->text().startsWith(QStringLiteral("Listening on ")));
}

QTEST_MAIN(TestRefusedConnections)
#include "tst_refusedconnections.moc"
