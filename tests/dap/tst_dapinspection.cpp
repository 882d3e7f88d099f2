// The adapter's inspection and breakpoint handlers against the fake machine
// (tests/protocol/fakedebuggee): each request's real response body, the commands the machine was
// given, and the error kind when it cannot be answered. The same requests with bad arguments
// through the adapter: the JSON path of the wrong field, error id and showUser.
#include "app/dap/dapadapter.h"
#include "dapclient.h"
#include "fakethreads.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using nlohmann::json;

namespace {

xsbug::Property row(const char* name, const char* value, QChar state = QLatin1Char(' '))
{
    return FakeDebuggee::property(QString::fromUtf8(name), QString::fromUtf8(value), state);
}

// Stopped in f (line 3, frame @10) called from the script (line 9, frame @11), a host frame
// under it: locals n = 1, o = {k: 'v', inner: {deep: 42}}, a closure with `count`; globals.
FakeDebuggee& stopInF(FakeDebuggee& machine, const char* why = "breakpoint")
{
    xsbug::Frames frames = FakeThreads::frames({{"f", 3}, {"(program)", 9}});
    frames.frames << xsbug::Frame{QStringLiteral("(host)"), QStringLiteral("@99"), QString(), 0};
    xsbug::Local local;
    local.name = QStringLiteral("f");
    local.address = FakeThreads::frameAddress(0);
    local.properties = {row("(function)", "@F", QLatin1Char('+')), row("n", "1"), row("o", "@O1", QLatin1Char('+')),
                        row("name", "'fn'")};
    machine.setChildren(QStringLiteral("@F"), {row("(closures)", "@C", QLatin1Char('+'))});
    machine.setChildren(QStringLiteral("@C"), {row("count", "3"), row("n", "99")});
    machine.setChildren(QStringLiteral("@O1"), {row("k", "'v'"), row("inner", "@O2", QLatin1Char('+'))});
    machine.setChildren(QStringLiteral("@O2"), {row("deep", "42")});
    xsbug::Local outer;
    outer.name = QStringLiteral("(program)");
    outer.properties = {row("total", "10")};
    machine.setFrameLocal(FakeThreads::frameAddress(1), outer);
    machine.setFrameLocal(FakeThreads::frameAddress(0), local);
    xsbug::Global global;
    global.properties = {row("Array", "@A", QLatin1Char('+')), row("nowhere", "undefined"), row("names", "@N", QLatin1Char('+'))};
    xsbug::Grammar grammar;
    grammar.modules = {row("main", "@M", QLatin1Char('+'))};
    machine.setChildren(QStringLiteral("@M"), {row("exported", "1")});
    machine.breakAt(FakeThreads::at(3, why), frames, local, global, grammar);
    return machine;
}

xsbug::EvalResult value(const char* text)
{
    return {0, {row("?", text)}, {}};
}

// The body's variables by name.
std::map<std::string, json> byName(const json& variables)
{
    std::map<std::string, json> out;
    for (const json& v : variables)
        out[v.value("name", "")] = v;
    return out;
}

// A file of `dir`, written; its path.
QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& contents)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The error kind a handler answered, 0 for none.
int errorOf(const FakeThreads::Answer& answer)
{
    return answer.error ? int(*answer.error) : 0;
}

std::vector<std::string> labels(const json& targets)
{
    std::vector<std::string> out;
    for (const json& t : targets)
        out.push_back(t.value("label", ""));
    return out;
}

} // namespace

class TestDapInspection : public QObject {
    Q_OBJECT

    // The reference of a scope of frame `frame` of thread 1.
    static std::int64_t scopeReference(FakeThreads& t, const char* name, int frame = 0)
    {
        const json body = t.ask(&DapInspection::scopes, DapArgs::Scopes{100000 + frame + 1}).body.value_or(json::object());
        for (const json& s : body.value("scopes", json::array()))
            if (s.value("name", "") == name)
                return s.value("variablesReference", 0);
        return 0;
    }

private slots:
    void stackTraceListsTheFramesWithTheirSources()
    {
        QTemporaryDir dir;
        const QString script = writeFile(dir, "main.js", "trace('x');\n");
        FakeThreads t;
        DapPaths paths;
        QString error;
        QVERIFY(paths.set(dir.path(), QStringLiteral("/w"), {}, error));
        t.inspection.setPaths(paths);
        stopInF(t.machine());
        auto a = t.ask(&DapInspection::stackTrace, DapArgs::StackTrace{1, 0, 0});
        QVERIFY2(a.body, qPrintable(a.message));
        const json expected = {
            {"stackFrames",
             {{{"id", 100001}, {"name", "f"}, {"line", 3}, {"column", 1}, {"source", {{"name", "main.js"}, {"path", script.toStdString()}}}},
              {{"id", 100002}, {"name", "(program)"}, {"line", 9}, {"column", 1}, {"source", {{"name", "main.js"}, {"path", script.toStdString()}}}},
              {{"id", 100003}, {"name", "(host)"}, {"line", 0}, {"column", 0}, {"presentationHint", "subtle"}}}},
            {"totalFrames", 3}};
        QCOMPARE(QString::fromStdString(a.body->dump()), QString::fromStdString(expected.dump()));
        // Paged: the second frame alone.
        a = t.ask(&DapInspection::stackTrace, DapArgs::StackTrace{1, 1, 1});
        QCOMPARE((*a.body)["stackFrames"].size(), size_t(1));
        QCOMPARE((*a.body)["stackFrames"][0].value("name", ""), std::string("(program)"));
        QCOMPARE((*a.body).value("totalFrames", 0), 3);
        // No such thread; a running one.
        a = t.ask(&DapInspection::stackTrace, DapArgs::StackTrace{7, 0, 0});
        QCOMPARE(errorOf(a), int(DapError::NotNow));
        QVERIFY(a.message.contains(QLatin1String("there is no thread 7")));
        t.machine().go();
        a = t.ask(&DapInspection::stackTrace, DapArgs::StackTrace{1, 0, 0});
        QCOMPARE(errorOf(a), int(DapError::NotNow));
        QVERIFY(a.message.contains(QLatin1String("not stopped")));
    }

    void scopesNameTheFramesScopes()
    {
        FakeThreads t;
        stopInF(t.machine());
        auto a = t.ask(&DapInspection::scopes, DapArgs::Scopes{100001});
        QVERIFY2(a.body, qPrintable(a.message));
        std::vector<std::string> names;
        for (const json& s : (*a.body)["scopes"]) {
            names.push_back(s.value("name", ""));
            QVERIFY(s.value("variablesReference", 0) > 0);
        }
        QCOMPARE(names, (std::vector<std::string>{"Locals", "Closure", "Globals", "Modules"}));
        QCOMPARE((*a.body)["scopes"][0].value("presentationHint", ""), std::string("locals"));
        QCOMPARE((*a.body)["scopes"][2].value("expensive", false), true);
        QVERIFY(t.machine().commands().isEmpty()); // the inspected frame already
        // The script's frame: selected in the machine; it has no closure.
        a = t.ask(&DapInspection::scopes, DapArgs::Scopes{100002});
        names.clear();
        for (const json& s : (*a.body)["scopes"])
            names.push_back(s.value("name", ""));
        QCOMPARE(names, (std::vector<std::string>{"Locals", "Globals", "Modules"}));
        QCOMPARE(t.machine().commands(), QStringList{QStringLiteral("select @0000000000000011")});
        a = t.ask(&DapInspection::scopes, DapArgs::Scopes{100009});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
        QVERIFY(a.message.contains(QLatin1String("frame 8 is not on the machine's stack")));
        a = t.ask(&DapInspection::scopes, DapArgs::Scopes{0});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
    }

    void variablesOpenLazilyWithEvaluateNames()
    {
        FakeThreads t;
        stopInF(t.machine());
        auto a = t.ask(&DapInspection::variables, DapArgs::Variables{scopeReference(t, "Locals")});
        QVERIFY2(a.body, qPrintable(a.message));
        auto locals = byName((*a.body)["variables"]);
        QCOMPARE(locals["n"].dump(), json({{"name", "n"}, {"value", "1"}, {"variablesReference", 0}, {"evaluateName", "n"}}).dump());
        QCOMPARE(locals["name"].value("value", ""), std::string("'fn'"));
        QCOMPARE(locals["(function)"]["presentationHint"].value("visibility", ""), std::string("internal"));
        const std::int64_t o = locals["o"].value("variablesReference", 0);
        QVERIFY(o > 0);
        QCOMPARE(locals["o"].value("value", ""), std::string("{…}"));
        // o opens by a toggle in the machine, and its object inside in turn.
        a = t.ask(&DapInspection::variables, DapArgs::Variables{o});
        auto fields = byName((*a.body)["variables"]);
        QCOMPARE(fields["k"].dump(), json({{"name", "k"}, {"value", "'v'"}, {"variablesReference", 0}, {"evaluateName", "o.k"}}).dump());
        QCOMPARE(fields["inner"].value("evaluateName", ""), std::string("o.inner"));
        a = t.ask(&DapInspection::variables, DapArgs::Variables{fields["inner"].value("variablesReference", std::int64_t(0))});
        QCOMPARE((*a.body)["variables"].dump(),
                 json::array({{{"name", "deep"}, {"value", "42"}, {"variablesReference", 0}, {"evaluateName", "o.inner.deep"}}}).dump());
        QCOMPARE(t.machine().commands(), (QStringList{QStringLiteral("toggle @O1"), QStringLiteral("toggle @O2")}));
        // The closure's variables, named by their own names; a module's have no expression.
        a = t.ask(&DapInspection::variables, DapArgs::Variables{scopeReference(t, "Closure")});
        auto closure = byName((*a.body)["variables"]);
        QCOMPARE(closure["count"].value("evaluateName", ""), std::string("count"));
        a = t.ask(&DapInspection::variables, DapArgs::Variables{scopeReference(t, "Modules")});
        const std::int64_t main = byName((*a.body)["variables"])["main"].value("variablesReference", std::int64_t(0));
        a = t.ask(&DapInspection::variables, DapArgs::Variables{main});
        QCOMPARE((*a.body)["variables"].dump(), json::array({{{"name", "exported"}, {"value", "1"}, {"variablesReference", 0}}}).dump());
        // A reference is stale once the machine resumed.
        t.execution.resume(&t.machine(), 1, DapExecution::Resume::Continue);
        a = t.ask(&DapInspection::variables, DapArgs::Variables{o});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
        QVERIFY(a.message.contains(QLatin1String("is not known")));
    }

    void evaluateAnswersInTheFrame()
    {
        FakeThreads t;
        FakeDebuggee& machine = stopInF(t.machine());
        machine.setEvalResult(QStringLiteral("n + 1"), value("2"));
        xsbug::EvalResult object{0, {row("?", "@R", QLatin1Char('-')), row("a", "1"), row("b", "'x'")}, {}};
        object.properties[1].depth = object.properties[2].depth = 1;
        machine.setEvalResult(QStringLiteral("o"), object);
        machine.setEvalResult(QStringLiteral("nope"), {0, {}, QStringLiteral("# ReferenceError: get nope: undefined variable")});
        auto a = t.ask(&DapInspection::evaluate, DapArgs::Evaluate{QStringLiteral(" n + 1 "), 100001, QStringLiteral("repl")});
        QVERIFY2(a.body, qPrintable(a.message));
        QCOMPARE(a.body->dump(), json({{"result", "2"}, {"variablesReference", 0}}).dump());
        // An object opens from what the machine sent with it; no frame: the first stopped machine's.
        a = t.ask(&DapInspection::evaluate, DapArgs::Evaluate{QStringLiteral("o"), std::nullopt, QStringLiteral("watch")});
        QCOMPARE(a.body->value("result", ""), std::string("{a: 1, b: 'x'}"));
        const std::int64_t ref = a.body->value("variablesReference", 0);
        QVERIFY(ref > 0);
        a = t.ask(&DapInspection::variables, DapArgs::Variables{ref});
        QCOMPARE(byName((*a.body)["variables"])["b"].dump(),
                 json({{"name", "b"}, {"value", "'x'"}, {"variablesReference", 0}, {"evaluateName", "o.b"}}).dump());
        // The machine's exception is the failure; the script's frame is asked again for a name.
        a = t.ask(&DapInspection::evaluate, DapArgs::Evaluate{QStringLiteral("nope"), 100001, {}});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
        QCOMPARE(a.message, QStringLiteral("ReferenceError: get nope: undefined variable"));
        QCOMPARE(machine.commands().filter(QStringLiteral("select")), QStringList{QStringLiteral("select @0000000000000011")});
        a = t.ask(&DapInspection::evaluate, DapArgs::Evaluate{QStringLiteral("  "), 100001, {}});
        QCOMPARE(errorOf(a), int(DapError::Arguments));
        machine.go();
        a = t.ask(&DapInspection::evaluate, DapArgs::Evaluate{QStringLiteral("n"), std::nullopt, {}});
        QCOMPARE(errorOf(a), int(DapError::NotNow));
        QVERIFY(a.message.contains(QLatin1String("no machine is stopped")));
    }

    // An evaluation's answer is followed by the frame's scopes; a request queued behind it that
    // waits for scopes (another frame's variables) must not take those for its own answer.
    void aQueuedRequestWaitsForTheScopesAnEvaluationOwes()
    {
        FakeThreads t;
        FakeDebuggee& machine = stopInF(t.machine());
        machine.setEvalResult(QStringLiteral("n"), value("1"));
        const std::int64_t outerLocals = scopeReference(t, "Locals", 1); // selects @11 ...
        scopeReference(t, "Locals", 0);                                   // ... and @10 again
        machine.setLatencyMs(20);
        auto evaluated = std::make_shared<std::optional<json>>();
        t.inspection.evaluate({QStringLiteral("n"), 100001, {}}, [evaluated](const json& b) { *evaluated = b; },
                              [](DapError, const QString& m) { QFAIL(qPrintable(m)); });
        const auto a = t.ask(&DapInspection::variables, DapArgs::Variables{outerLocals});
        QVERIFY(evaluated->has_value());
        QVERIFY2(a.body, qPrintable(a.message));
        QCOMPARE((*a.body)["variables"].dump(),
                 json::array({{{"name", "total"}, {"value", "10"}, {"variablesReference", 0}, {"evaluateName", "total"}}}).dump());
    }

    void sourceServesWhatTheEditorCannotOpen()
    {
        QTemporaryDir dir;
        const QString script = writeFile(dir, "lib.js", "export default 1;\n");
        FakeThreads t;
        FakeDebuggee& machine = t.machine();
        t.inspection.follow(&machine);
        machine.compileAtRunTime(QStringLiteral("#3"), QStringLiteral("x + 1"));
        const json eval = t.inspection.sourceOf(QStringLiteral("#3"));
        QCOMPARE(eval.value("name", ""), std::string("eval #3"));
        auto a = t.ask(&DapInspection::source, DapArgs::Source{eval.value("sourceReference", 0), {}});
        QCOMPARE(a.body->dump(), json({{"content", "x + 1"}, {"mimeType", "text/javascript"}}).dump());
        a = t.ask(&DapInspection::source, DapArgs::Source{0, script});
        QCOMPARE(a.body->value("content", ""), std::string("export default 1;\n"));
        const json missing = t.inspection.sourceOf(QStringLiteral("/board/app/main.js"));
        a = t.ask(&DapInspection::source, DapArgs::Source{missing.value("sourceReference", 0), {}});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
        QVERIFY(a.message.contains(QLatin1String("\"localRoot\"/\"remoteRoot\"")));
        a = t.ask(&DapInspection::source, DapArgs::Source{77, {}});
        QCOMPARE(a.message, QStringLiteral("sourceReference 77 is not known"));
        machine.compileAtRunTime(QStringLiteral("#4"), QStringLiteral("y"));
        a = t.ask(&DapInspection::source, DapArgs::Source{0, QStringLiteral("#5")});
        QVERIFY(a.message.contains(QLatin1String("did not send the text of #5")));
    }

    void exceptionInfoSaysWhatWasThrown()
    {
        FakeThreads t;
        stopInF(t.machine(), "RangeError: value 5 is too large");
        auto a = t.ask(&DapInspection::exceptionInfo, DapArgs::ExceptionInfo{1});
        QVERIFY2(a.body, qPrintable(a.message));
        const json expected = {{"exceptionId", "RangeError"},
                               {"description", "RangeError: value 5 is too large"},
                               {"breakMode", "always"},
                               {"details",
                                {{"message", "value 5 is too large"},
                                 {"stackTrace", "    at f (/w/main.js:3)\n    at (program) (/w/main.js:9)\n    at (host)"},
                                 {"typeName", "RangeError"}}}};
        QCOMPARE(QString::fromStdString(a.body->dump()), QString::fromStdString(expected.dump()));
        // A value that is no error: as the machine rendered it.
        stopInF(t.machine(), "42");
        a = t.ask(&DapInspection::exceptionInfo, DapArgs::ExceptionInfo{1});
        QCOMPARE(a.body->value("exceptionId", ""), std::string("thrown value"));
        QCOMPARE((*a.body)["details"].value("message", ""), std::string("42"));
        QVERIFY(!(*a.body)["details"].contains("typeName"));
        // Not at a throw.
        stopInF(t.machine(), "breakpoint");
        a = t.ask(&DapInspection::exceptionInfo, DapArgs::ExceptionInfo{1});
        QCOMPARE(errorOf(a), int(DapError::NotNow));
        QCOMPARE(a.message, QStringLiteral("thread 1 did not stop on a throw (it stopped at: breakpoint)"));
    }

    void setVariableAssignsInTheFrame()
    {
        FakeThreads t;
        FakeDebuggee& machine = stopInF(t.machine());
        const std::int64_t locals = scopeReference(t, "Locals");
        machine.setEvalResult(QStringLiteral("n = (n * 7\n)"), value("7"));
        auto a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{locals, QStringLiteral("n"), QStringLiteral(" n * 7 ")});
        QVERIFY2(a.body, qPrintable(a.message));
        QCOMPARE(a.body->dump(), json({{"value", "7"}, {"variablesReference", 0}}).dump());
        QCOMPARE(machine.commands().last(), QStringLiteral("eval n = (n * 7\n)"));
        // A member, by its evaluateName path; an object value opens.
        const std::int64_t o = byName((*t.ask(&DapInspection::variables, DapArgs::Variables{locals}).body)["variables"])["o"]
                                   .value("variablesReference", std::int64_t(0));
        xsbug::EvalResult object{0, {row("?", "@R", QLatin1Char('-')), row("z", "1")}, {}};
        object.properties[1].depth = 1;
        machine.setEvalResult(QStringLiteral("o.k = ({z: 1}\n)"), object);
        a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{o, QStringLiteral("k"), QStringLiteral("{z: 1}")});
        QCOMPARE(a.body->value("value", ""), std::string("{z: 1}"));
        QVERIFY(a.body->value("variablesReference", 0) > 0);
        // What the machine throws is the user's to see.
        machine.setEvalResult(QStringLiteral("name = (1\n)"), {0, {}, QStringLiteral("# TypeError: set name: const")});
        a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{locals, QStringLiteral("name"), QStringLiteral("1")});
        QCOMPARE(errorOf(a), int(DapError::Assignment));
        QCOMPARE(a.message, QStringLiteral("TypeError: set name: const"));
        QVERIFY(showsUser(*a.error));
        // A global, through the global object (a local of its name would take it otherwise).
        machine.setEvalResult(QStringLiteral("globalThis.nowhere = (2\n)"), value("2"));
        a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{scopeReference(t, "Globals"), QStringLiteral("nowhere"), QStringLiteral("2")});
        QCOMPARE(a.body->dump(), json({{"value", "2"}, {"variablesReference", 0}}).dump());
        // Not reachable by an expression.
        a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{locals, QStringLiteral("(function)"), QStringLiteral("1")});
        QCOMPARE(errorOf(a), int(DapError::Assignment));
        a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{999, QStringLiteral("n"), QStringLiteral("1")});
        QCOMPARE(errorOf(a), int(DapError::Inspection));
    }

    // At a stop on a throw an assignment that throws would take the program's exception (XS
    // keeps one pending value): refused, and nothing is sent to the machine.
    void setVariableIsRefusedAtAThrow()
    {
        FakeThreads t;
        FakeDebuggee& machine = stopInF(t.machine(), "TypeError: boom");
        const std::int64_t locals = scopeReference(t, "Locals");
        machine.setEvalResult(QStringLiteral("n = (2\n)"), value("2"));
        const qsizetype before = machine.commands().size();
        const auto a = t.ask(&DapInspection::setVariable, DapArgs::SetVariable{locals, QStringLiteral("n"), QStringLiteral("2")});
        QCOMPARE(errorOf(a), int(DapError::Assignment));
        QVERIFY(showsUser(*a.error));
        QVERIFY(a.message.startsWith(QLatin1String("n is not assigned: at a stop on a throw")));
        QTest::qWait(50);
        QCOMPARE(machine.commands().size(), before);
    }

    void completionsOfferTheNamesTheFrameSees()
    {
        FakeThreads t;
        FakeDebuggee& machine = t.machine();
        auto a = t.ask(&DapInspection::completions, DapArgs::Completions{QStringLiteral("n"), 2, std::nullopt});
        QCOMPARE(a.body->dump(), json({{"targets", json::array()}}).dump()); // nothing stopped: nothing to offer
        stopInF(machine);
        a = t.ask(&DapInspection::completions, DapArgs::Completions{QStringLiteral("1 + n"), 6, 100001});
        QVERIFY2(a.body, qPrintable(a.message));
        // Locals, the closure's (its n hidden by the local n), then globals.
        QCOMPARE(labels((*a.body)["targets"]), (std::vector<std::string>{"n", "name", "nowhere", "names"}));
        QCOMPARE((*a.body)["targets"][0].dump(),
                 json({{"label", "n"}, {"type", "variable"}, {"sortText", "0n"}, {"start", 5}, {"length", 1}}).dump());
        QCOMPARE((*a.body)["targets"][2].value("type", ""), std::string("property"));
        a = t.ask(&DapInspection::completions, DapArgs::Completions{QStringLiteral("co + x"), 3, 100001});
        QCOMPARE((*a.body)["targets"].dump(),
                 json::array({{{"label", "count"}, {"type", "variable"}, {"sortText", "1count"}, {"start", 1}, {"length", 2}}}).dump());
        // After a ".": members would need an evaluation; none.
        a = t.ask(&DapInspection::completions, DapArgs::Completions{QStringLiteral("o.k"), 4, 100001});
        QCOMPARE((*a.body)["targets"].size(), size_t(0));
        // Another frame's names.
        a = t.ask(&DapInspection::completions, DapArgs::Completions{QStringLiteral("to"), 3, 100002});
        QCOMPARE(labels((*a.body)["targets"]), (std::vector<std::string>{"total"}));
        QVERIFY(machine.commands().filter(QStringLiteral("eval")).isEmpty());
    }

    void breakpointsReachTheMachinesThroughTheSeam()
    {
        FakeThreads t;
        FakeDebuggee& machine = t.machine();
        const Breakpoint left(QStringLiteral("/w/main.js"), 4);
        machine.setNotSentAtLogin({{left, QStringLiteral("condition: xsc does not match")}});
        std::vector<json> changed;
        QObject::connect(&t.breakpoints, &DapBreakpoints::breakpointChanged, &t.breakpoints,
                         [&changed](const json& b) { changed.push_back(b); });
        json set = t.breakpoints.setSource(QStringLiteral("/w/main.js"),
                                           {DapArgs::SourceBreakpoint{3, {}, {}, {}}, DapArgs::SourceBreakpoint{4, QStringLiteral("i > 1"), {}, {}},
                                            DapArgs::SourceBreakpoint{0, {}, {}, {}}});
        QCOMPARE(set.dump(), json::array({{{"id", 1}, {"verified", true}, {"line", 3}, {"source", {{"path", "/w/main.js"}}}},
                                          {{"id", 2}, {"verified", true}, {"line", 4}, {"source", {{"path", "/w/main.js"}}}},
                                          {{"id", 3},
                                           {"verified", false},
                                           {"message", "a breakpoint needs a line (1 or more)"},
                                           {"line", 0},
                                           {"source", {{"path", "/w/main.js"}}}}})
                                 .dump());
        t.breakpoints.follow(&machine); // its login answer left line 4 out
        QCOMPARE(changed.size(), size_t(1));
        QCOMPARE(changed[0].dump(), json({{"id", 2},
                                                           {"verified", false},
                                                           {"message", "condition: xsc does not match"},
                                                           {"line", 4},
                                                           {"source", {{"path", "/w/main.js"}}}})
                                                         .dump());
        // Changes go to the machine at once (line 4 it never had).
        t.breakpoints.setSource(QStringLiteral("/w/main.js"), {DapArgs::SourceBreakpoint{5, {}, {}, {}}});
        QCOMPARE(machine.commands(),
                 (QStringList{QStringLiteral("clear-breakpoint /w/main.js:3"), QStringLiteral("set-breakpoint /w/main.js:5")}));
        set = t.breakpoints.setFunctions({DapArgs::FunctionBreakpoint{QStringLiteral("risky"), {}, QStringLiteral("%2")}});
        QCOMPARE(set.dump(), json::array({{{"id", 5}, {"verified", true}}}).dump());
        QCOMPARE(machine.commands().last(), QStringLiteral("set-breakpoint risky:0"));
        QCOMPARE(t.breakpoints.functionIdFor(QStringLiteral("C.prototype.risky")), 5);
        QString error;
        QVERIFY(t.breakpoints.setExceptionFilters({}, error));
        QCOMPARE(machine.commands().last(), QStringLiteral("clear-special exceptions"));
        QVERIFY(t.breakpoints.setExceptionFilters({QStringLiteral("exceptions")}, error));
        QCOMPARE(machine.commands().last(), QStringLiteral("set-special exceptions"));
        QVERIFY(!t.breakpoints.setExceptionFilters({QStringLiteral("uncaught")}, error));
        QVERIFY(error.contains(QLatin1String("unknown exception filter \"uncaught\"")));
    }

    // Through the adapter: each request's wrong or missing argument is named by its path, an
    // error (id Arguments) the editor need not show.
    void badArgumentsAreNamedByTheirPath_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("stackTrace") << "stackTrace" << R"({})" << "arguments.threadId is required (an integer)";
        QTest::newRow("levels") << "stackTrace" << R"({"threadId": 1, "levels": "all"})" << "arguments.levels must be an integer, not a string";
        QTest::newRow("scopes") << "scopes" << R"({"frameId": 1.5})" << "arguments.frameId must be an integer, not a number";
        QTest::newRow("variables") << "variables" << R"({"variablesReference": null})"
                                   << "arguments.variablesReference is required (an integer)";
        QTest::newRow("evaluate") << "evaluate" << R"({"frameId": 1})" << "arguments.expression is required (a string)";
        QTest::newRow("context") << "evaluate" << R"({"expression": "x", "context": 3})" << "arguments.context must be a string, not an integer";
        QTest::newRow("source") << "source" << R"({"source": {"sourceReference": "1"}})"
                                << "arguments.source.sourceReference must be an integer, not a string";
        QTest::newRow("exceptionInfo") << "exceptionInfo" << R"({"threadId": true})" << "arguments.threadId must be an integer, not a boolean";
        QTest::newRow("setVariable") << "setVariable" << R"({"variablesReference": 1, "name": "n"})"
                                     << "arguments.value is required (a string)";
        QTest::newRow("completions") << "completions" << R"({"text": "a", "column": [1]})"
                                     << "arguments.column must be an integer, not an array";
    }
    void badArgumentsAreNamedByTheirPath()
    {
        QFETCH(QString, request);
        QFETCH(QString, arguments);
        QFETCH(QString, error);
        const json r = DapClient::firstAnswer(request, arguments);
        QCOMPARE(r.value("success", true), false);
        QCOMPARE(QString::fromStdString(r.value("message", "")), error);
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::Arguments));
        QCOMPARE(r["body"]["error"].value("showUser", true), false);
    }

    void initializeAdvertisesTheInspectionRequests()
    {
        DapClient c;
        const json r = c.request("initialize", {{"adapterID", "xs"}});
        for (const char* capability : {"supportsExceptionInfoRequest", "supportsSetVariable", "supportsCompletionsRequest",
                                       "supportsEvaluateForHovers", "supportsFunctionBreakpoints", "supportsLogPoints"})
            QVERIFY2(r["body"].value(capability, false), capability);
        // No machine: each answers an error the editor need not show, never a stale value.
        for (const auto& [command, args] : std::vector<std::pair<std::string, json>>{
                 {"exceptionInfo", {{"threadId", 1}}},
                 {"setVariable", {{"variablesReference", 1}, {"name", "n"}, {"value", "1"}}},
                 {"stackTrace", {{"threadId", 1}}}}) {
            const json answer = c.request(command, args);
            QCOMPARE(answer.value("success", true), false);
            QCOMPARE(answer["body"]["error"].value("showUser", true), false);
        }
        // Completions while nothing is stopped: none, not an error.
        const json completions = c.request("completions", {{"text", "x"}, {"column", 2}});
        QCOMPARE(completions["body"].dump(), json({{"targets", json::array()}}).dump());
    }
};

QTEST_GUILESS_MAIN(TestDapInspection)
#include "tst_dapinspection.moc"
