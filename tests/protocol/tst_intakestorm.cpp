// A storm of Workers through the intake as the window runs it: the IntakeCore on a thread of its
// own (its login desk on another, its parsing on the pool), machines held there until they earn a
// place, the one that does handed over to this thread with every message it sent. Recorded
// Workers from the Moddable simulator (../shared/corpus/xsbug/sim_worker.xsbug) played by
// ../shared/tools/machine_storm.py. scripts/test.sh runs it under ThreadSanitizer too (every
// thread of the intake at once).
#include "protocol/intake/intakecore.h"
#include "protocol/machinesession.h"
#include "protocol/threadhandoff.h"

#include <QProcess>
#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

namespace {

// What the intake's thread saw: its own, read from here only through threadhandoff::call.
struct IntakeSide {
    IntakeCore* core = nullptr;
    int connected = 0, held = 0, left = 0; // held: in total
    QStringList leftLabels;
};

// A machine given to this thread, as the window takes one that earned a tab.
struct Shown {
    std::unique_ptr<MachineSession> session;
    QString label;
    bool onThisThread = false;
    bool disconnected = false;
};

} // namespace

class TestIntakeStorm : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void workersComeAndGoThroughTheIntake();

private:
    QThread m_intakeThread;
    QObject* m_onIntakeThread = nullptr; // the context of calls made there
    IntakeSide m_side;                   // the intake thread's
    std::vector<std::unique_ptr<Shown>> m_shown;
    quint16 m_port = 0;
};

void TestIntakeStorm::init()
{
    m_side = {};
    m_shown.clear();
    m_intakeThread.start();
    m_onIntakeThread = new QObject;
    m_onIntakeThread->moveToThread(&m_intakeThread);
    QThread* const here = thread();
    QString error;
    threadhandoff::call(m_onIntakeThread, [this, here, &error] {
        IntakeCore::Policy policy; // the window's: further machines held, numbers released
        policy.releaseNames = true;
        m_side.core = new IntakeCore(policy, m_onIntakeThread);
        IntakeCore* core = m_side.core;
        // Direct: these run on the intake's thread, where the core says them.
        connect(core, &IntakeCore::machineConnected, m_onIntakeThread, [this](MachineSession*, const QString&, bool held) {
            ++m_side.connected;
            m_side.held += held ? 1 : 0;
        });
        connect(core, &IntakeCore::quietMachineLeft, m_onIntakeThread,
                [this](MachineSession*, const QString& label, const QDateTime&) {
                    ++m_side.left;
                    m_side.leftLabels << label;
                });
        connect(core, &IntakeCore::machineShown, m_onIntakeThread,
                [this, here, core](MachineSession* session, const QString& label, const QDateTime&, const xsbug::Log*) {
                    session->holdDelivery(); // what follows waits for this thread
                    disconnect(session, nullptr, core->server(), nullptr);
                    session->setParent(nullptr);
                    session->moveToThread(here);
                    threadhandoff::post(this, [this, session, label] {
                        auto shown = std::make_unique<Shown>();
                        shown->session.reset(session);
                        shown->label = label;
                        shown->onThisThread = session->thread() == thread();
                        Shown* s = shown.get();
                        connect(session, &MachineSession::disconnected, this, [s] { s->disconnected = true; });
                        m_shown.push_back(std::move(shown));
                        session->resumeDelivery();
                    });
                });
        if (core->listen(QHostAddress(QHostAddress::LocalHost), 0, error))
            m_port = core->server()->port();
    });
    QVERIFY2(m_port != 0, qPrintable(error));
}

void TestIntakeStorm::cleanup()
{
    m_shown.clear();
    threadhandoff::call(m_onIntakeThread, [this] { delete m_onIntakeThread; }); // the core with it
    m_intakeThread.quit();
    m_intakeThread.wait();
}

// 300 Workers, 16 at once: the first of the name is shown and comes to this thread; the others
// are held on the intake's thread and leave from there, each counted once, numbered after it.
void TestIntakeStorm::workersComeAndGoThroughTheIntake()
{
    constexpr int workers = 300;
    QProcess storm;
    storm.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    storm.start(QStringLiteral("python3"),
                {QStringLiteral(XSPROF_TOOLS_DIR "/machine_storm.py"), QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker.xsbug"),
                 QStringLiteral("--connect"), QStringLiteral("127.0.0.1:%1").arg(m_port), QStringLiteral("--count"),
                 QString::number(workers), QStringLiteral("--parallel"), QStringLiteral("16")});
    QVERIFY(storm.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(storm.state() == QProcess::NotRunning, 240000);
    QCOMPARE(storm.exitCode(), 0); // every login was answered

    // Every machine is told of once: shown (here), or held and gone. One held past the grace
    // (a slow run) is shown too: counted, never lost.
    IntakeSide seen;
    int heldNow = -1;
    const auto settled = [&] {
        threadhandoff::call(m_onIntakeThread, [&] {
            seen = m_side;
            heldNow = m_side.core->held();
        });
        return seen.connected == workers && heldNow == 0 && seen.left + int(m_shown.size()) == workers;
    };
    QTRY_VERIFY_WITH_TIMEOUT(settled(), 20000);
    qInfo("%d machines: %d held, %d left from there, %d shown here", seen.connected, seen.held, seen.left,
          int(m_shown.size()));
    QVERIFY2(m_shown.size() <= 3, qPrintable(QString::number(m_shown.size())));
    QVERIFY(seen.left >= workers - 3);
    for (const QString& label : std::as_const(seen.leftLabels))
        QVERIFY2(label.startsWith(QLatin1String("simpleworker #")), qPrintable(label));

    // The first came here with everything it sent: its profiling session, opened and stopped.
    const Shown& first = *m_shown.front();
    QVERIFY(first.label.isEmpty());
    QVERIFY(first.onThisThread);
    QCOMPARE(first.session->name(), QStringLiteral("simpleworker"));
    QTRY_VERIFY(first.disconnected);
    QVERIFY(first.session->catchUp(10000));
    QCOMPARE(first.session->profileSessionCount(), 1);
}

QTEST_GUILESS_MAIN(TestIntakeStorm)
#include "tst_intakestorm.moc"
