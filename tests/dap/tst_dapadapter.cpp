// `xsprof dap` driven through its framing as an editor drives it: bad input, recorded machines
// (../shared/corpus/xsbug played by xs_replay.py, a storm of Workers by machine_storm.py, a
// serial board by serial_device.py on a pseudo-terminal), and the real xst + xsc when
// XSPROF_TEST_XST and XSPROF_TEST_XSC name them.
#include "dapclient.h"

#include "model/profileloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using nlohmann::json;

namespace {

QString corpus(const char* name)
{
    return QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/") + QLatin1String(name);
}

std::string str(const QString& s)
{
    return s.toStdString();
}

bool startReplay(QProcess& replay, const char* transcript, quint16 port, const QString& received,
                 const QStringList& more = {})
{
    replay.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    replay.start(QStringLiteral("python3"), QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), corpus(transcript),
                                                        QStringLiteral("--connect"), QStringLiteral("127.0.0.1:%1").arg(port),
                                                        QStringLiteral("--save-received"), received, QStringLiteral("--quiet"),
                                                        QStringLiteral("--wait-timeout"), QStringLiteral("20")}
                     << more);
    return replay.waitForStarted(5000);
}

// waitForFinished() is false for a process that finished already.
bool ends(QProcess& process, int ms = 20000)
{
    return process.state() == QProcess::NotRunning || process.waitForFinished(ms);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const json* variableNamed(const json& variables, const std::string& name)
{
    for (const json& v : variables) {
        if (v.value("name", "") == name)
            return &v;
    }
    return nullptr;
}

} // namespace

class TestDapAdapter : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    // Issue 50 item 6: after a failed launch, breakpoints say what failed (not "give xsc").
    void breakpointsAfterAFailedLaunchSayWhatFailed()
    {
        DapClient c;
        QCOMPARE(c.request("initialize", {{"adapterID", "xs"}}).value("success", false), true);
        // Sent before launch, as editors do: the compiler is not known yet, nothing is refused.
        json r = c.request("setBreakpoints", {{"source", {{"path", "/w/a.js"}}},
                                              {"breakpoints", {{{"line", 3}, {"condition", "i > 2"}}, {{"line", 5}}}}});
        QCOMPARE(r["body"]["breakpoints"][0].value("verified", false), true);
        const QString notProgram = m_dir.filePath(QStringLiteral("not-a-program.txt"));
        QFile file(notProgram);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        r = c.request("launch", {{"program", str(notProgram)}, {"xsc", "/bin/true"}});
        QCOMPARE(r.value("success", true), false);
        QVERIFY2(r.value("message", "").find("is not an executable file") != std::string::npos, r.dump().c_str());
        // Both breakpoints changed to unverified, saying the launch failed and why.
        QCOMPARE(c.count("breakpoint", "changed"), 2);
        r = c.request("setBreakpoints", {{"source", {{"path", "/w/a.js"}}}, {"breakpoints", {{{"line", 3}, {"condition", "i > 2"}}}}});
        const json b = r["body"]["breakpoints"][0];
        QCOMPARE(b.value("verified", true), false);
        const std::string message = b.value("message", "");
        QVERIFY2(message.find("the launch failed") != std::string::npos && message.find("not an executable file") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("give") == std::string::npos, message.c_str());
    }

    void badInputIsAnsweredNeverFatal()
    {
        DapClient c;
        json r = c.request("threads");
        QCOMPARE(r.value("success", true), false);
        QVERIFY2(r.value("message", "").find("before \"initialize\"") != std::string::npos, r.dump().c_str());

        // A frame that cannot be read: an output event (category important), no response to
        // request 0; a stretch of bad input (here 100 MB without a header) is said once.
        c.feedRaw("Content-Length: 12\r\n\r\n{\"seq\":2,\"ty");
        QVERIFY(c.waitForOutput("the body is not JSON"));
        QCOMPARE(c.request("threads").value("success", true), false); // a good message ends the stretch
        const QByteArray junk(1 << 20, 'x');
        for (int i = 0; i < 100; ++i)
            c.feedRaw(junk);
        QCOMPARE(c.request("threads").value("success", true), false); // the next good message is read
        QVERIFY2(c.waitForOutput("bytes without a Content-Length header"), c.output().c_str());
        int important = 0, toNobody = 0;
        for (const json& m : c.received) {
            important += m.value("event", "") == "output" && m["body"].value("category", "") == "important";
            toNobody += m.value("type", "") == "response" && m.value("request_seq", 0) < 1;
        }
        QCOMPARE(toNobody, 0);
        QCOMPARE(important, 2); // the bad body; the 100 MB without a header

        r = c.request("initialize", {{"adapterID", "xs"}});
        QCOMPARE(r.value("success", false), true);
        QCOMPARE(r["body"].value("supportsConditionalBreakpoints", false), true);
        QCOMPARE(r["body"].value("supportsLogPoints", false), true);
        QCOMPARE(r["body"]["exceptionBreakpointFilters"][0].value("filter", ""), std::string("exceptions"));
        QVERIFY(!c.event("initialized").is_null());
        QCOMPARE(c.request("initialize").value("success", true), false);

        r = c.request("readMemory", {{"memoryReference", "0"}});
        QCOMPARE(r.value("success", true), false);
        QVERIFY(r.value("message", "").find("unknown request \"readMemory\"") != std::string::npos);

        r = c.request("next", {{"threadId", 7}});
        QVERIFY(r.value("message", "").find("there is no thread 7") != std::string::npos);
        r = c.request("variables", {{"variablesReference", 99}});
        QVERIFY(r.value("message", "").find("variablesReference 99 is not known") != std::string::npos);

        // A request whose arguments are not an object.
        c.feedRaw(QByteArray::fromStdString(DapFraming::encode({{"seq", 40}, {"type", "request"}, {"command", "next"}, {"arguments", 3}})));
        r = c.response(40);
        QVERIFY2(r.value("message", "").find("'arguments' of next must be an object") != std::string::npos, r.dump().c_str());

        // A Content-Length that lies long: the request is answered when the next header shows it.
        const std::string body = R"({"seq":41,"type":"request","command":"threads"})";
        c.feedRaw(QByteArray::fromStdString("Content-Length: 900\r\n\r\n" + body));
        c.send("threads");
        r = c.response(41);
        QVERIFY2(r.value("message", "").find("longer than the body") != std::string::npos, r.dump().c_str());
        r = c.response(c.seq - 1);
        QCOMPARE(r.value("success", false), true);

        // Launch and attach arguments that cannot work.
        r = c.request("launch", {{"args", {"-s"}}});
        QVERIFY(r.value("message", "").find("launch needs \"program\"") != std::string::npos);
        r = c.request("launch", {{"program", "/bin/true"}, {"args", "-s"}});
        QVERIFY(r.value("message", "").find("arguments.args must be an array, not a string") != std::string::npos);
        r = c.request("launch", {{"program", "/bin/true"}, {"localRoot", "/a"}});
        QVERIFY(r.value("message", "").find("remoteRoot") != std::string::npos);
        r = c.request("attach", {{"port", "x"}});
        QVERIFY2(r.value("message", "").find("arguments.port must be an integer, not a string") != std::string::npos, r.dump().c_str());
        r = c.request("attach", {{"port", 70000}});
        QVERIFY(r.value("message", "").find("\"port\" must be a number from 0 to 65535") != std::string::npos);
        r = c.request("launch", {{"program", "/bin/true"}, {"cwd", 17}});
        QVERIFY2(r.value("message", "").find("arguments.cwd must be a string, not an integer") != std::string::npos, r.dump().c_str());
        r = c.request("launch", {{"program", "/bin/true"}, {"stopOnEntry", "yes"}});
        QVERIFY(r.value("message", "").find("arguments.stopOnEntry must be a boolean") != std::string::npos);
        r = c.request("launch", {{"program", "/nonexistent/xst"}});
        QVERIFY(r.value("message", "").find("\"program\" /nonexistent/xst is not an executable file") != std::string::npos);
        r = c.request("launch", {{"program", "no-such-program-here"}});
        QVERIFY(r.value("message", "").find("(nor on PATH)") != std::string::npos);
        r = c.request("launch", {{"program", "/bin/true"}, {"programOutput", "some"}});
        QVERIFY(r.value("message", "").find("\"programOutput\" is \"all\", \"stderr\" or \"none\"") != std::string::npos);
        r = c.request("attach", {{"serial", "/dev/ttyX@fast"}});
        QVERIFY2(r.value("message", "").find("\"serial\"") != std::string::npos, r.dump().c_str());
        r = c.request("attach", {{"xsc", "/nonexistent/xsc"}});
        QVERIFY(r.value("message", "").find("is not an executable file") != std::string::npos);
        QVERIFY(!c.finished);
        c.adapter.endOfInput();
        QTRY_VERIFY(c.finished);
    }

    void breakpointsAreCheckedAndMapped()
    {
        DapClient c;
        QVERIFY(c.request("initialize").value("success", false));
        json r = c.request("setBreakpoints",
                           {{"source", {{"path", "/w/app/main.js"}}},
                            {"breakpoints", {{{"line", 3}}, {{"line", 4}, {"hitCondition", "every 3"}},
                                             {{"line", 5}, {"logMessage", "n={n"}}, {{"line", 0}}}}});
        QCOMPARE(r.value("success", false), true);
        const json& b = r["body"]["breakpoints"];
        QCOMPARE(b.size(), size_t(4));
        QCOMPARE(b[0].value("verified", false), true);
        QCOMPARE(b[1].value("verified", true), false);
        QVERIFY(b[1].value("message", "").find("hit condition \"every3\"") != std::string::npos);
        QVERIFY(b[2].value("message", "").find("a { is not closed") != std::string::npos);
        QVERIFY(b[3].value("message", "").find("needs a line") != std::string::npos);
        r = c.request("setExceptionBreakpoints", {{"filters", {"uncaught"}}});
        QVERIFY(r.value("message", "").find("unknown exception filter \"uncaught\"") != std::string::npos);
        r = c.request("setBreakpoints", {{"breakpoints", json::array()}});
        QVERIFY(r.value("message", "").find("needs \"source\" with a \"path\"") != std::string::npos);
    }

    void aRecordedMachineStopsAndIsInspected()
    {
        // The machine's build folder maps to a workspace holding the file.
        const QString workspace = m_dir.filePath(QStringLiteral("ws"));
        QVERIFY(QDir().mkpath(workspace));
        QFile source(workspace + QStringLiteral("/log_and_break.js"));
        QVERIFY(source.open(QIODevice::WriteOnly));
        source.write("// stands for the machine's file\n");
        source.close();

        DapClient c;
        c.adapter.setAnswerTimeoutMs(1000);
        QVERIFY(c.request("initialize").value("success", false));
        // Set before the machine logs in: in its login answer, under the machine's path.
        json r = c.request("setBreakpoints", {{"source", {{"path", str(workspace + QStringLiteral("/log_and_break.js"))}}},
                                              {"breakpoints", {{{"line", 16}}}}});
        QCOMPARE(r["body"]["breakpoints"][0].value("verified", false), true);
        c.request("setFunctionBreakpoints", {{"breakpoints", {{{"name", "descend"}}}}});
        const quint16 port = c.attachOnFreePort({{"localRoot", str(workspace)}, {"remoteRoot", "/home/dev/xs-app"}});
        QVERIFY(port != 0);

        QProcess replay;
        const QString received = m_dir.filePath(QStringLiteral("received.txt"));
        QVERIFY(startReplay(replay, "log_and_break.break.xsbug", port, received));

        json e = c.event("thread");
        QVERIFY(!e.is_null());
        QCOMPARE(e["body"].value("reason", ""), std::string("started"));
        const int thread = e["body"].value("threadId", 0);
        json stopped = c.event("stopped", 20000);
        QVERIFY(!stopped.is_null());
        QCOMPARE(stopped["body"].value("reason", ""), std::string("breakpoint"));
        QCOMPARE(stopped["body"].value("description", ""), std::string("debugger statement"));
        QCOMPARE(stopped["body"].value("threadId", 0), thread);
        // Console lines as they came (a line may continue across messages), and the conversation.
        QVERIFY(c.output().find("log_and_break: start\npartial line, continued\n") != std::string::npos);
        QVERIFY2(c.output().find("[acceptance]") != std::string::npos, c.output().c_str());

        r = c.request("threads");
        QCOMPARE(r["body"]["threads"].size(), size_t(1));
        QCOMPARE(r["body"]["threads"][0].value("name", ""), std::string("xst"));

        r = c.request("stackTrace", {{"threadId", thread}});
        QVERIFY2(r.value("success", false), r.dump().c_str());
        const json frames = r["body"]["stackFrames"];
        QCOMPARE(r["body"].value("totalFrames", 0), 7);
        QCOMPARE(frames[0].value("name", ""), std::string("inspect"));
        QCOMPARE(frames[0].value("line", 0), 16);
        QCOMPARE(frames[0]["source"].value("path", ""), str(workspace + QStringLiteral("/log_and_break.js")));
        QVERIFY(!frames[0]["source"].contains("sourceReference"));
        QCOMPARE(frames[6].value("name", ""), std::string("(host)"));
        QVERIFY(!frames[6].contains("source"));
        r = c.request("stackTrace", {{"threadId", thread}, {"startFrame", 1}, {"levels", 2}});
        QCOMPARE(r["body"]["stackFrames"].size(), size_t(2));
        QCOMPARE(r["body"]["stackFrames"][0].value("name", ""), std::string("descend"));

        r = c.request("scopes", {{"frameId", frames[0].value("id", 0)}});
        std::vector<std::string> names;
        for (const json& s : r["body"]["scopes"])
            names.push_back(s.value("name", ""));
        QCOMPARE(names, (std::vector<std::string>{"Locals", "Closure", "Globals", "Modules"}));
        const int locals = r["body"]["scopes"][0].value("variablesReference", 0);
        r = c.request("variables", {{"variablesReference", locals}});
        const json& vars = r["body"]["variables"];
        QVERIFY(variableNamed(vars, "label"));
        QCOMPARE(variableNamed(vars, "label")->value("value", ""), std::string("'probe'"));
        QCOMPARE(variableNamed(vars, "depth")->value("value", ""), std::string("2"));
        const json* self = variableNamed(vars, "this");
        QVERIFY(self && self->value("variablesReference", 0) > 0);
        QCOMPARE(self->value("value", ""), std::string("{…}"));
        // A recording does not answer <toggle>: said, not a hang.
        r = c.request("variables", {{"variablesReference", self->value("variablesReference", 0)}});
        QCOMPARE(r.value("success", true), false);
        QVERIFY2(r.value("message", "").find("did not send the contents of this") != std::string::npos, r.dump().c_str());
        // Nor an evaluation (no xsc is given: said so).
        r = c.request("evaluate", {{"expression", "depth"}, {"frameId", frames[0].value("id", 0)}, {"context", "hover"}});
        QCOMPARE(r.value("success", true), false);

        r = c.request("continue", {{"threadId", thread}});
        QCOMPARE(r.value("success", false), true);
        // The stale frame is refused after the resume.
        r = c.request("scopes", {{"frameId", frames[0].value("id", 0)}});
        QCOMPARE(r.value("success", true), false);
        stopped = c.event("stopped", 20000);
        QVERIFY(!stopped.is_null());
        QCOMPARE(stopped["body"].value("reason", ""), std::string("exception"));
        QCOMPARE(stopped["body"].value("text", ""), std::string("RangeError: value 5 too large"));
        QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
        // The machine left: the attach session waits for the next one until the editor disconnects.
        QVERIFY(c.waitForOutput("waiting for the next on 127.0.0.1:", 20000));
        QVERIFY(c.event("terminated", 300).is_null());
        QCOMPARE(c.count("thread", "exited"), 1);
        QVERIFY(ends(replay));
        QCOMPARE(replay.exitCode(), 0);

        const QByteArray sent = readAll(received);
        // The login answer: exceptions on (the default), the line under the machine's path and the function.
        const qsizetype login = sent.indexOf("</set-all-breakpoints>");
        QVERIFY2(login > 0, sent.constData());
        QVERIFY(sent.left(login).contains("path=\"exceptions\""));
        QVERIFY2(sent.left(login).contains("path=\"/home/dev/xs-app/log_and_break.js\" line=\"16\""), sent.left(login).constData());
        QVERIFY(sent.left(login).contains("path=\"descend\" line=\"0\""));
        QVERIFY(sent.count("<go/>") >= 2);
    }

    void anEditorThatLeavesMidBreakLetsTheMachineGo()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        QProcess replay;
        const QString received = m_dir.filePath(QStringLiteral("received-eof.txt"));
        QVERIFY(startReplay(replay, "log_and_break.break.xsbug", port, received));
        QVERIFY(!c.event("stopped", 20000).is_null());
        c.adapter.endOfInput(); // stdin closed at a break
        QTRY_VERIFY_WITH_TIMEOUT(c.finished, 5000);
        QCOMPARE(c.finishedStatus, 0);
        QTRY_VERIFY_WITH_TIMEOUT(readAll(received).contains("<logout/>"), 10000);
        QVERIFY(ends(replay));
        QCOMPARE(replay.exitCode(), 0); // <logout/> at its wait ends the replay: the machine runs on
    }

    void aMachineThatLeavesMidRequestIsAnswered()
    {
        DapClient c;
        c.adapter.setAnswerTimeoutMs(20000); // the answer must come from the disconnection, not a timer
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        QTcpSocket machine;
        machine.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(machine.waitForConnected(5000));
        auto send = [&machine](const QByteArray& content) {
            machine.write("\r\n<xsbug>" + content + "</xsbug>\r\n");
            machine.flush();
        };
        send("<login name=\"leaver\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
        const json started = c.event("thread");
        QVERIFY(!started.is_null());
        // A pause is <step/> to a running machine; the stop it brings is a pause, not a step.
        QCOMPARE(c.request("pause", {{"threadId", started["body"].value("threadId", 0)}}).value("success", false), true);
        QByteArray fromAdapter;
        QTRY_VERIFY_WITH_TIMEOUT((fromAdapter += machine.readAll()).contains("<step/>"), 5000);
        QVERIFY(c.waitForOutput("pause requested"));
        send("<frames><frame name=\"f\" value=\"@0000000000000010\" path=\"/x/a.js\" line=\"3\"/></frames>"
             "<local name=\"f\" value=\"@0000000000000010\" path=\"/x/a.js\" line=\"3\">"
             "<property flags=\"+cew_\" name=\"o\" value=\"@0000000000000020\"/></local><global></global><grammar></grammar>"
             "<break path=\"/x/a.js\" line=\"3\"># Break: step!\n</break>");
        json stopped = c.event("stopped");
        QVERIFY(!stopped.is_null());
        QCOMPARE(stopped["body"].value("reason", ""), std::string("pause"));
        const int thread = stopped["body"].value("threadId", 0);
        json r = c.request("stackTrace", {{"threadId", thread}});
        r = c.request("scopes", {{"frameId", r["body"]["stackFrames"][0].value("id", 0)}});
        r = c.request("variables", {{"variablesReference", r["body"]["scopes"][0].value("variablesReference", 0)}});
        const json* o = variableNamed(r["body"]["variables"], "o");
        QVERIFY(o);
        const int asked = c.send("variables", {{"variablesReference", o->value("variablesReference", 0)}});
        QTRY_VERIFY_WITH_TIMEOUT((fromAdapter += machine.readAll()).contains("<toggle id=\"@0000000000000020\"/>"), 5000);
        machine.disconnectFromHost(); // leaves with the toggle unanswered
        r = c.response(asked, 5000);
        QVERIFY(!r.is_null());
        QCOMPARE(r.value("success", true), false);
        QVERIFY(c.waitForOutput("waiting for the next on"));
        QVERIFY(c.event("terminated", 300).is_null());
    }

    void aStormOfWorkersMakesFewThreads()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        QProcess storm;
        storm.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        storm.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/machine_storm.py"), corpus("sim_worker.xsbug"),
                                                QStringLiteral("--connect"), QStringLiteral("127.0.0.1:%1").arg(port),
                                                QStringLiteral("--count"), QStringLiteral("60")});
        QVERIFY(storm.waitForStarted(5000));
        QVERIFY(ends(storm, 60000));
        QCOMPARE(storm.exitCode(), 0);
        // The first of the name is a thread at once, as the window's first tab; the others log
        // in, run and leave with nothing to show: no thread each.
        QTRY_COMPARE_WITH_TIMEOUT(c.count("thread", "exited"), 1, 5000);
        QTest::qWait(300);
        QCOMPARE(c.count("thread", "started"), 1);
    }

    void aProfileIsWrittenAtStop()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        QProcess replay;
        QVERIFY(startReplay(replay, "break_while_profiling.suspend-resume.xsbug", port,
                            m_dir.filePath(QStringLiteral("received-profile.txt"))));
        json stopped = c.event("stopped", 20000);
        QVERIFY(!stopped.is_null());
        const int thread = stopped["body"].value("threadId", 0);
        const QString path = m_dir.filePath(QStringLiteral("machine.cpuprofile"));
        const int asked = c.send("xsprof/profile", {{"action", "stop"}, {"threadId", thread}, {"path", str(path)}});
        // The recording stops profiling when it ends: let it run there.
        QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
        json r = c.response(asked, 20000);
        QVERIFY2(r.value("success", false), r.dump().c_str());
        QCOMPARE(r["body"].value("path", ""), str(path));
        const size_t samples = r["body"].value("samples", size_t(0));
        QVERIFY(samples > 0);
        QVERIFY(r["body"].value("durationMs", 0.0) > 0);
        const xsprof::LoadResult loaded = xsprof::loadProfileFile(path.toStdString(), {});
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.profile->samples.size(), samples);
        QVERIFY(ends(replay));

        r = c.request("xsprof/profile", {{"action", "rewind"}});
        QCOMPARE(r.value("success", true), false);
    }

    void aSerialBoardOverAPseudoTerminal()
    {
        const QString link = m_dir.filePath(QStringLiteral("tty"));
        QProcess device;
        device.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        device.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_SERIAL_DEVICE), QStringLiteral("--link"), link,
                                                 QStringLiteral("--machine"),
                                                 QStringLiteral("3FFB0001:") + corpus("log_and_break.break.xsbug")});
        QVERIFY(device.waitForStarted(5000));
        QByteArray out;
        QDeadlineTimer deadline(10000);
        while (!out.contains("ready") && !deadline.hasExpired()) {
            device.waitForReadyRead(100);
            out += device.readAllStandardOutput();
        }
        QVERIFY(out.contains("ready"));

        DapClient c;
        QVERIFY(c.request("initialize").value("success", false));
        json r = c.request("attach", {{"serial", str(link + QStringLiteral("@921600"))}});
        QVERIFY2(r.value("success", false), r.dump().c_str());
        c.request("configurationDone");
        json stopped = c.event("stopped", 20000);
        QVERIFY2(!stopped.is_null(), c.output().c_str());
        const int thread = stopped["body"].value("threadId", 0);
        r = c.request("stackTrace", {{"threadId", thread}});
        QCOMPARE(r["body"]["stackFrames"][0].value("name", ""), std::string("inspect"));
        QVERIFY(c.output().find("log_and_break: start") != std::string::npos);
        QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
        QVERIFY(!c.event("stopped", 20000).is_null());
        r = c.request("disconnect", {{"terminateDebuggee", false}});
        QCOMPARE(r.value("success", false), true);
        QTRY_VERIFY_WITH_TIMEOUT(c.finished, 5000);
        device.kill();
        device.waitForFinished(5000);
    }

    void theRealXst();
    void theRealXstServesRunTimeSources();

private:
    QTemporaryDir m_dir;
};

// Against the real engine: xst reads commands only at its pauses, so what is set before it runs
// works only when its login answer carries it. XSPROF_TEST_XST names a debug xst and
// XSPROF_TEST_XSC an xsc of the same XS version and ID size; CI has no Moddable SDK and skips.
void TestDapAdapter::theRealXst()
{
    const QString xst = qEnvironmentVariable("XSPROF_TEST_XST"), xsc = qEnvironmentVariable("XSPROF_TEST_XSC");
    if (!QFileInfo(xst).isExecutable() || !QFileInfo(xsc).isExecutable())
        QSKIP("Set XSPROF_TEST_XST and XSPROF_TEST_XSC to a debug xst and a matching xsc of the Moddable SDK to run "
              "this against the real engine.");
    const QString script = m_dir.filePath(QStringLiteral("real.js"));
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("function makeCounter(start) {\n"          // 1
               "\tlet count = start;\n"                   // 2
               "\treturn function step(by) {\n"           // 3
               "\t\tcount += by;\n"                        // 4
               "\t\treturn count;\n"                       // 5
               "\t};\n"                                    // 6
               "}\n"                                       // 7
               "const counter = makeCounter(10);\n"        // 8
               "const data = { name: \"xs\", list: [1, 2, 3] };\n" // 9
               "for (let i = 0; i < 5; i++) {\n"           // 10
               "\tconst now = counter(i);\n"                // 11
               "\ttrace(`i=${i}\\n`);\n"                    // 12
               "}\n"                                       // 13
               "try {\n"                                   // 14
               "\tthrow new TypeError(\"boom\");\n"        // 15
               "} catch {\n"                               // 16
               "}\n"                                       // 17
               "trace(\"done\\n\");\n");                   // 18
    file.close();

    DapClient c;
    QVERIFY(c.request("initialize").value("success", false));
    json r = c.request("launch", {{"program", str(xst)}, {"args", {"real.js"}}, {"cwd", str(m_dir.path())}, {"xsc", str(xsc)}});
    QVERIFY2(r.value("success", false), r.dump().c_str());
    r = c.request("setBreakpoints", {{"source", {{"path", str(script)}}},
                                     {"breakpoints", {{{"line", 4}, {"condition", "by === 3"}},
                                                      {{"line", 12}, {"logMessage", "log i={i} now={now}"}}}}});
    QCOMPARE(r["body"]["breakpoints"][0].value("verified", false), true);
    QCOMPARE(r["body"]["breakpoints"][1].value("verified", false), true);
    c.request("setExceptionBreakpoints", {{"filters", {"exceptions"}}});
    c.request("configurationDone");

    // The conditional breakpoint: the fourth call, after three log points.
    json stopped = c.event("stopped", 30000);
    QVERIFY2(!stopped.is_null(), c.output().c_str());
    QCOMPARE(stopped["body"].value("reason", ""), std::string("breakpoint"));
    const int thread = stopped["body"].value("threadId", 0);
    QVERIFY2(c.output().find("log i=2 now=13\n") != std::string::npos, c.output().c_str());
    QVERIFY(c.output().find("log i=3") == std::string::npos);

    r = c.request("stackTrace", {{"threadId", thread}});
    const json frames = r["body"]["stackFrames"];
    QCOMPARE(frames[0].value("name", ""), std::string("step"));
    QCOMPARE(frames[0].value("line", 0), 4);
    QCOMPARE(QFileInfo(QString::fromStdString(frames[0]["source"].value("path", ""))).canonicalFilePath(),
             QFileInfo(script).canonicalFilePath());
    QCOMPARE(frames[1].value("line", 0), 11);

    // Scopes of the inner function: its arguments, and the closure's count.
    r = c.request("scopes", {{"frameId", frames[0].value("id", 0)}});
    json scopes = r["body"]["scopes"];
    QCOMPARE(scopes[1].value("name", ""), std::string("Closure"));
    r = c.request("variables", {{"variablesReference", scopes[0].value("variablesReference", 0)}});
    QCOMPARE(variableNamed(r["body"]["variables"], "by")->value("value", ""), std::string("3"));
    r = c.request("variables", {{"variablesReference", scopes[1].value("variablesReference", 0)}});
    QVERIFY2(variableNamed(r["body"]["variables"], "count"), r.dump().c_str());
    QCOMPARE(variableNamed(r["body"]["variables"], "count")->value("value", ""), std::string("13"));

    // The caller's frame: an object expanded lazily, with the window's previews.
    r = c.request("scopes", {{"frameId", frames[1].value("id", 0)}});
    r = c.request("variables", {{"variablesReference", r["body"]["scopes"][0].value("variablesReference", 0)}});
    const json* data = variableNamed(r["body"]["variables"], "data");
    QVERIFY2(data, r.dump().c_str());
    r = c.request("variables", {{"variablesReference", data->value("variablesReference", 0)}});
    QCOMPARE(variableNamed(r["body"]["variables"], "name")->value("value", ""), std::string("'xs'"));
    const json* list = variableNamed(r["body"]["variables"], "list");
    QVERIFY(list && list->value("variablesReference", 0) > 0);
    r = c.request("variables", {{"variablesReference", list->value("variablesReference", 0)}});
    QCOMPARE(variableNamed(r["body"]["variables"], "[2]")->value("value", ""), std::string("3"));

    // evaluate in repl, watch and hover contexts, in the frame asked for.
    r = c.request("evaluate", {{"expression", "by * 100 + count"}, {"frameId", frames[0].value("id", 0)}, {"context", "repl"}}, 30000);
    QVERIFY2(r.value("success", false), r.dump().c_str());
    QCOMPARE(r["body"].value("result", ""), std::string("313"));
    r = c.request("evaluate", {{"expression", "data"}, {"frameId", frames[1].value("id", 0)}, {"context", "watch"}}, 30000);
    QCOMPARE(r["body"].value("result", ""), std::string("{name: 'xs', list: {…}}"));
    r = c.request("variables", {{"variablesReference", r["body"].value("variablesReference", 0)}});
    QCOMPARE(variableNamed(r["body"]["variables"], "name")->value("value", ""), std::string("'xs'"));
    // Deeper than the machine sends an eval's value: evaluated again (data.list), one level more.
    const json* resultList = variableNamed(r["body"]["variables"], "list");
    QVERIFY(resultList && resultList->value("variablesReference", 0) > 0);
    QCOMPARE(resultList->value("evaluateName", ""), std::string("data.list"));
    r = c.request("variables", {{"variablesReference", resultList->value("variablesReference", 0)}}, 30000);
    QVERIFY2(r.value("success", false), r.dump().c_str());
    QCOMPARE(variableNamed(r["body"]["variables"], "[1]")->value("value", ""), std::string("2"));
    QCOMPARE(variableNamed(r["body"]["variables"], "[1]")->value("evaluateName", ""), std::string("data.list[1]"));
    // An expression with effects is not evaluated again: its nested objects stay closed.
    r = c.request("evaluate", {{"expression", "(data.n = 1, {inner: {deep: 1}})"}, {"frameId", frames[1].value("id", 0)}, {"context", "repl"}}, 30000);
    r = c.request("variables", {{"variablesReference", r["body"].value("variablesReference", 0)}});
    QVERIFY2(variableNamed(r["body"]["variables"], "inner"), r.dump().c_str());
    QCOMPARE(variableNamed(r["body"]["variables"], "inner")->value("variablesReference", -1), 0);
    r = c.request("evaluate", {{"expression", "nothing"}, {"frameId", frames[0].value("id", 0)}, {"context", "hover"}}, 30000);
    QCOMPARE(r.value("success", true), false);
    QVERIFY2(r.value("message", "").find("ReferenceError") != std::string::npos, r.dump().c_str());

    // Stepping: over (next line of step), out (back in the loop), in (into step again).
    QCOMPARE(c.request("next", {{"threadId", thread}}).value("success", false), true);
    stopped = c.event("stopped");
    QCOMPARE(stopped["body"].value("reason", ""), std::string("step"));
    QCOMPARE(c.request("stackTrace", {{"threadId", thread}})["body"]["stackFrames"][0].value("line", 0), 5);
    QCOMPARE(c.request("stepOut", {{"threadId", thread}}).value("success", false), true);
    QVERIFY(!c.event("stopped").is_null());
    r = c.request("stackTrace", {{"threadId", thread}});
    QVERIFY(r["body"]["stackFrames"][0].value("line", 0) >= 11);
    QCOMPARE(r["body"]["stackFrames"][0].value("line", 0) <= 12, true);
    // Remove the log point and the condition; step in at the next call.
    c.request("setBreakpoints", {{"source", {{"path", str(script)}}}, {"breakpoints", json::array()}});
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(c.request("stepIn", {{"threadId", thread}}).value("success", false), true);
        QVERIFY(!c.event("stopped").is_null());
        r = c.request("stackTrace", {{"threadId", thread}});
        if (r["body"]["stackFrames"][0].value("name", "") == "step")
            break;
    }
    QCOMPARE(r["body"]["stackFrames"][0].value("name", ""), std::string("step"));

    // The exception break, then the end.
    QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
    stopped = c.event("stopped", 30000);
    QCOMPARE(stopped["body"].value("reason", ""), std::string("exception"));
    QCOMPARE(stopped["body"].value("text", ""), std::string("TypeError: boom"));
    QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
    json exited = c.event("exited", 30000);
    QVERIFY(!exited.is_null());
    QCOMPARE(exited["body"].value("exitCode", -1), 0);
    QVERIFY(!c.event("terminated").is_null());
    QVERIFY(c.output().find("done\n") != std::string::npos);
    QCOMPARE(c.request("disconnect").value("success", false), true);
    QTRY_VERIFY(c.finished);
}

// Code compiled at run time (new Function, eval) has no file: the machine sends its text, tagged
// "#N" as its frames name it, and the adapter serves it through `source`.
void TestDapAdapter::theRealXstServesRunTimeSources()
{
    const QString xst = qEnvironmentVariable("XSPROF_TEST_XST");
    if (!QFileInfo(xst).isExecutable())
        QSKIP("Set XSPROF_TEST_XST to a debug xst of the Moddable SDK to run this against the real engine.");
    QFile file(m_dir.filePath(QStringLiteral("runtime.js")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("const f = new Function(\"a\", \"const twice = a * 2;\\ndebugger;\\nreturn twice;\");\n"
               "trace(f(21) + \"\\n\");\n");
    file.close();
    DapClient c;
    QVERIFY(c.request("initialize").value("success", false));
    QVERIFY(c.request("launch", {{"program", str(xst)}, {"args", {"runtime.js"}}, {"cwd", str(m_dir.path())}}).value("success", false));
    c.request("configurationDone");
    const json stopped = c.event("stopped", 30000);
    QVERIFY2(!stopped.is_null(), c.output().c_str());
    const int thread = stopped["body"].value("threadId", 0);
    json r = c.request("stackTrace", {{"threadId", thread}});
    const json top = r["body"]["stackFrames"][0];
    QCOMPARE(top.value("line", 0), 3);
    QVERIFY2(top["source"].value("sourceReference", 0) > 0, top.dump().c_str());
    QVERIFY(!top["source"].contains("path"));
    r = c.request("source", {{"source", top["source"]}, {"sourceReference", top["source"].value("sourceReference", 0)}});
    QVERIFY2(r.value("success", false), r.dump().c_str());
    const std::string text = r["body"].value("content", "");
    QVERIFY2(text.find("debugger;") != std::string::npos, text.c_str());
    QCOMPARE(c.request("continue", {{"threadId", thread}}).value("success", false), true);
    QVERIFY(!c.event("terminated", 30000).is_null());
    QVERIFY(c.output().find("42\n") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestDapAdapter)
#include "tst_dapadapter.moc"
