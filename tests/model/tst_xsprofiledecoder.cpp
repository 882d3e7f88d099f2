// One decoder for the XS profiler's messages: the same bytes recorded live (SessionParser, as a
// connected machine) and loaded as a transcript (loadProfileData) give the same profile, and the
// edge cases follow the oracle (../shared/tools/profile_oracle.py): a <pr> without a decimal
// value is dropped, a <pr> without a name keeps the empty name.
#include "protocol/sessionparser.h"

#include "model/profileloader.h"

#include <QFile>
#include <QTest>

namespace {

QByteArray corpus(const QString& name)
{
    QFile f(QStringLiteral(XSPROF_CORPUS_DIR "/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The profile as text, one line per sample: time and the stack's frames (id:name@path:line).
QStringList describe(const xsprof::Profile& p)
{
    QStringList out;
    for (size_t i = 0; i < p.samples.size(); ++i) {
        QString line = QString::number(p.samples.time[i], 'f', 0) + QLatin1Char(' ');
        for (xsprof::StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value]) {
            const xsprof::FrameId f = p.stacks.frame[s.value];
            line += QStringLiteral("%1:%2@%3:%4 ")
                        .arg(p.frames.xsId[f.value])
                        .arg(QString::fromStdString(std::string(p.frameName(f))))
                        .arg(QString::fromStdString(std::string(p.frameUrl(f))))
                        .arg(p.frames.line[f.value]);
        }
        out << line;
    }
    out << QStringLiteral("end %1").arg(p.info.endTime ? *p.info.endTime : -1.0, 0, 'f', 0);
    return out;
}

std::vector<QStringList> live(const QByteArray& bytes)
{
    SessionParser parser;
    // In reads of 7 bytes: the decoder must not depend on how the bytes arrive.
    for (qsizetype pos = 0; pos < bytes.size(); pos += 7)
        parser.feed(bytes.mid(pos, 7));
    parser.finish();
    std::vector<QStringList> sessions;
    for (int i = 0; i < int(parser.finishedSessions().size()); ++i)
        sessions.push_back(describe(*parser.finishedSession(i)));
    return sessions;
}

std::vector<QStringList> transcript(const QByteArray& bytes)
{
    std::vector<QStringList> sessions;
    for (int i = 0;; ++i) {
        xsprof::LoadOptions options;
        options.profileIndex = i;
        const xsprof::LoadResult r =
            xsprof::loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "t.xsbug", options);
        if (!r.ok())
            break;
        sessions.push_back(describe(*r.profile));
    }
    return sessions;
}

const char edgeCases[] =
    "<xsbug><login name=\"edge\" value=\"XS 17.9.1\"/></xsbug>\r\n"
    "<xsbug><pt name=\"start\" value=\"@0000000000001000\"/></xsbug>\r\n"
    "<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
    "<xsbug><pr name=\"f\" path=\"/a.js\" line=\"3\"/></xsbug>\r\n"          // no value: dropped
    "<xsbug><pr name=\"g\" value=\"x7\" path=\"/a.js\" line=\"4\"/></xsbug>\r\n" // not decimal: dropped
    "<xsbug><pr value=\"5\" path=\"/a.js\" line=\"9\"/></xsbug>\r\n"          // no name: ""
    "<xsbug><pr name=\"\" value=\"6\" path=\"/b.js\"/></xsbug>\r\n"           // empty name
    "<xsbug><pr name=\"h\" value=\"7\" path=\"/b.js\" line=\"oops\"/></xsbug>\r\n" // bad line: dropped
    "<xsbug><pt name=\"sideways\" value=\"@0000000000001100\"/></xsbug>\r\n"  // unknown kind
    "<xsbug><ps>a,5,0.b,6,5,0.q,.c,7,0.z,8,0</ps></xsbug>\r\n" // "q,": no stack, dropped
    "<xsbug><pt name=\"stop\" value=\"@0000000000002000\"/></xsbug>\r\n"
    "<xsbug><pt name=\"start\" value=\"@0000000000003000\"/></xsbug>\r\n"
    "<xsbug><pr name=\"k\" value=\"1\"/></xsbug>\r\n"
    "<xsbug><ps>1,1,0</ps></xsbug>\r\n";

} // namespace

class TestXsProfileDecoder : public QObject {
    Q_OBJECT
private slots:
    void sameBytesBothWays_data();
    void sameBytesBothWays();
    void edgeCasesFollowTheOracle();
};

void TestXsProfileDecoder::sameBytesBothWays_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addRow("edge cases") << QByteArray(edgeCases);
    for (const char* name : {"gc_alloc.profile-on-start.xsbug", "break_while_profiling.suspend-resume.xsbug",
                             "log_and_break.break.xsbug"})
        QTest::addRow("%s", name) << corpus(QStringLiteral("xsbug/") + QLatin1String(name));
}

void TestXsProfileDecoder::sameBytesBothWays()
{
    QFETCH(QByteArray, bytes);
    QVERIFY(!bytes.isEmpty());
    const std::vector<QStringList> a = live(bytes);
    const std::vector<QStringList> b = transcript(bytes);
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i)
        QCOMPARE(a[i], b[i]);
}

void TestXsProfileDecoder::edgeCasesFollowTheOracle()
{
    const std::vector<QStringList> sessions = live(QByteArray(edgeCases));
    QCOMPARE(sessions.size(), size_t(2));
    // Times: start 0x1000 = 4096 plus the base-36 deltas a, b, c, z (10, 11, 12, 35).
    const QStringList expected{
        QStringLiteral("4106 5:@/a.js:9 0:(host)@:0 "),
        QStringLiteral("4117 6:@/b.js:0 5:@/a.js:9 0:(host)@:0 "),
        QStringLiteral("4129 7:(unknown 7)@:0 0:(host)@:0 "),
        QStringLiteral("4164 8:(unknown 8)@:0 0:(host)@:0 "),
        QStringLiteral("end 8192"),
    };
    QCOMPARE(sessions[0], expected);
    QCOMPARE(sessions[1].size(), qsizetype(2)); // "1,1,0" and the end: still recording at EOF
}

QTEST_GUILESS_MAIN(TestXsProfileDecoder)
#include "tst_xsprofiledecoder.moc"
