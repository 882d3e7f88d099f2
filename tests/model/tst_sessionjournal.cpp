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
    XsProfileRecorder recorder;
    XsbugFramer framer;
    std::vector<std::string> payloads;
    framer.feed(std::string_view(bytes.constData(), size_t(bytes.size())), payloads);
    for (const std::string& payload : payloads) {
        for (XsbugElement& e : parseXsbugPayload(payload)) {
            XsProfileMessage m;
            if (e.name == "login") {
                journal.appendLogin(*e.attribute("name"));
            } else if (decodeXsProfileMessage(e, m) == XsProfileDecode::Decoded) {
                journal.append(m, recorder);
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
    void versionTwoJournalStillRecovers();
    void sampleLogReplaysAsRecorded();
    void corruptSampleLogIsRefused();
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

// A journal the previous version (2, <ps> texts in JournalSampleCodec's form) wrote while
// `xsprof listen` received the transcript from xs_replay.py.
void TestSessionJournal::versionTwoJournalStillRecovers()
{
    const SessionJournal::Recovered r = SessionJournal::recover(XSPROF_FIXTURES_DIR "/gc_alloc.journal-v2.xsj");
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(!r.tornTail);
    QCOMPARE(r.machine, std::string("xst"));
    const QByteArray bytes = corpus("xsbug/gc_alloc.profile-on-start.xsbug");
    const LoadResult loaded = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug");
    QVERIFY(loaded.ok());
    QCOMPARE(r.sessions.size(), size_t(1));
    QVERIFY(describe(r.sessions[0]) == describe(*loaded.profile));
}

// The recorder's log of a text, replayed into a second recorder, gives the same samples, and
// takes far fewer bytes than the text on deep stacks.
void TestSessionJournal::sampleLogReplaysAsRecorded()
{
    XsProfileRecorder direct, replayed;
    QVERIFY(direct.onProfileTime("start", "@100"));
    QVERIFY(replayed.onProfileTime("start", "@100"));
    std::string text, log;
    for (int i = 0; i < 300; ++i) {
        if (i)
            text += '.';
        text += "1A";
        const int depth = 50 + (i * 7) % 150; // a recursion rising and falling
        for (int d = depth; d > 0; --d)
            text += "," + std::to_string(d % 9 + 1);
    }
    text += ".Z,bad!,1"; // malformed: refused by both, logged by neither
    direct.onProfileSamples(text, &log);
    QCOMPARE(direct.stats().malformedSamples, size_t(1));
    QVERIFY(log.size() * 20 < text.size());
    QVERIFY(replayed.replaySampleLog(log));
    direct.finish();
    replayed.finish();
    QCOMPARE(replayed.sessions()[0].samples.size(), size_t(300));
    QVERIFY(describe(replayed.sessions()[0]) == describe(direct.sessions()[0]));
}

void TestSessionJournal::corruptSampleLogIsRefused()
{
    XsProfileRecorder recorder;
    QVERIFY(recorder.onProfileTime("start", "@0"));
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x05\x01\x07", 4))); // shares 5 frames of none
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x00\x00", 3)));      // a sample without a stack
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x00\x03\x07", 4))); // 3 ids, 1 present
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x80", 2)));          // a cut varint
    QVERIFY(recorder.replaySampleLog(std::string("\x01\x00\x01\x07", 4)));
    recorder.finish();
    QCOMPARE(recorder.sessions()[0].samples.size(), size_t(1));
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
    file.write(QByteArray("\x04\x00\x00\x00", 4)); // version 4
    file.close();
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY(r.sessions.empty());
    QVERIFY2(r.error.find("newer xsprof") != std::string::npos && r.error.find("version 4") != std::string::npos,
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
