// Recovery journals across windows, with real processes: a running window's journals are
// never offered nor deleted by another; once it is killed (SIGKILL) the next window adopts
// them, and a third one then leaves them alone; sessions saved before the kill are not
// offered again. The "windows" are this executable run as a child holding a journal as
// app/machines/recoveryjournals does for the window.
#include "app/machines/recoveryjournals.h"

#include "model/xs/sessionjournal.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <cstdio>
#include <cstring>

namespace {

const char* const fixture = XSPROF_FIXTURES_DIR "/gc_alloc.journal-v2.xsj";

QString journalOf(const QString& directory, qint64 pid, int n)
{
    return QDir(directory).filePath(QStringLiteral("20261125-101500-000-%1-%2.xsj").arg(pid).arg(n));
}

// Child: a window holding its lock and one journal (with --saved, every session of it saved),
// until killed. Prints "ready".
int holdJournal(const QString& directory, bool saved)
{
    RecoveryJournals journals(directory);
    const QString journal = journalOf(directory, QCoreApplication::applicationPid(), 0);
    if (!QFile::copy(QString::fromLatin1(fixture), journal))
        return 2;
    if (saved) {
        const xsprof::SessionJournal::Recovered r = xsprof::SessionJournal::recover(QFile::encodeName(journal).toStdString());
        for (size_t i = 0; i < r.sessions.size(); ++i)
            RecoveryJournals::markSaved(journal, int(i), r.sessions[i].samples.size());
    }
    std::puts("ready");
    std::fflush(stdout);
    for (;;)
        QThread::sleep(1);
}

// Child: a window starting up; prints how many journals it recovered.
int recoverOnce(const QString& directory)
{
    RecoveryJournals journals(directory);
    std::printf("%zu\n", journals.recoverAll(nullptr).size());
    return 0;
}

} // namespace

class TestJournalOwners : public QObject
{
    Q_OBJECT

private slots:
    void runningWindowsKeepTheirJournals();
    void savedSessionsAreNotOfferedAgain();

private:
    QProcess* startHolder(const QString& directory, bool saved);
    QTemporaryDir m_dir;
};

QProcess* TestJournalOwners::startHolder(const QString& directory, bool saved)
{
    auto* holder = new QProcess(this);
    QStringList arguments{QStringLiteral("--hold-journal"), directory};
    if (saved)
        arguments << QStringLiteral("--saved");
    holder->start(QCoreApplication::applicationFilePath(), arguments);
    if (!holder->waitForReadyRead(20000) || !holder->readAllStandardOutput().startsWith("ready"))
        return nullptr;
    return holder;
}

void TestJournalOwners::runningWindowsKeepTheirJournals()
{
    const QString directory = m_dir.filePath(QStringLiteral("running"));
    QProcess* first = startHolder(directory, false);
    QVERIFY(first);
    const QString firstJournal = journalOf(directory, first->processId(), 0);
    QVERIFY(QFile::exists(firstJournal));

    // A second window while the first runs: nothing offered, nothing deleted, even when its
    // size bound would take the journal.
    {
        RecoveryJournals second(directory);
        QVERIFY(second.belongsToAnotherInstance(firstJournal));
        QCOMPARE(second.recoverAll(nullptr).size(), size_t(0));
        second.enforceLimit(0);
        QVERIFY(QFile::exists(firstJournal));
    }

    // The first window is killed: the next one adopts its journal...
    ::kill(pid_t(first->processId()), SIGKILL);
    QVERIFY(first->waitForFinished(10000));
    RecoveryJournals adopter(directory);
    QVERIFY(!adopter.belongsToAnotherInstance(firstJournal));
    const std::vector<RecoveryJournals::Recovered> recovered = adopter.recoverAll(nullptr);
    QCOMPARE(recovered.size(), size_t(1));
    QVERIFY(!recovered[0].sessions.empty());
    QCOMPARE(recovered[0].path, journalOf(directory, QCoreApplication::applicationPid(), 0));
    QVERIFY(!QFile::exists(firstJournal));

    // ...and a third window, started while the adopter runs, leaves it alone.
    QProcess third;
    third.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--recover"), directory});
    QVERIFY(third.waitForFinished(20000));
    QCOMPARE(third.readAllStandardOutput().trimmed(), QByteArray("0"));
    QVERIFY(QFile::exists(recovered[0].path));
}

void TestJournalOwners::savedSessionsAreNotOfferedAgain()
{
    const QString directory = m_dir.filePath(QStringLiteral("saved"));
    QProcess* holder = startHolder(directory, true);
    QVERIFY(holder);
    const QString journal = journalOf(directory, holder->processId(), 0);
    ::kill(pid_t(holder->processId()), SIGKILL);
    QVERIFY(holder->waitForFinished(10000));
    QVERIFY(QFile::exists(journal));
    RecoveryJournals next(directory);
    QCOMPARE(next.recoverAll(nullptr).size(), size_t(0)); // everything in it had been saved
    QVERIFY(QDir(directory).entryList({QStringLiteral("*.xsj"), QStringLiteral("*.saved")}, QDir::Files).isEmpty());
}

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc >= 3 && std::strcmp(argv[1], "--hold-journal") == 0)
        return holdJournal(QString::fromLocal8Bit(argv[2]), argc >= 4 && std::strcmp(argv[3], "--saved") == 0);
    if (argc == 3 && std::strcmp(argv[1], "--recover") == 0)
        return recoverOnce(QString::fromLocal8Bit(argv[2]));
    TestJournalOwners test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_journalowners.moc"
