// The crash-safety journal: what is written reads back as the same sessions the transcript
// loader finds in the same messages; a journal cut at any byte recovers a prefix of them (the
// torn record dropped, nothing invented); a newer version's journal is refused clearly.
#include "model/profileloader.h"
#include "model/xs/sessionjournal.h"
#include "model/xs/xsbugelement.h"
#include "model/xs/xsbugframer.h"

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

// Journals the profiler messages of a transcript, as a live session would, flushing after
// every `flushEvery` messages (consecutive <ps> between flushes share a record).
void journalTranscript(const QByteArray& bytes, SessionJournal& journal, int flushEvery = 1)
{
    int messages = 0;
    XsProfileRecorder recorder;
    recorder.setListener(&journal);
    XsbugFramer framer;
    std::vector<std::string> payloads;
    framer.feed(std::string_view(bytes.constData(), size_t(bytes.size())), payloads);
    for (const std::string& payload : payloads) {
        for (XsbugElement& e : parseXsbugPayload(payload)) {
            XsProfileMessage m;
            std::variant<XsInstrumentDeclaration, XsInstrumentSamples> instruments;
            if (e.name == "login") {
                journal.appendLogin(*e.attribute("name"));
            } else if (decodeXsInstrumentMessage(e, instruments)) {
                std::visit([&](const auto& message) { recorder.onMessage(message); }, instruments);
            } else if (decodeXsProfileMessage(e, m) == XsProfileDecode::Decoded) {
                recorder.onMessage(m);
                if (++messages % flushEvery == 0)
                    journal.flush(); // a cut can fall anywhere
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
    void cutAtAnyByteRecoversAPrefix_data();
    void cutAtAnyByteRecoversAPrefix();
    void newerVersionIsRefused();
    void olderJournalStillRecovers_data();
    void olderJournalStillRecovers();
    void sampleLogReplaysAsRecorded();
    void corruptSampleLogIsRefused();
    void corruptHeadsLogIsRefused();
    void notAJournal();
    void recoveredSimulatorSessionKeepsItsInstruments();
    void aMachineWithoutSamplesLeavesNoJournal();

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

void TestSessionJournal::recoveredSimulatorSessionKeepsItsInstruments()
{
    const QByteArray bytes = corpus("xsbug/sim_fibapp.profile-on-start.xsbug");
    QVERIFY(!bytes.isEmpty());
    const std::string path = m_dir.filePath(QStringLiteral("sim.xsj")).toStdString();
    SessionJournal journal;
    QVERIFY(journal.open(path));
    journalTranscript(bytes, journal, 50);
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(!r.tornTail);
    const LoadResult loaded = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug");
    QVERIFY(loaded.ok());
    const InstrumentSeries& expected = loaded.profile->instruments;
    const InstrumentSeries& recovered = r.sessions.at(loaded.chosenIndex).instruments;
    QCOMPARE(expected.instrumentCount(), size_t(21));
    QCOMPARE(expected.sampleCount(), size_t(3));
    QVERIFY(recovered.names == expected.names);
    QVERIFY(recovered.units == expected.units);
    QVERIFY(recovered.times == expected.times);
    QVERIFY(recovered.values == expected.values);
}

void TestSessionJournal::cutAtAnyByteRecoversAPrefix_data()
{
    QTest::addColumn<int>("flushEvery");
    QTest::addRow("a record per message") << 1;
    QTest::addRow("records of up to 16 <ps>") << 16;
}

void TestSessionJournal::cutAtAnyByteRecoversAPrefix()
{
    QFETCH(int, flushEvery);
    const QByteArray bytes = corpus("xsbug/gc_alloc.profile-on-start.xsbug");
    const std::string path = m_dir.filePath(QStringLiteral("whole.xsj")).toStdString();
    SessionJournal journal;
    QVERIFY(journal.open(path));
    journalTranscript(bytes, journal, flushEvery);
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    const SessionJournal::Recovered full = SessionJournal::recover(path);
    QCOMPARE(full.sessions.size(), size_t(1));
    const std::vector<std::string> all = describe(full.sessions[0]);
    QCOMPARE(all.size(), size_t(1208));

    const std::string cutPath = m_dir.filePath(QStringLiteral("cut.xsj")).toStdString();
#ifdef XSPROF_SANITIZED_BUILD
    constexpr qsizetype everyByteAtEachEnd = 400, strideBetween = 151;
#else
    constexpr qsizetype everyByteAtEachEnd = 2000, strideBetween = 37;
#endif
    size_t previous = 0;
    for (qsizetype cut = 12; cut <= whole.size();
         cut += (cut < everyByteAtEachEnd || whole.size() - cut < everyByteAtEachEnd) ? 1 : strideBetween) {
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

// Journals earlier versions wrote while `xsprof listen` received the transcript from
// xs_replay.py: version 2 (<ps> texts in JournalSampleCodec's form) and version 3 (a 'B'
// record per <ps>: ids shared and differing).
void TestSessionJournal::olderJournalStillRecovers_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("version 2") << QStringLiteral("gc_alloc.journal-v2.xsj");
    QTest::newRow("version 3") << QStringLiteral("gc_alloc.journal-v3.xsj");
}

void TestSessionJournal::olderJournalStillRecovers()
{
    QFETCH(QString, fixture);
    const SessionJournal::Recovered r =
        SessionJournal::recover(std::string(XSPROF_FIXTURES_DIR "/") + fixture.toStdString());
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(!r.tornTail);
    QCOMPARE(r.machine, std::string("xst"));
    const QByteArray bytes = corpus("xsbug/gc_alloc.profile-on-start.xsbug");
    const LoadResult loaded = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug");
    QVERIFY(loaded.ok());
    QCOMPARE(r.sessions.size(), size_t(1));
    QCOMPARE(r.sessions[0].samples.size(), size_t(1208));
    QVERIFY(describe(r.sessions[0]) == describe(*loaded.profile));
}

// The recorder's log of a text, replayed into a second recorder, gives the same samples, and
// takes far fewer bytes than the text on deep stacks; once the stacks are known, a sample costs
// its delta and its stack's id whatever its depth.
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
    std::string again; // the same samples: every stack is known now
    direct.onProfileSamples(text, &again);
    QVERIFY2(again.size() <= 3 * 300, std::to_string(again.size()).c_str()); // delta 1 byte, stack id 2
    QVERIFY(replayed.replaySampleLog(again));
    std::string fresh; // a new stack under a known one, a new root and its child, then known again
    direct.onProfileSamples("5,77,3,2.6,79,78.7,77,3,2", &fresh);
    QVERIFY(replayed.replaySampleLog(fresh));
    direct.finish();
    replayed.finish();
    QCOMPARE(replayed.sessions()[0].samples.size(), size_t(603));
    QCOMPARE(replayed.sessions()[0].stacks.size(), direct.sessions()[0].stacks.size());
    QVERIFY(describe(replayed.sessions()[0]) == describe(direct.sessions()[0]));
}

void TestSessionJournal::corruptSampleLogIsRefused()
{
    XsProfileRecorder recorder;
    QVERIFY(recorder.onProfileTime("start", "@0"));
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x00", 2)));          // stack 0 of none
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x03\x01\x07", 4))); // new under stack 0 of none
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x01\x00", 3)));      // no new stack after all
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x01\x03\x07", 4))); // 3 ids, 1 present
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x80", 2)));          // a cut varint
    QVERIFY(recorder.replaySampleLog(std::string("\x01\x01\x02\x07\x08", 5))); // root 7, child 8
    QVERIFY(recorder.replaySampleLog(std::string("\x01\x00\x01\x02", 4)));     // stacks 0 and 1
    QVERIFY(!recorder.replaySampleLog(std::string("\x01\x04", 2)));              // stack 2 of 2
    recorder.finish();
    const Profile& p = recorder.sessions()[0];
    QCOMPARE(p.samples.size(), size_t(3));
    QCOMPARE(p.stacks.size(), size_t(2));
    QCOMPARE(p.frames.xsId[p.stacks.frame[p.samples.stack[0].value].value], int64_t(8));
    QCOMPARE(p.frames.xsId[p.stacks.frame[p.samples.stack[1].value].value], int64_t(7));
}

void TestSessionJournal::corruptHeadsLogIsRefused()
{
    XsProfileRecorder recorder;
    QVERIFY(recorder.onProfileTime("start", "@0"));
    QVERIFY(!recorder.replayHeadsLog(std::string("\x01\x05\x01\x07", 4))); // shares 5 frames of none
    QVERIFY(!recorder.replayHeadsLog(std::string("\x01\x00\x00", 3)));      // a sample without a stack
    QVERIFY(!recorder.replayHeadsLog(std::string("\x01\x00\x03\x07", 4))); // 3 ids, 1 present
    QVERIFY(!recorder.replayHeadsLog(std::string("\x01\x80", 2)));          // a cut varint
    QVERIFY(recorder.replayHeadsLog(std::string("\x01\x00\x01\x07", 4)));
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
    file.write(QByteArray("\x05\x00\x00\x00", 4)); // version 5
    file.close();
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY(r.sessions.empty());
    QVERIFY2(r.error.find("newer xsprof") != std::string::npos && r.error.find("version 5") != std::string::npos,
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

// A Worker of the Moddable simulator logs in, starts and stops profiling without a sample:
// a journal opened "when sampled" makes no file. The app that started it sends samples: its
// journal is made then and recovers everything, the records before the first samples included.
void TestSessionJournal::aMachineWithoutSamplesLeavesNoJournal()
{
    const std::string empty = m_dir.filePath(QStringLiteral("worker.xsj")).toStdString();
    {
        SessionJournal journal;
        journal.openWhenSampled(empty);
        journalTranscript(corpus("xsbug/sim_worker.xsbug"), journal);
        QVERIFY(!journal.hasSamples());
    }
    QVERIFY(!QFile::exists(QString::fromStdString(empty)));

    const QByteArray bytes = corpus("xsbug/sim_worker_main.xsbug");
    const std::string path = m_dir.filePath(QStringLiteral("app.xsj")).toStdString();
    SessionJournal journal;
    journal.openWhenSampled(path);
    journalTranscript(bytes, journal);
    QVERIFY(journal.hasSamples());
    const SessionJournal::Recovered r = SessionJournal::recover(path);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.machine, std::string("simple"));
    const LoadResult loaded = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug");
    QVERIFY(loaded.ok());
    QVERIFY(describe(r.sessions[loaded.chosenIndex]) == describe(*loaded.profile));
}

QTEST_GUILESS_MAIN(TestSessionJournal)
#include "tst_sessionjournal.moc"
