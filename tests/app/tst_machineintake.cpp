// The machine intake: machines are received and held on a thread of its own, the window hears of
// them in batches, and a machine that earns a tab moves to the window's thread with every message.
#include "app/debugger/consolemodel.h"
#include "app/machines/machineintake.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"
#include "protocol/quietmachines.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <thread>
#include <vector>

namespace {

// A machine that logs in as `name`, waits for its answer, prints `lines` numbered lines in a few
// large writes and leaves. Blocking, for a thread of its own.
void printingMachine(quint16 port, const QByteArray& name, int lines)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return;
    socket.write("\r\n<xsbug><login name=\"" + name + "\" value=\"XS 17.7.0 64-bit LE 16-bit ID\" flags=\"e\"/></xsbug>\r\n");
    socket.waitForReadyRead(5000); // the login's answer
    socket.readAll();
    QByteArray out;
    for (int i = 0; i < lines; ++i) {
        out += "\r\n<xsbug><log>line " + QByteArray::number(i) + "&#10;</log></xsbug>\r\n";
        if (out.size() > 16384 || i == lines - 1) {
            socket.write(out);
            out.clear();
            socket.waitForBytesWritten(5000);
        }
    }
    socket.disconnectFromHost();
    if (socket.state() != QAbstractSocket::UnconnectedState)
        socket.waitForDisconnected(5000);
}

QStringList linesOf(const ConsoleModel& console)
{
    QStringList lines;
    for (int row = 0; row < console.rowCount(); ++row)
        lines << console.lineText(row);
    return lines;
}

// What the window would do with a machine that earned a tab: its console, then delivery.
struct Received {
    std::unique_ptr<MachineSession> session;
    QString label;
    std::unique_ptr<ConsoleModel> console;
    bool onWindowThread = false;
    bool disconnected = false;
};

} // namespace

class TestMachineIntake : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_intake = std::make_unique<MachineIntake>();
        m_received.clear();
        m_batches.clear();
        QVERIFY(m_intake->server()->listen(0));
        connect(m_intake.get(), &MachineIntake::machineReady, this,
                [this](MachineSession* session, const QString& label, const QDateTime&, const QList<xsbug::Log>& earnedBy) {
                    auto received = std::make_unique<Received>();
                    received->session.reset(session);
                    received->label = label;
                    received->onWindowThread = session->thread() == thread();
                    received->console = std::make_unique<ConsoleModel>();
                    received->console->attach(session);
                    for (const xsbug::Log& log : earnedBy)
                        received->console->appendLog(log);
                    Received* r = received.get();
                    connect(session, &MachineSession::disconnected, this, [r] { r->disconnected = true; });
                    m_received.push_back(std::move(received));
                    session->resumeDelivery();
                });
        connect(m_intake.get(), &MachineIntake::batchReady, this,
                [this](const IntakeBatch& batch) { m_batches.push_back(batch); });
    }
    void cleanup()
    {
        m_received.clear();
        m_intake.reset();
    }

    // 300 Workers recorded from the Moddable simulator, 16 at once: the first of the name gets a
    // tab, the others come and go on the intake's thread and are told of in a few batches.
    void workersStayInTheIntake()
    {
        storm(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker.xsbug"));
        if (QTest::currentTestFailed())
            return;
        const auto left = [this] { return leftCount(); };
        // A Worker that stays over the grace (a stalled machine) earns a tab: counted, never lost.
        QTRY_COMPARE_WITH_TIMEOUT(left() + m_received.size() - 1, size_t(299), 10000);
        QTRY_VERIFY(!m_batches.empty() && m_batches.back().held == 0);
        QVERIFY2(m_received.size() <= 3, qPrintable(QString::number(m_received.size())));
        QVERIFY(m_received.front()->onWindowThread);
        QCOMPARE(m_received.front()->session->name(), QStringLiteral("simpleworker"));
        QVERIFY(m_received.front()->label.isEmpty());
        // Batches, not a signal per machine: at most five a second, and far fewer than machines.
        QVERIFY2(m_batches.size() < 100, qPrintable(QString::number(m_batches.size())));
        for (const IntakeBatch& batch : m_batches) {
            for (const LeftMachines::Entry& entry : batch.left) {
                QCOMPARE(entry.name, QStringLiteral("simpleworker"));
                QVERIFY(entry.label.startsWith(QLatin1String("simpleworker #")));
            }
        }
    }

    // The same Workers, each printing a line after its login, with the console of all machines
    // off screen: unread output earns a tab to a few Workers of the name only (the storm made
    // 300 tabs and kept the window busy for minutes); the others' lines reach that console, every
    // one, and the Workers are told of as having left.
    void printingWorkersEarnFewTabs()
    {
        m_intake->setOutputSeen(false);
        QFile recorded(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker.xsbug"));
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        QByteArray worker = recorded.readAll();
        const QByteArray login = "</xsbug>\r\n";
        const qsizetype afterLogin = worker.indexOf(login);
        QVERIFY(afterLogin > 0 && worker.left(afterLogin).contains("<login"));
        worker.insert(afterLogin + login.size(), "\r\n<xsbug><log>worker ready&#10;</log></xsbug>\r\n");
        QTemporaryDir dir;
        const QString transcript = dir.filePath(QStringLiteral("printing_worker.xsbug"));
        QFile out(transcript);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(worker);
        out.close();
        storm(transcript);
        if (QTest::currentTestFailed())
            return;
        const auto left = [this] { return leftCount(); };
        QTRY_COMPARE_WITH_TIMEOUT(left() + m_received.size(), size_t(300), 10000);
        // The first of the name, QuietMachines::outputTabsPerName by their output, a stalled one or two.
        QVERIFY2(m_received.size() <= size_t(1 + QuietMachines::outputTabsPerName + 2),
                 qPrintable(QString::number(m_received.size())));
        QVERIFY(m_received.size() > size_t(QuietMachines::outputTabsPerName));
        qint64 heldLines = 0;
        for (const IntakeBatch& batch : m_batches) {
            heldLines += batch.linesNotShown;
            for (const IntakeBatch::Line& line : batch.lines) {
                QCOMPARE(line.log.text, QStringLiteral("worker ready\n"));
                ++heldLines;
            }
        }
        QCOMPARE(heldLines, qint64(299)); // every held Worker's, those that earned a tab too
        for (const auto& received : m_received) // and each tab's console has its machine's line
            QCOMPARE(linesOf(*received->console), QStringList{QStringLiteral("worker ready")});
    }

    // The Moddable app's main machine twice: the second is held until its first console line
    // earns it a tab, and moves to the window's thread inside that line's signal. Its console then
    // holds exactly what the first machine's does: nothing lost or reordered on the way.
    void handOverKeepsEveryMessage()
    {
        QProcess replay;
        replay.start(QStringLiteral("python3"),
                     {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                      QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker_main.xsbug"), QStringLiteral("--connect"),
                      QStringLiteral("127.0.0.1:%1").arg(m_intake->server()->port()), QStringLiteral("--machines"),
                      QStringLiteral("2"), QStringLiteral("--quiet")});
        QVERIFY(replay.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(m_received.size(), size_t(2), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(m_received[0]->disconnected && m_received[1]->disconnected, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(replay.state() == QProcess::NotRunning, 30000);
        // A console makes the lines logged in one turn of the event loop its rows at the next
        // turn (ConsoleModel::attach): under load the last lines and the disconnection come in
        // one turn, and the rows are read only once that next turn has run.
        QCoreApplication::processEvents();
        const Received* first = m_received[0]->label.isEmpty() ? m_received[0].get() : m_received[1].get();
        const Received* second = first == m_received[0].get() ? m_received[1].get() : m_received[0].get();
        QCOMPARE(second->label, QStringLiteral("simple #2"));
        QVERIFY(first->onWindowThread && second->onWindowThread);
        const QStringList lines = linesOf(*first->console);
        QVERIFY2(lines.size() > 1000, qPrintable(QString::number(lines.size())));
        QCOMPARE(linesOf(*second->console), lines);
        const auto samples = [](const Received* r) {
            std::vector<qint64> counts;
            for (const SessionParser::SessionSummary& s : r->session->profileSummaries())
                counts.push_back(qint64(s.samples));
            return counts;
        };
        QVERIFY(!samples(first).empty());
        QCOMPARE(samples(second), samples(first));
    }

    // With the console of all machines on screen, a held machine's lines earn no tab: they come
    // in batches, each within the console's bound, the older ones counted as not shown.
    void heldLinesComeInBoundedBatches()
    {
        m_intake->setOutputSeen(true);
        m_intake->setMaxLines(100);
        const quint16 port = m_intake->server()->port();
        std::thread app([port] { printingMachine(port, "printer", 10); });
        app.join();
        QTRY_COMPARE(m_received.size(), size_t(1)); // the first of its name
        constexpr int lines = 3000;
        std::thread again([port] { printingMachine(port, "printer", lines); });
        again.join();
        const auto counted = [this] {
            qint64 count = 0;
            for (const IntakeBatch& batch : m_batches)
                count += qint64(batch.lines.size()) + batch.linesNotShown;
            return count;
        };
        QTRY_COMPARE_WITH_TIMEOUT(counted(), qint64(lines), 10000);
        QCOMPARE(m_received.size(), size_t(1)); // still no tab: it left within the grace
        QString last;
        for (const IntakeBatch& batch : m_batches) {
            QVERIFY(batch.lines.size() <= 100);
            for (const IntakeBatch::Line& line : batch.lines) {
                QCOMPARE(line.source, QStringLiteral("printer #2"));
                last = line.log.text;
            }
        }
        QCOMPARE(last, QStringLiteral("line %1\n").arg(lines - 1));
    }

    // The console takes a batch as one insertion within its bound, open lines included.
    void consoleTakesBatches()
    {
        ConsoleModel console;
        QAbstractItemModelTester tester(&console, QAbstractItemModelTester::FailureReportingMode::QtTest);
        console.setMaxLines(5);
        console.appendText(QStringLiteral("a1\na2 open"), QStringLiteral("a"));
        int inserts = 0;
        connect(&console, &QAbstractItemModel::rowsInserted, this, [&] { ++inserts; });
        console.startBatch();
        console.appendText(QStringLiteral(" continued\n"), QStringLiteral("a")); // finishes a row already shown
        console.appendText(QStringLiteral("b1\nb2"), QStringLiteral("b"));
        console.appendText(QStringLiteral(" more\nb3\n"), QStringLiteral("b")); // continues a line of the batch
        QCOMPARE(console.rowCount(), 2);
        console.endBatch();
        QCOMPARE(inserts, 1);
        QCOMPARE(linesOf(console), (QStringList{QStringLiteral("a1"), QStringLiteral("a2 open continued"),
                                                QStringLiteral("b1"), QStringLiteral("b2 more"), QStringLiteral("b3")}));
        console.startBatch();
        for (int i = 0; i < 8; ++i)
            console.appendText(QStringLiteral("c%1\n").arg(i), QStringLiteral("c"));
        console.endBatch();
        QCOMPARE(linesOf(console), (QStringList{QStringLiteral("c3"), QStringLiteral("c4"), QStringLiteral("c5"),
                                                QStringLiteral("c6"), QStringLiteral("c7")}));
    }

private:
    // 300 machines of `transcript`, 16 at once, into the intake (machine_storm.py).
    void storm(const QString& transcript)
    {
        QProcess storm;
        storm.start(QStringLiteral("python3"),
                    {QStringLiteral(XSPROF_TOOLS_DIR "/machine_storm.py"), transcript, QStringLiteral("--connect"),
                     QStringLiteral("127.0.0.1:%1").arg(m_intake->server()->port()), QStringLiteral("--count"),
                     QStringLiteral("300"), QStringLiteral("--parallel"), QStringLiteral("16")});
        QVERIFY(storm.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(storm.state() == QProcess::NotRunning, 120000);
        QCOMPARE(storm.exitCode(), 0);
    }
    // The machines the batches said left without a tab.
    size_t leftCount() const
    {
        size_t count = 0;
        for (const IntakeBatch& batch : m_batches)
            count += batch.left.size();
        return count;
    }

    std::unique_ptr<MachineIntake> m_intake;
    std::vector<std::unique_ptr<Received>> m_received;
    std::vector<IntakeBatch> m_batches;
};

QTEST_MAIN(TestMachineIntake)
#include "tst_machineintake.moc"
