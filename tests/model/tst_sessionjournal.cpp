// The crash-safety journal: what is written reads back as the same sessions the transcript
// loader finds in the same messages; a journal cut at any byte recovers a prefix of them (the
// torn record dropped, nothing invented); a newer version's journal is refused clearly.
#include "model/profileloader.h"
#include "model/sessionjournal.h"
#include "model/xsbugelement.h"
#include "model/xsbugframer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace xsprof;

namespace {

QByteArray corpus(const char* name)
{
    QFile f(QStringLiteral(XSPROF_CORPUS_DIR "/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Each sample as "time: ids root first".
std::vector<std::string> describe(const Profile& p)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < p.samples.size(); ++i) {
        std::string line = std::to_string(int64_t(p.samples.time[i])) + ":";
        for (StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value])
            line += " " + std::to_string(p.frames.xsId[p.stacks.frame[s.value].value]) + "=" +
                    std::string(p.frameName(p.stacks.frame[s.value]));
        out.push_back(line);
    }
    return out;
}

// Journals the profiler messages of a transcript, as a live session would.
void journalTranscript(const QByteArray& bytes, SessionJournal& journal)
{
    XsbugFramer framer;
    std::vector<std::string> payloads;
    framer.feed(std::string_view(bytes.constData(), size_t(bytes.size())), payloads);
    for (const std::string& payload : payloads) {
        for (XsbugElement& e : parseXsbugPayload(payload)) {
            XsProfileMessage m;
            if (e.name == "login") {
                journal.appendLogin(*e.attribute("name"));
            } else if (decodeXsProfileMessage(e, m) == XsProfileDecode::Decoded) {
                journal.append(m);
                journal.flush(); // one write per message: a cut can fall anywhere
            }
        }
    }
    journal.close();
}

} // namespace

class TestSessionJournal : public QObject {
    Q_OBJECT
private slots:
    void recoversWhatTheTranscriptHolds();
    void cutAtAnyByteRecoversAPrefix();
    void newerVersionIsRefused();
    void notAJournal();

private:
    QTemporaryDir m_dir;
};

void TestSessionJournal::recoversWhatTheTranscriptHolds()
{
    const QByteArray bytes = corpus("xsbug/break_while_profiling.suspend-resume.xsbug");
    QVERIFY(!bytes.isEmpty());
    const std::string path = m_dir.filePath(QStringLiteral("full.xsj")).toStdString();
    SessionJournal journal;
    QVERIFY(journal.open(path));
    journalTranscript(bytes, journal);
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(!r.tornTail);
    QCOMPARE(r.machine, std::string("xst"));
    const LoadResult loaded = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug");
    QVERIFY(loaded.ok());
    QCOMPARE(r.sessions.size(), loaded.available.size());
    QVERIFY(describe(r.sessions[loaded.chosenIndex]) == describe(*loaded.profile));
    QCOMPARE(r.sessions[loaded.chosenIndex].samples.size(), size_t(640));
}

void TestSessionJournal::cutAtAnyByteRecoversAPrefix()
{
    const QByteArray bytes = corpus("xsbug/gc_alloc.profile-on-start.xsbug");
    const std::string path = m_dir.filePath(QStringLiteral("whole.xsj")).toStdString();
    SessionJournal journal;
    QVERIFY(journal.open(path));
    journalTranscript(bytes, journal);
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    const SessionJournal::Recovered full = SessionJournal::recover(path);
    QCOMPARE(full.sessions.size(), size_t(1));
    const std::vector<std::string> all = describe(full.sessions[0]);
    QCOMPARE(all.size(), size_t(1208));

    const std::string cutPath = m_dir.filePath(QStringLiteral("cut.xsj")).toStdString();
    size_t previous = 0;
    for (qsizetype cut = 12; cut <= whole.size(); cut += (cut < 2000 || whole.size() - cut < 2000) ? 1 : 37) {
        QFile out(QString::fromStdString(cutPath));
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(whole.left(cut));
        out.close();
        const SessionJournal::Recovered r = SessionJournal::recover(cutPath);
        QVERIFY2(r.error.empty(), r.error.c_str());
        const std::vector<std::string> got = r.sessions.empty() ? std::vector<std::string>() : describe(r.sessions[0]);
        QVERIFY2(got.size() <= all.size() && std::equal(got.begin(), got.end(), all.begin()),
                 qPrintable(QStringLiteral("cut at byte %1 is not a prefix").arg(cut)));
        QVERIFY(got.size() >= previous); // a longer journal never recovers less
        previous = got.size();
    }
    QCOMPARE(previous, all.size());
}

void TestSessionJournal::newerVersionIsRefused()
{
    const std::string path = m_dir.filePath(QStringLiteral("newer.xsj")).toStdString();
    {
        SessionJournal journal;
        QVERIFY(journal.open(path));
        journal.appendLogin("m");
        journal.close();
    }
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::ReadWrite));
    file.seek(8);
    file.write(QByteArray("\x03\x00\x00\x00", 4)); // version 3
    file.close();
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY(r.sessions.empty());
    QVERIFY2(r.error.find("newer xsprof") != std::string::npos && r.error.find("version 3") != std::string::npos,
             r.error.c_str());
}

void TestSessionJournal::notAJournal()
{
    const std::string path = m_dir.filePath(QStringLiteral("other.xsj")).toStdString();
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"nodes\":[]}");
    file.close();
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY2(r.error.find("not an xsprof recovery journal") != std::string::npos, r.error.c_str());
}

QTEST_GUILESS_MAIN(TestSessionJournal)
#include "tst_sessionjournal.moc"
