// The typed DAP arguments (DapArgs: one reader, JSON-path errors) and the break-reason mapping
// (DapBreakReason), alone; the error ids and showUser through the adapter.
#include "app/dap/dapadapter.h"
#include "app/dap/dapargs.h"
#include "app/dap/dapbreakreason.h"
#include "dapclient.h"

#include <QTest>

using nlohmann::json;

class TestDapRequests : public QObject {
    Q_OBJECT

private slots:
    void setBreakpointsReadsEveryField()
    {
        std::string error;
        const auto args = DapArgs::setBreakpoints(
            json::parse(R"({"source": {"path": "/w/a.js"}, "breakpoints": [
                {"line": 3, "condition": "i > 2", "hitCondition": ">=5", "logMessage": "i = {i}"}, {"line": 0}]})"),
            error);
        QVERIFY2(args, error.c_str());
        QCOMPARE(args->path, QStringLiteral("/w/a.js"));
        QCOMPARE(args->breakpoints.size(), size_t(2));
        QCOMPARE(args->breakpoints[0].line, 3);
        QCOMPARE(args->breakpoints[0].condition, QStringLiteral("i > 2"));
        QCOMPARE(args->breakpoints[0].hitCondition, QStringLiteral(">=5"));
        QCOMPARE(args->breakpoints[0].logMessage, QStringLiteral("i = {i}"));
        QCOMPARE(args->breakpoints[1].line, 0);
        // The deprecated form: lines only.
        const auto lines = DapArgs::setBreakpoints(json::parse(R"({"source": {"path": "/w/a.js"}, "lines": [4, 9]})"), error);
        QVERIFY(lines);
        QCOMPARE(lines->breakpoints.size(), size_t(2));
        QCOMPARE(lines->breakpoints[1].line, 9);
    }

    void wrongTypesAreNamedByTheirPath_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("line") << "setBreakpoints" << R"({"source": {"path": "/a"}, "breakpoints": [{"line": 1}, {"line": 1}, {"line": "7"}]})"
                              << "arguments.breakpoints[2].line must be an integer, not a string";
        QTest::newRow("source") << "setBreakpoints" << R"({"source": "/a.js"})" << "arguments.source must be an object, not a string";
        QTest::newRow("path") << "setBreakpoints" << R"({"source": {"path": 5}})" << "arguments.source.path must be a string, not an integer";
        QTest::newRow("breakpoint") << "setBreakpoints" << R"({"breakpoints": [3]})" << "arguments.breakpoints[0] must be an object, not an integer";
        QTest::newRow("lines") << "setBreakpoints" << R"({"lines": [1, 2.5]})" << "arguments.lines[1] must be an integer, not a number";
        QTest::newRow("name") << "setFunctionBreakpoints" << R"({"breakpoints": [{"name": ["f"]}]})"
                              << "arguments.breakpoints[0].name must be a string, not an array";
        QTest::newRow("filters") << "setExceptionBreakpoints" << R"({"filters": "exceptions"})"
                                 << "arguments.filters must be an array, not a string";
        QTest::newRow("filter") << "setExceptionBreakpoints" << R"({"filters": [true]})" << "arguments.filters[0] must be a string, not a boolean";
        QTest::newRow("threadId") << "continue" << R"({"threadId": "1"})" << "arguments.threadId must be an integer, not a string";
        QTest::newRow("terminateDebuggee") << "disconnect" << R"({"terminateDebuggee": "yes"})"
                                           << "arguments.terminateDebuggee must be a boolean, not a string";
        QTest::newRow("action") << "xsprof/profile" << R"({"action": 1})" << "arguments.action must be a string, not an integer";
    }
    void wrongTypesAreNamedByTheirPath()
    {
        QFETCH(QString, request);
        QFETCH(QString, arguments);
        QFETCH(QString, error);
        const json a = json::parse(arguments.toStdString());
        std::string got;
        bool parsed = false;
        if (request == QLatin1String("setBreakpoints"))
            parsed = DapArgs::setBreakpoints(a, got).has_value();
        else if (request == QLatin1String("setFunctionBreakpoints"))
            parsed = DapArgs::setFunctionBreakpoints(a, got).has_value();
        else if (request == QLatin1String("setExceptionBreakpoints"))
            parsed = DapArgs::setExceptionBreakpoints(a, got).has_value();
        else if (request == QLatin1String("continue"))
            parsed = DapArgs::thread(a, got).has_value();
        else if (request == QLatin1String("disconnect"))
            parsed = DapArgs::disconnect(a, got).has_value();
        else
            parsed = DapArgs::profile(a, got).has_value();
        QVERIFY(!parsed);
        QCOMPARE(QString::fromStdString(got), error);
        // Through the adapter: the same words, an error the editor need not show.
        DapClient c;
        c.request("initialize", {{"adapterID", "xs"}});
        const json r = c.request(request.toStdString(), a);
        QCOMPARE(r.value("success", true), false);
        QCOMPARE(QString::fromStdString(r.value("message", "")), error);
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::Arguments));
        QCOMPARE(r["body"]["error"].value("showUser", true), false);
    }

    void absentOrNullFieldsTakeTheirDefaults()
    {
        std::string error;
        const auto d = DapArgs::disconnect(json::parse(R"({"terminateDebuggee": null})"), error);
        QVERIFY(d && !d->terminateDebuggee);
        const auto t = DapArgs::thread(json::object(), error);
        QVERIFY(t && !t->threadId);
        const auto p = DapArgs::profile(json::parse(R"({"action": "stop", "threadId": 2, "path": "/tmp/x.cpuprofile"})"), error);
        QVERIFY(p);
        QCOMPARE(p->action, QStringLiteral("stop"));
        QCOMPARE(*p->threadId, 2);
        QCOMPARE(p->path, QStringLiteral("/tmp/x.cpuprofile"));
    }

    void breakReasons_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("entry");
        QTest::addColumn<bool>("pausing");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("description");
        QTest::newRow("breakpoint") << "# Break: breakpoint!" << false << false << "breakpoint" << "breakpoint";
        QTest::newRow("debugger") << "# Break: debugger!" << false << false << "breakpoint" << "debugger statement";
        QTest::newRow("step") << "# Break: step!" << false << false << "step" << "step";
        QTest::newRow("entry") << "# Break: step!" << true << false << "entry" << "step";
        QTest::newRow("paused by a step") << "# Break: step!" << false << true << "pause" << "paused";
        QTest::newRow("paused idle") << "# Break: C: xsDebugger!" << false << true << "pause" << "paused";
        QTest::newRow("host break") << "# Break: C: xsDebugger!" << false << false << "pause" << "C: xsDebugger";
        QTest::newRow("exception") << "# Break: RangeError: value 5 is too large!" << false << false << "exception"
                                   << "RangeError: value 5 is too large";
        QTest::newRow("exception while pausing") << "# Break: TypeError: boom!" << true << true << "exception" << "TypeError: boom";
    }
    void breakReasons()
    {
        QFETCH(QString, message);
        QFETCH(bool, entry);
        QFETCH(bool, pausing);
        const DapBreakReason::Reason r = DapBreakReason::of(message, entry, pausing);
        QTEST(r.reason, "reason");
        QTEST(r.description, "description");
    }

    void errorsTheUserCausedAreShownToThem()
    {
        DapClient c;
        json r = c.request("threads");
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::NotNow));
        QCOMPARE(r["body"]["error"].value("showUser", true), false);
        c.request("initialize", {{"adapterID", "xs"}});
        r = c.request("launch", {{"program", "/nonexistent/xst"}});
        QCOMPARE(r.value("success", true), false);
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::Configuration));
        QCOMPARE(r["body"]["error"].value("showUser", false), true);
        r = c.request("readMemory", {{"memoryReference", "0"}});
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::Unsupported));
    }
};

QTEST_GUILESS_MAIN(TestDapRequests)
#include "tst_daprequests.moc"
