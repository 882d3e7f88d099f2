// Compiled expressions (issue 13): the .xsb reader and the version / ID-size checks on files
// recorded from a real xsc (tests/fixtures/xsc: 17.9.1 with 32-bit IDs, as xst; 17.7.0 with
// 16-bit IDs, the stock build), the XscCompiler's failure paths through a fake xsc that
// returns those files, and a session answering a login and an evaluation with them.
#include "fakexsmachine.h"

#include "model/xs/xsbinary.h"

#include "protocol/debugserver.h"
#include "protocol/sessionexpressions.h"
#include "protocol/xsbugcommandwriter.h"
#include "protocol/xsbugmessagereader.h"
#include "protocol/xsccompiler.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace xsprof;

namespace {
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);
const QString fakeXsc = fixtures + QStringLiteral("/xsc/fake-xsc");
const QString xstLogin = QStringLiteral("XS 17.9.1 64-bit LE 32-bit ID"); // recorded from xst

std::vector<std::uint8_t> readBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = file.readAll();
    return {data.begin(), data.end()};
}

std::vector<std::uint8_t> recorded(const char* set, const char* name)
{
    return readBytes(fixtures + QStringLiteral("/xsc/%1/%2.xsb").arg(QLatin1String(set), QLatin1String(name)));
}

// Waits for the compiler's answer.
XscResult compileNow(XscCompiler& compiler, const QString& expression)
{
    XscResult out;
    bool done = false;
    compiler.compile(expression, [&](const XscResult& r) {
        out = r;
        done = true;
    });
    QDeadlineTimer deadline(20000);
    while (!done && !deadline.hasExpired())
        QTest::qWait(10);
    return out;
}
} // namespace

class TestXscCompiler : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { qunsetenv("FAKE_XSC_SET"); }
    void readsRecordedFiles_data();
    void readsRecordedFiles();
    void rejectsDamagedFiles();
    void parsesLoginVersions();
    void compatibility();
    void compilesThroughFakeXsc();
    void failurePaths();
    void autoDetectFindsSdkCompiler();
    void commandsCarryHex();
    void recordedExchangeParses();
    void loginAnswerCarriesCompiledBreakpointsThenSessionEvaluates();
    void mismatchedCompilerSendsNothing();
};

void TestXscCompiler::readsRecordedFiles_data()
{
    QTest::addColumn<QString>("set");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("minor");
    QTest::addColumn<int>("idBits");
    QTest::addColumn<int>("symbols");
    for (const char* name : {"one", "sym", "object", "cond", "trace", "total", "string", "nope", "array"}) {
        // "sym" is `a.b + "x"`: names a, b; "nope" is `nope.x`; "array" needs "length"
        const int symbols = QByteArray(name) == "sym" || QByteArray(name) == "nope" ? 2
                            : QByteArray(name) == "one" || QByteArray(name) == "string" ? 0
                                                                                        : 1;
        QTest::addRow("32/%s", name) << "xsc32" << name << 9 << 32 << symbols;
        QTest::addRow("16/%s", name) << "xsc16" << name << 7 << 16 << symbols;
    }
}

void TestXscCompiler::readsRecordedFiles()
{
    QFETCH(QString, set);
    QFETCH(QString, name);
    const auto bytes = recorded(set.toLatin1().constData(), name.toLatin1().constData());
    QVERIFY(!bytes.empty());
    const XsbReadResult read = readXsb(bytes);
    QVERIFY2(read.info, read.error.c_str());
    QCOMPARE(read.info->major, 17);
    QFETCH(int, minor);
    QCOMPARE(read.info->minor, minor);
    QCOMPARE(read.info->patch, set == QLatin1String("xsc32") ? 1 : 0);
    QFETCH(int, idBits);
    QCOMPARE(read.info->idBits, idBits);
    QFETCH(int, symbols);
    QCOMPARE(int(read.info->symbolCount), symbols);
    QCOMPARE(read.info->size, bytes.size());
    const std::string hex = hexEncode(bytes);
    QCOMPARE(hex.size(), bytes.size() * 2);
    QCOMPARE(QByteArray::fromHex(QByteArray::fromStdString(hex)), QByteArray(reinterpret_cast<const char*>(bytes.data()),
                                                                             qsizetype(bytes.size())));
}

void TestXscCompiler::rejectsDamagedFiles()
{
    const auto good = recorded("xsc32", "sym");
    QVERIFY(readXsb(good).info);
    auto expectError = [](std::vector<std::uint8_t> bytes, const char* words) {
        const XsbReadResult read = readXsb(bytes);
        QVERIFY2(!read.info, "accepted");
        QVERIFY2(read.error.find(words) != std::string::npos, read.error.c_str());
    };
    expectError({}, "too short");
    expectError({good.begin(), good.begin() + 20}, "XS_B says 68 bytes");
    auto bad = good;
    bad[4] = 'Y'; // YS_B
    expectError(bad, "expected atom XS_B, found \"YS_B\" at byte 0");
    bad = good;
    bad[11] = 13; // VERS of 13 bytes
    expectError(bad, "VERS atom of 13 bytes");
    bad = good;
    bad[20 + 4] = 'X'; // SYMB -> XYMB
    expectError(bad, "expected atom SYMB");
    bad = good;
    bad.push_back(0); // one byte more than XS_B says
    expectError(bad, "XS_B says 68 bytes, the file has 69");
    // A 32-bit table whose names do not add up: the ID size cannot be known.
    bad = good;
    bad[28] = 7; // count 7, two names
    expectError(bad, "neither a 16-bit nor a 32-bit ID table");
}

void TestXscCompiler::parsesLoginVersions()
{
    const auto v = parseXsLoginVersion(xstLogin.toStdString());
    QVERIFY(v);
    QCOMPARE(v->major, 17);
    QCOMPARE(v->minor, 9);
    QCOMPARE(v->patch, 1);
    QCOMPARE(v->pointerBits, 64);
    QCOMPARE(v->idBits, 32);
    QVERIFY(parseXsLoginVersion("XS 16.3.0 32-bit BE 16-bit ID"));
    QVERIFY(!parseXsLoginVersion(""));
    QVERIFY(!parseXsLoginVersion("XS 17.9 64-bit LE 32-bit ID"));
    QVERIFY(!parseXsLoginVersion("XS 17.9.1 64-bit XE 32-bit ID"));
    QVERIFY(!parseXsLoginVersion("XS 17.9.1 64-bit LE 32-bits ID"));
}

void TestXscCompiler::compatibility()
{
    const auto xsc32 = readXsb(recorded("xsc32", "one")).info;
    const auto xsc16 = readXsb(recorded("xsc16", "one")).info;
    QVERIFY(xsc32 && xsc16);
    const auto xst = parseXsLoginVersion(xstLogin.toStdString());
    QCOMPARE(compatibilityProblem(*xsc32, xst), std::string());
    QCOMPARE(compatibilityProblem(*xsc16, xst),
             std::string("xsc 17.7 with 16-bit IDs does not match this machine's XS 17.9 with 32-bit IDs"));
    // Same version, other ID size; same ID size, other version; patch levels do not matter.
    QCOMPARE(compatibilityProblem(*xsc16, parseXsLoginVersion("XS 17.7.0 64-bit LE 32-bit ID")),
             std::string("xsc 17.7 with 16-bit IDs does not match this machine's XS 17.7 with 32-bit IDs"));
    QCOMPARE(compatibilityProblem(*xsc32, parseXsLoginVersion("XS 17.7.3 64-bit LE 32-bit ID")),
             std::string("xsc 17.9 with 32-bit IDs does not match this machine's XS 17.7 with 32-bit IDs"));
    QCOMPARE(compatibilityProblem(*xsc16, parseXsLoginVersion("XS 17.7.1 32-bit LE 16-bit ID")), std::string());
    QVERIFY(compatibilityProblem(*xsc32, std::nullopt).find("no XS version") != std::string::npos);
}

void TestXscCompiler::compilesThroughFakeXsc()
{
    XscCompiler compiler(fakeXsc);
    QVERIFY(compiler.isAvailable());
    const XscResult result = compileNow(compiler, QStringLiteral("o"));
    QVERIFY2(result.ok(), qPrintable(result.message));
    QCOMPARE(result.hex, QByteArray::fromStdString(hexEncode(recorded("xsc32", "object"))));
    QCOMPARE(result.versionText(), QStringLiteral("xsc 17.9.1, 32-bit IDs"));
    QCOMPARE(XscCompiler::problemFor(result, xstLogin), QString());
    // Cached: the same answer even after the compiler stops working.
    qputenv("FAKE_XSC_SET", "xsc16");
    QCOMPARE(compileNow(compiler, QStringLiteral("o")).hex, result.hex);
    QCOMPARE(compileNow(compiler, QStringLiteral("n === 1")).info.idBits, 16);
}

void TestXscCompiler::failurePaths()
{
    XscCompiler none;
    XscResult r = compileNow(none, QStringLiteral("1+1"));
    QCOMPARE(r.status, XscResult::Status::NoCompiler);
    QVERIFY(XscCompiler::howToGetOne().contains(QLatin1String("$MODDABLE/build/bin")));
    XscCompiler missing(QStringLiteral("/nonexistent/xsc"));
    QCOMPARE(compileNow(missing, QStringLiteral("1+1")).status, XscResult::Status::NoCompiler);

    XscCompiler compiler(fakeXsc);
    r = compileNow(compiler, QStringLiteral("o."));
    QCOMPARE(r.status, XscResult::Status::CompileError);
    QCOMPARE(r.message, QStringLiteral("error: missing property")); // xsc's words, recorded
    QCOMPARE(XscCompiler::problemFor(r, xstLogin), r.message);

    r = compileNow(compiler, QStringLiteral("corrupt"));
    QCOMPARE(r.status, XscResult::Status::Failed);
    QVERIFY2(r.message.contains(QLatin1String("not a valid .xsb")), qPrintable(r.message));

    compiler.setTimeoutMs(500);
    QElapsedTimer clock;
    clock.start();
    r = compileNow(compiler, QStringLiteral("while (true) {}"));
    QCOMPARE(r.status, XscResult::Status::TimedOut);
    QVERIFY(clock.elapsed() < 5000);
    QVERIFY(r.message.contains(QLatin1String("0.5 s")));

    qputenv("FAKE_XSC_SET", "xsc16");
    XscCompiler old(fakeXsc);
    r = compileNow(old, QStringLiteral("1+1"));
    QVERIFY(r.ok());
    QCOMPARE(XscCompiler::problemFor(r, xstLogin),
             QStringLiteral("xsc 17.7 with 16-bit IDs does not match this machine's XS 17.9 with 32-bit IDs"));
}

void TestXscCompiler::autoDetectFindsSdkCompiler()
{
    QTemporaryDir sdk;
    const QString bin = sdk.filePath(QStringLiteral("build/bin/lin/debug"));
    QVERIFY(QDir().mkpath(bin));
    QVERIFY(QFile::copy(fakeXsc, bin + QStringLiteral("/xsc")));
    QCOMPARE(XscCompiler::autoDetect(sdk.path(), QString()), bin + QStringLiteral("/xsc"));
    QTemporaryDir path;
    QVERIFY(QFile::copy(fakeXsc, path.filePath(QStringLiteral("xsc"))));
    QCOMPARE(XscCompiler::autoDetect(QString(), path.path()), path.filePath(QStringLiteral("xsc")));
    QCOMPARE(XscCompiler::autoDetect(QStringLiteral("/nonexistent"), QStringLiteral("/nonexistent")), QString());
}

void TestXscCompiler::commandsCarryHex()
{
    Breakpoint b(QStringLiteral("/app/main.js"), 12);
    b.condition = QStringLiteral("n === 1");
    QVERIFY(b.needsCompiler());
    QCOMPARE(XsbugCommandWriter::setBreakpoint(b), QByteArray()); // never without its bytecode
    QCOMPARE(XsbugCommandWriter::setBreakpoint(b, "00AB", {}),
             QByteArray("\r\n<set-breakpoint path=\"/app/main.js\" line=\"12\" id=\"@1\"><breakpoint-condition "
                        "path=\"00AB\"/></set-breakpoint>\r\n"));
    b.hitCount = QStringLiteral("<=2");
    b.logMessage = QStringLiteral("n");
    QCOMPARE(XsbugCommandWriter::setBreakpoint(b, "00AB", {}), QByteArray()); // the trace is missing
    QCOMPARE(XsbugCommandWriter::setBreakpoint(b, "00AB", "CD"),
             QByteArray("\r\n<set-breakpoint path=\"/app/main.js\" line=\"12\" id=\"@1\"><breakpoint-condition "
                        "path=\"00AB\"/><breakpoint-hit-count path=\"<=2\"/><breakpoint-trace path=\"CD\"/>"
                        "</set-breakpoint>\r\n"));
    // Conditions never travel inside set-all-breakpoints.
    const QByteArray all = XsbugCommandWriter::setAllBreakpoints({b, Breakpoint(QStringLiteral("/app/a.js"), 3)}, false, true);
    QVERIFY(!all.contains("main.js"));
    QVERIFY(all.contains("/app/a.js"));
    QCOMPARE(XsbugCommandWriter::eval(QStringLiteral("@00007fe5e13fb000"), "0A0B", 3),
             QByteArray("\r\n<eval id=\"@00007FE5E13FB000\" path=\"0A0B\" line=\"3\"/>\r\n"));
    QCOMPARE(XsbugCommandWriter::eval(QStringLiteral("@1"), "not hex", 3), QByteArray());
}

// The <eval>/<result> exchanges recorded from xst (tests/fixtures/eval-session-xst.txt):
// the commands as we would write them, and the replies as we read them.
void TestXscCompiler::recordedExchangeParses()
{
    QFile file(fixtures + QStringLiteral("/eval-session-xst.txt"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QList<QByteArray> evals, results;
    QByteArray pending;
    for (const QByteArray& line : lines) {
        if (line.startsWith("F: <eval "))
            evals << line.mid(3);
        if (line.startsWith("M: ") || !pending.isEmpty()) {
            pending += (pending.isEmpty() ? line.mid(3) : "\n" + line);
            if (pending.endsWith("</xsbug>")) {
                if (pending.contains("<result"))
                    results << pending;
                pending.clear();
            }
        }
    }
    QCOMPARE(evals.size(), 5);
    QCOMPARE(results.size(), 5);
    // Our writer produces the bytes that were sent, from the recorded .xsb.
    const QByteArray objectHex = QByteArray::fromStdString(hexEncode(recorded("xsc32", "object")));
    QCOMPARE(XsbugCommandWriter::eval(QStringLiteral("@00007FE5E13FB000"), objectHex, 2).trimmed(), evals[1]);

    XsbugMessageReader reader;
    QList<xsbug::EvalResult> parsed;
    for (const QByteArray& r : std::as_const(results)) {
        QVERIFY(reader.feed(QByteArray("\r\n" + r + "\r\n")));
        for (const xsbug::Message& m : reader.takeMessages()) {
            if (const auto* e = std::get_if<xsbug::EvalResult>(&m))
                parsed << *e;
        }
    }
    QCOMPARE(parsed.size(), 5);
    QCOMPARE(parsed[0].line, 1);
    QCOMPARE(parsed[0].text, QStringLiteral("# ReferenceError: get total: not initialized yet"));
    QCOMPARE(parsed[1].properties.first().name, QStringLiteral("?"));
    QVERIFY(parsed[1].properties.first().isExpanded()); // an object comes opened one level
    QStringList names;
    for (const xsbug::Property& p : std::as_const(parsed[1].properties))
        if (p.depth == 1)
            names << p.name;
    QVERIFY2(names.contains(QStringLiteral("inner")) && names.contains(QStringLiteral("s")), qPrintable(names.join(QLatin1Char(','))));
    QCOMPARE(parsed[2].properties.first().value, QStringLiteral("'a\nb'"));
    QCOMPARE(parsed[3].text, QStringLiteral("# ReferenceError: get nope: undefined variable"));
    QCOMPARE(parsed[4].properties.size() > 3, true);
}

namespace {
const QByteArray breakAt = "<frames><frame name=\"mid\" value=\"@00007FE5E13FB000\" path=\"/tmp/rec/prog.js\" line=\"4\"/>"
                           "</frames><local name=\"mid\" value=\"@00007FE5E13FB000\" path=\"/tmp/rec/prog.js\" line=\"4\">"
                           "</local><global></global><grammar></grammar><break path=\"/tmp/rec/prog.js\" line=\"4\">"
                           "# Break: debugger!\n</break>";
} // namespace

void TestXscCompiler::loginAnswerCarriesCompiledBreakpointsThenSessionEvaluates()
{
    DebugServer server;
    SessionSettings settings;
    settings.xscPath = fakeXsc;
    Breakpoint conditional(QStringLiteral("/tmp/rec/prog.js"), 3);
    conditional.condition = QStringLiteral("n === 1");
    Breakpoint logPoint(QStringLiteral("/tmp/rec/prog.js"), 5);
    logPoint.logMessage = QStringLiteral("\"n is \" + n");
    settings.breakpoints = {Breakpoint(QStringLiteral("/tmp/rec/prog.js"), 9), conditional, logPoint};
    settings.profileOnStart = true;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    FakeXsMachine machine;
    QVERIFY(machine.connectTo(server.port()));
    machine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(machine.waitFor("<start-profiling/>"));
    const QByteArray cond = QByteArray::fromStdString(hexEncode(recorded("xsc32", "cond")));
    const QByteArray trace = QByteArray::fromStdString(hexEncode(recorded("xsc32", "trace")));
    // One write: the plain breakpoint in set-all-breakpoints and the compiled ones after it in
    // one frame, then profiling.
    QCOMPARE(machine.received,
             QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>"
                        "<breakpoint path=\"/tmp/rec/prog.js\" line=\"9\" id=\"@0\"/></set-all-breakpoints>"
                        "<set-breakpoint path=\"/tmp/rec/prog.js\" line=\"3\" id=\"@1\"><breakpoint-condition path=\"") +
                 cond + "\"/></set-breakpoint><set-breakpoint path=\"/tmp/rec/prog.js\" line=\"5\" id=\"@1\">"
                        "<breakpoint-trace path=\"" + trace + "\"/></set-breakpoint>\r\n\r\n<start-profiling/>\r\n");
    QVERIFY(connected.size() == 1 || connected.wait(5000)); // answered first, announced after
    auto* session = connected.at(0).at(0).value<MachineSession*>();
    machine.received.clear();

    // While running, nothing is compiled or sent.
    QSignalSpy failed(session->expressions(), &SessionExpressions::evalFailed);
    session->expressions()->evaluate(QStringLiteral("o"));
    QCOMPARE(failed.size(), 1);
    QVERIFY(failed.at(0).at(1).toString().contains(QLatin1String("needs the machine stopped")));

    QSignalSpy broke(session, &MachineSession::broke);
    machine.send(breakAt);
    QVERIFY(broke.wait(5000));
    QSignalSpy evaluated(session->expressions(), &SessionExpressions::evaluated);
    session->expressions()->evaluate(QStringLiteral("o"));
    const QByteArray object = QByteArray::fromStdString(hexEncode(recorded("xsc32", "object")));
    QVERIFY(machine.waitFor("<eval id=\"@00007FE5E13FB000\" path=\"" + object + "\" line=\"1\"/>"));
    machine.send("<result line=\"1\"><property flags=\"-cew_\" name=\"?\" value=\"@00007FE5DEC1F920\">"
                 "<property flags=\" cew_\" name=\"a\" value=\"1\"/></property></result>");
    QVERIFY(evaluated.wait(5000));
    QCOMPARE(evaluated.at(0).at(0).toString(), QStringLiteral("o"));
    QCOMPARE(evaluated.at(0).at(1).value<xsbug::EvalResult>().properties.size(), 2);

    // A compile error is reported, nothing is sent.
    machine.received.clear();
    session->expressions()->evaluate(QStringLiteral("o."));
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.last().at(1).toString(), QStringLiteral("error: missing property"));
    QTest::qWait(50);
    QVERIFY(!machine.received.contains("<eval"));
}

void TestXscCompiler::mismatchedCompilerSendsNothing()
{
    qputenv("FAKE_XSC_SET", "xsc16");
    DebugServer server;
    SessionSettings settings;
    settings.xscPath = fakeXsc;
    Breakpoint conditional(QStringLiteral("/tmp/rec/prog.js"), 3);
    conditional.condition = QStringLiteral("n === 1");
    settings.breakpoints = {conditional};
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    FakeXsMachine machine;
    QVERIFY(machine.connectTo(server.port()));
    machine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(connected.wait(5000));
    auto* session = connected.at(0).at(0).value<MachineSession*>();
    QSignalSpy notSent(session->expressions(), &SessionExpressions::breakpointNotSent);
    QVERIFY(machine.waitFor("</set-all-breakpoints>"));
    QVERIFY(notSent.count() == 1 || notSent.wait(5000));
    QCOMPARE(notSent.at(0).at(1).toString(),
             QStringLiteral("condition: xsc 17.7 with 16-bit IDs does not match this machine's XS 17.9 with 32-bit IDs"));
    QVERIFY(!machine.received.contains("set-breakpoint"));

    QSignalSpy broke(session, &MachineSession::broke);
    machine.send(breakAt);
    QVERIFY(broke.wait(5000));
    QSignalSpy failed(session->expressions(), &SessionExpressions::evalFailed);
    session->expressions()->evaluate(QStringLiteral("o"));
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.at(0).at(1).toString(),
             QStringLiteral("xsc 17.7 with 16-bit IDs does not match this machine's XS 17.9 with 32-bit IDs"));
    QVERIFY(!machine.received.contains("<eval"));
}

QTEST_GUILESS_MAIN(TestXscCompiler)
#include "tst_xsccompiler.moc"
