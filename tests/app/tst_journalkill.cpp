// Crash safety end to end: `xsprof listen --journal DIR` records a real transcript replayed in
// real time (../shared/tools/xs_replay.py --speed 1) and is killed with SIGKILL at random
// points. Whatever the journal left recovers to a prefix of the session the transcript holds:
// same samples, same stacks, same times, nothing invented; the later the kill, the more.
#include "model/profileloader.h"
#include "model/xs/sessionjournal.h"

#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

namespace {

const char transcript[] = XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start.xsbug";

std::vector<std::string> describe(const xsprof::Profile& p)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < p.samples.size(); ++i) {
        std::string line = std::to_string(int64_t(p.samples.time[i])) + ":";
        for (xsprof::StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value])
            line += " " + std::to_string(p.frames.xsId[p.stacks.frame[s.value].value]);
        out.push_back(line);
    }
    return out;
}

} // namespace

class TestJournalKill : public QObject {
    Q_OBJECT
private slots:
    void killedListenLeavesAPrefix_data();
    void killedListenLeavesAPrefix();
};

void TestJournalKill::killedListenLeavesAPrefix_data()
{
    QTest::addColumn<int>("killAfterMs");
    const quint32 seed = QRandomGenerator::global()->generate();
    QRandomGenerator random(seed);
    qInfo("kill points from seed %u", seed);
    for (int i = 0; i < 4; ++i) {
        const int ms = 300 + int(random.bounded(2200u)); // the session lasts about 2.2 s
        QTest::addRow("kill after %d ms", ms) << ms;
    }
    QTest::addRow("kill after the end") << 4500;
}

void TestJournalKill::killedListenLeavesAPrefix()
{
    QFETCH(int, killAfterMs);
    const xsprof::LoadResult full = xsprof::loadProfileFile(transcript);
    QVERIFY(full.ok());
    const std::vector<std::string> all = describe(*full.profile);

    QTemporaryDir dir;
    QTcpServer probe; // a free port
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const QString port = QString::number(probe.serverPort());
    probe.close();
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE), {QStringLiteral("listen"), QStringLiteral("--port"), port,
                                                     QStringLiteral("--profile-on-start"), QStringLiteral("--journal"),
                                                     dir.path()});
    QVERIFY(listen.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("listening"), 10000);
    QProcess replay;
    replay.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), QLatin1String(transcript),
                                             QStringLiteral("--connect"), QStringLiteral("127.0.0.1:") + port,
                                             QStringLiteral("--speed"), QStringLiteral("1"), QStringLiteral("--quiet")});
    QVERIFY(replay.waitForStarted());
    QTest::qWait(killAfterMs);
    listen.kill(); // SIGKILL: no destructor, no flush
    QVERIFY(listen.waitForFinished(5000));
    QCOMPARE(listen.exitStatus(), QProcess::CrashExit);
    replay.waitForFinished(10000);

    const QStringList journals = QDir(dir.path()).entryList({QStringLiteral("*.xsj")}, QDir::Files);
    if (journals.isEmpty() && killAfterMs < 1500) {
        qInfo("killed after %d ms: the machine had not connected yet", killAfterMs);
        return; // nothing received, nothing to recover
    }
    QCOMPARE(journals.size(), 1);
    const xsprof::SessionJournal::Recovered r =
        xsprof::SessionJournal::recover(QFile::encodeName(dir.filePath(journals[0])).toStdString());
    QVERIFY2(r.error.empty(), r.error.c_str());
    const std::vector<std::string> got = r.sessions.empty() ? std::vector<std::string>() : describe(r.sessions[0]);
    QVERIFY(r.sessions.size() <= 1);
    QVERIFY2(got.size() <= all.size() && std::equal(got.begin(), got.end(), all.begin()),
             "the recovered samples are not a prefix of the transcript's session");
    qInfo("killed after %d ms: %zu of %zu samples recovered", killAfterMs, got.size(), all.size());
    if (killAfterMs >= 4500)
        QCOMPARE(got.size(), all.size()); // the whole session was received and flushed at <pt stop>
    else if (killAfterMs >= 1500)
        QVERIFY(!got.empty()); // written at most a second after it arrived
}

QTEST_GUILESS_MAIN(TestJournalKill)
#include "tst_journalkill.moc"
