// The Devices pane in the window, as a user drives it: type the port (a pseudo-terminal with
// tests/protocol/serial_device.py playing two recorded machines), click Connect; each machine
// becomes a tab, the board's description and its log show, Restart brings the machines back.
#include "app/machines/devicespane.h"
#include "app/machines/machineintake.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "protocol/serial/serialconnection.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

class TestDevicesPane : public QObject
{
    Q_OBJECT
private slots:
    void twoMachinesOfABoardBecomeTabsWithTheBoardDescribed();
};

void TestDevicesPane::twoMachinesOfABoardBecomeTabsWithTheBoardDescribed()
{
    QTemporaryDir dir;
    const QString link = dir.filePath(QStringLiteral("tty"));
    const QString corpus = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/");
    QProcess device;
    device.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_SERIAL_DEVICE), QStringLiteral("--link"), link, QStringLiteral("--machine"),
                  QStringLiteral("3FFB0001:") + corpus + QStringLiteral("gc_alloc.profile-on-start.xsbug"),
                  QStringLiteral("--machine"), QStringLiteral("3FFB0002:") + corpus + QStringLiteral("sim_worker_main.xsbug"),
                  QStringLiteral("--garbage"), QStringLiteral("--keep-open"), QStringLiteral("--stay"), QStringLiteral("20")});
    const auto stop = qScopeGuard([&device] {
        device.kill();
        device.waitForFinished(2000);
    });
    QByteArray ready;
    QTRY_VERIFY_WITH_TIMEOUT((ready += device.readAllStandardOutput()).contains("ready"), 10000);

    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    DevicesPane* pane = window.devices();
    QVERIFY(pane);
    auto* tabs = window.findChild<QTabWidget*>();
    QVERIFY(tabs);
    const int before = tabs->count();

    auto* port = pane->findChild<QComboBox*>();
    QVERIFY(port && port->isEditable());
    port->lineEdit()->clear();
    QTest::keyClicks(port->lineEdit(), link);
    QPushButton* connectButton = nullptr;
    for (QPushButton* b : pane->findChildren<QPushButton*>()) {
        if (b->text() == QLatin1String("Connect"))
            connectButton = b;
    }
    QVERIFY(connectButton);
    QTest::mouseClick(connectButton, Qt::LeftButton);
    QVERIFY(pane->connection());
    // The pane shows the intake's connection; the intake owns it and hands its machines on.
    MachineIntake* intake = window.machines()->serverController()->intake();
    QVERIFY(intake);
    QCOMPARE(pane->connection(), intake->serial());
    QCOMPARE(pane->connection()->parent()->parent(), intake); // through its intake core on this thread
    QSignalSpy handedOn(intake, &MachineIntake::serialMachineConnected);
    QTRY_COMPARE_WITH_TIMEOUT(tabs->count(), before + 2, 15000);
    QCOMPARE(handedOn.count(), 2);
    QCOMPARE(connectButton->text(), QStringLiteral("Disconnect"));
    QVERIFY(tabs->tabText(before).contains(QLatin1String("xst")));
    QVERIFY(tabs->tabText(before + 1).contains(QLatin1String("simple")));

    // The board described (asked at the first login), its boot lines and our notes in the log.
    auto labelShowing = [pane](const QString& text) {
        for (QLabel* l : pane->findChildren<QLabel*>()) {
            if (l->text() == text)
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(labelShowing(QStringLiteral("24:0A:C4:12:34:56")), 10000);
    QVERIFY(labelShowing(QStringLiteral("esp32")));
    QVERIFY(labelShowing(QStringLiteral("16.4.0")));
    QVERIFY(labelShowing(QStringLiteral("64.0 KB")));
    QVERIFY2(pane->logText().contains(QLatin1String("rst:0x1 (POWERON_RESET)")), qPrintable(pane->logText()));
    QVERIFY(pane->logText().contains(QStringLiteral("» The board restarted.")));
    QVERIFY(pane->restartAction()->isEnabled());
    QVERIFY(pane->installModAction()->isEnabled());

    // Restart: the machines leave and log in again, as new tabs.
    pane->restartAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(tabs->count(), before + 4, 15000);
}

QTEST_MAIN(TestDevicesPane)
#include "tst_devicespane.moc"
