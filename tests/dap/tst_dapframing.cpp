// The DAP base protocol (app/dap/dapframing) and request parsing (dapmessages): whole
// messages out of bytes split anywhere, and every kind of bad input answered with an error
// that says what and where, after which reading goes on.
#include "app/dap/dapargs.h"
#include "app/dap/dapbreakpoints.h"
#include "app/dap/dapframing.h"
#include "app/dap/dapinspection.h"
#include "app/dap/dapmessages.h"
#include "app/dap/dappaths.h"

#include <QFloat16> // QTest compares std::string through templates that need it complete
#include <QTest>

#include <string>
#include <vector>

namespace {

struct Parsed {
    std::vector<nlohmann::json> bodies;
    std::vector<DapFraming::Error> errors;
    std::vector<int> order; // 0 body, 1 error
};

Parsed drain(DapFraming& framing)
{
    Parsed out;
    DapFraming::Item item;
    while (framing.next(item)) {
        if (auto* e = std::get_if<DapFraming::Error>(&item)) {
            out.errors.push_back(*e);
            out.order.push_back(1);
        } else {
            out.bodies.push_back(std::get<nlohmann::json>(item));
            out.order.push_back(0);
        }
    }
    return out;
}

Parsed parseAll(const std::string& bytes)
{
    DapFraming framing;
    framing.feed(bytes);
    return drain(framing);
}

std::string request(int seq, const std::string& command)
{
    return DapFraming::encode({{"seq", seq}, {"type", "request"}, {"command", command}});
}

} // namespace

class TestDapFraming : public QObject {
    Q_OBJECT

private slots:
    void encodesWhatItDecodes()
    {
        const nlohmann::json body = {{"seq", 1}, {"type", "event"}, {"event", "output"}, {"body", {{"output", "é\n"}}}};
        const std::string bytes = DapFraming::encode(body);
        const std::string text = body.dump();
        QCOMPARE(bytes, "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text);
        const Parsed p = parseAll(bytes);
        QCOMPARE(p.bodies.size(), size_t(1));
        QCOMPARE(p.bodies[0], body);
        QVERIFY(p.errors.empty());
    }

    void invalidUtf8IsReplacedNotThrown()
    {
        // Machine names are not escaped (xsbug-protocol.md §2.4): a lone byte 0xFF reaches JSON.
        const std::string bytes = DapFraming::encode({{"name", std::string("a\xff" "b")}});
        const Parsed p = parseAll(bytes);
        QCOMPARE(p.bodies.size(), size_t(1));
        QCOMPARE(p.bodies[0]["name"].get<std::string>(), std::string("a\xef\xbf\xbd" "b"));
    }

    void splitAnywhere()
    {
        const std::string three = request(1, "initialize") + request(2, "threads") + request(3, "disconnect");
        for (size_t cut1 = 0; cut1 <= three.size(); cut1 += 3) {
            for (size_t cut2 = cut1; cut2 <= three.size(); cut2 += 17) {
                DapFraming framing;
                framing.feed(three.substr(0, cut1));
                framing.feed(three.substr(cut1, cut2 - cut1));
                framing.feed(three.substr(cut2));
                const Parsed p = drain(framing);
                QCOMPARE(p.errors.size(), size_t(0));
                QCOMPARE(p.bodies.size(), size_t(3));
                QCOMPARE(p.bodies[2]["command"].get<std::string>(), std::string("disconnect"));
                QCOMPARE(framing.pendingBytes(), size_t(0));
            }
        }
        // Byte by byte.
        DapFraming framing;
        for (char c : three)
            framing.feed(std::string_view(&c, 1));
        QCOMPARE(drain(framing).bodies.size(), size_t(3));
    }

    void otherHeadersAndCaseAreAccepted()
    {
        const std::string body = R"({"seq":4,"type":"request","command":"threads"})";
        const Parsed p = parseAll("content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  " +
                                  std::to_string(body.size()) + " \r\n\r\n" + body);
        QCOMPARE(p.bodies.size(), size_t(1));
        QVERIFY(p.errors.empty());
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");   // in the first error
        QTest::addColumn<int>("goodAfter");  // requests still read after it

        const std::string good = request(9, "threads");
        auto row = [&](const char* name, const std::string& bad, const char* error) {
            QTest::addRow("%s", name) << QByteArray::fromStdString(bad + good) << QString::fromLatin1(error) << 1;
        };
        row("malformed JSON", "Content-Length: 9\r\n\r\n{\"seq\":1,", "message 1 (byte 21): the body is not JSON");
        row("no Content-Length", "Content-Type: x\r\n\r\n", "a header without Content-Length");
        row("length not a number", "Content-Length: ten\r\n\r\n", "Content-Length is not a number: \"ten\"");
        row("length over the limit", "Content-Length: 99999999999\r\n\r\n{}",
            "Content-Length \"99999999999\" exceeds the limit of 67108864 bytes");
        row("length beyond 64 bits", "Content-Length: 999999999999999999999999\r\n\r\n",
            "exceeds the limit");
        row("length that lies short", "Content-Length: 5\r\n\r\n{\"seq\":1,\"type\":\"request\"}", "the body is not JSON");
        row("garbage before a header", "hello there ", "12 bytes that are not a DAP header skipped");
        row("a NUL byte in the body", std::string("Content-Length: 12\r\n\r\n{\"a\":1}\0junk", 34),
            "the body is not JSON (a NUL byte at offset 7)");
        row("negative length", "Content-Length: -4\r\n\r\n", "Content-Length is not a number: \"-4\"");
    }

    void badInput()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        QFETCH(int, goodAfter);
        const Parsed p = parseAll(bytes.toStdString());
        QVERIFY2(!p.errors.empty(), "no error");
        QVERIFY2(QString::fromStdString(p.errors[0].message).contains(error), p.errors[0].message.c_str());
        QVERIFY2(QString::fromStdString(p.errors[0].message).startsWith(QStringLiteral("message 1 (byte ")),
                 p.errors[0].message.c_str());
        QCOMPARE(int(p.bodies.size()), goodAfter);
        QCOMPARE(p.bodies.back()["seq"].get<int>(), 9);
    }

    void aLengthThatLiesLongIsSeenAtTheNextHeader()
    {
        const std::string first = R"({"seq":1,"type":"request","command":"initialize"})";
        DapFraming framing;
        framing.feed("Content-Length: 500\r\n\r\n" + first);
        QVERIFY(drain(framing).order.empty()); // waits: the length may be true
        framing.feed(request(2, "threads"));
        const Parsed p = drain(framing);
        QCOMPARE(p.errors.size(), size_t(1));
        QVERIFY(QString::fromStdString(p.errors[0].message).contains(QStringLiteral("is longer than the body")));
        // The request framed wrongly comes along, so that it can be answered.
        QCOMPARE(p.errors[0].body["seq"].get<int>(), 1);
        QCOMPARE(p.bodies.size(), size_t(1));
        QCOMPARE(p.bodies[0]["seq"].get<int>(), 2);
    }

    void aHeaderThatNeverEnds()
    {
        DapFraming framing;
        framing.feed("Content-Length: 12" + std::string(DapFraming::maxHeaderBytes + 10, ' '));
        const Parsed p = drain(framing);
        QCOMPARE(p.errors.size(), size_t(1));
        QVERIFY(QString::fromStdString(p.errors[0].message).contains(QStringLiteral("no end of header")));
        // Memory stays bounded, and a good message after it is read.
        QVERIFY(framing.pendingBytes() <= DapFraming::maxHeaderBytes + 32);
        framing.feed("\r\n" + request(3, "threads"));
        const Parsed after = drain(framing);
        QCOMPARE(after.bodies.size(), size_t(1));
    }

    void endlessGarbageStaysBounded()
    {
        DapFraming framing;
        const std::string junk(4096, 'x');
        for (int i = 0; i < 200; ++i)
            framing.feed(junk);
        const Parsed p = drain(framing);
        QVERIFY(!p.errors.empty());
        QVERIFY(framing.pendingBytes() <= DapFraming::maxHeaderBytes + 4096);
    }

    void requests_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error"); // empty: accepted
        QTest::addRow("good") << QByteArray(R"({"seq":1,"type":"request","command":"threads"})") << QString();
        QTest::addRow("with arguments") << QByteArray(R"({"seq":1,"type":"request","command":"next","arguments":{"threadId":1}})") << QString();
        QTest::addRow("null arguments") << QByteArray(R"({"seq":1,"type":"request","command":"threads","arguments":null})") << QString();
        QTest::addRow("array") << QByteArray("[1,2]") << QStringLiteral("must be a JSON object, not array");
        QTest::addRow("no seq") << QByteArray(R"({"type":"request","command":"threads"})") << QStringLiteral("'seq' is missing or not an integer");
        QTest::addRow("seq string") << QByteArray(R"({"seq":"1","type":"request","command":"threads"})") << QStringLiteral("'seq'");
        QTest::addRow("a response") << QByteArray(R"({"seq":1,"type":"response","command":"threads"})") << QStringLiteral("the adapter takes requests only");
        QTest::addRow("no command") << QByteArray(R"({"seq":1,"type":"request"})") << QStringLiteral("'command' is missing");
        QTest::addRow("command number") << QByteArray(R"({"seq":1,"type":"request","command":3})") << QStringLiteral("'command' is missing or not a string");
        QTest::addRow("arguments array") << QByteArray(R"({"seq":1,"type":"request","command":"next","arguments":[1]})") << QStringLiteral("'arguments' of next must be an object, not array");
    }

    void requests()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        std::string why;
        const std::optional<DapRequest> r = DapRequest::parse(nlohmann::json::parse(json.toStdString()), why);
        QCOMPARE(r.has_value(), error.isEmpty());
        if (!error.isEmpty())
            QVERIFY2(QString::fromStdString(why).contains(error), why.c_str());
    }

    void typedReadsNeverThrow()
    {
        const nlohmann::json o = nlohmann::json::parse(R"({"s":"x","n":3,"b":true,"big":18446744073709551615,"o":{"k":1},"a":[1]})");
        QCOMPARE(DapJson::string(o, "s"), std::string("x"));
        QCOMPARE(DapJson::string(o, "n", "d"), std::string("d"));
        QCOMPARE(DapJson::integer(o, "n").value_or(0), 3);
        QVERIFY(!DapJson::integer(o, "s"));
        QVERIFY(!DapJson::integer(o, "big"));
        QVERIFY(DapJson::boolean(o, "b"));
        QVERIFY(!DapJson::boolean(o, "s"));
        QCOMPARE(DapJson::object(o, "o")["k"].get<int>(), 1);
        QVERIFY(DapJson::object(o, "a").empty());
        QCOMPARE(DapJson::array(o, "a").size(), size_t(1));
        QVERIFY(DapJson::array(nlohmann::json(5), "a").empty());
    }

    void logMessagesBecomeTemplateLiterals_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("expression");
        QTest::addRow("plain") << QStringLiteral("hello") << QStringLiteral("`hello`");
        QTest::addRow("one") << QStringLiteral("n is {n}") << QStringLiteral("`n is ${n}`");
        QTest::addRow("two") << QStringLiteral("{a}+{b}") << QStringLiteral("`${a}+${b}`");
        QTest::addRow("object literal inside") << QStringLiteral("{JSON.stringify({x: 1})}")
                                               << QStringLiteral("`${JSON.stringify({x: 1})}`");
        QTest::addRow("backtick and dollar") << QStringLiteral("`$x` \\ {y}") << QStringLiteral("`\\`\\$x\\` \\\\ ${y}`");
        QTest::addRow("not closed") << QStringLiteral("n is {n") << QString();
    }

    void logMessagesBecomeTemplateLiterals()
    {
        QFETCH(QString, message);
        QFETCH(QString, expression);
        QCOMPARE(DapBreakpoints::logMessageExpression(message), expression);
    }

    void expressionsOfNestedValues()
    {
        QCOMPARE(DapInspection::childExpression(QStringLiteral("data"), QStringLiteral("list")), QStringLiteral("data.list"));
        QCOMPARE(DapInspection::childExpression(QStringLiteral("data.list"), QStringLiteral("[2]")), QStringLiteral("data.list[2]"));
        QCOMPARE(DapInspection::childExpression(QStringLiteral("a + b"), QStringLiteral("x")), QStringLiteral("(a + b).x"));
        QCOMPARE(DapInspection::childExpression(QStringLiteral("data"), QStringLiteral("(..)")), QStringLiteral("data.__proto__")); // the prototype, as a path
        QCOMPARE(DapInspection::childExpression(QStringLiteral("data"), QStringLiteral("get x")), QString());
        QCOMPARE(DapInspection::childExpression(QString(), QStringLiteral("x")), QString());
        for (const char* safe : {"data", "data.list[2]", "a === b ? o : p", "({ outer: { inner: sq } })", "x >= 2 && y <= 3", "[1, 2]"})
            QVERIFY2(DapInspection::isSafeToEvaluateAgain(QString::fromLatin1(safe)), safe);
        for (const char* unsafe : {"f()", "o.m (1)", "i++", "--i", "x = 2", "a += 1", "new Map()", "delete o.x", "await p",
                                   "`${f}`", "arr[0]()", "(g)(1)"})
            QVERIFY2(!DapInspection::isSafeToEvaluateAgain(QString::fromLatin1(unsafe)), unsafe);
    }

    void pathMappings()
    {
        DapPaths paths;
        QString error;
        // As launch and attach read them (DapArgs), then checked (DapPaths::set).
        const auto read = [&paths](const nlohmann::json& arguments, QString& problem) {
            std::string typeError;
            const std::optional<DapArgs::Attach> args = DapArgs::attach(arguments, typeError);
            if (!args) {
                problem = QString::fromStdString(typeError);
                return false;
            }
            return paths.set(args->localRoot, args->remoteRoot, args->sourceMap, problem);
        };
        QVERIFY(read(nlohmann::json::parse(R"({"localRoot":"/home/me/app","remoteRoot":"/build/app/"})"), error));
        QCOMPARE(paths.toLocal(QStringLiteral("/build/app/src/main.js")), QStringLiteral("/home/me/app/src/main.js"));
        QCOMPARE(paths.toLocal(QStringLiteral("/build/apple/main.js")), QStringLiteral("/build/apple/main.js"));
        QCOMPARE(paths.toMachine(QStringLiteral("/home/me/app/main.js")), QStringLiteral("/build/app/main.js"));
        QCOMPARE(paths.toMachine(QStringLiteral("/elsewhere/main.js")), QStringLiteral("/elsewhere/main.js"));

        QVERIFY(read(nlohmann::json::parse(R"({"sourceMap":{"C:\\build":"/w","C:\\build\\lib":"/libs"}})"), error));
        QCOMPARE(paths.toLocal(QStringLiteral("C:\\build\\lib\\x.js")), QStringLiteral("/libs/x.js")); // the longest prefix
        QCOMPARE(paths.toMachine(QStringLiteral("/w/src/y.js")), QStringLiteral("C:\\build\\src\\y.js"));

        QVERIFY(!read(nlohmann::json::parse(R"({"localRoot":"/a"})"), error));
        QVERIFY(error.contains(QStringLiteral("remoteRoot")));
        QVERIFY(!read(nlohmann::json::parse(R"({"sourceMap":["/a"]})"), error));
        QVERIFY(error.contains(QStringLiteral("sourceMap")));
        QVERIFY(!read(nlohmann::json::parse(R"({"sourceMap":{"/a":3}})"), error));
    }
};

QTEST_GUILESS_MAIN(TestDapFraming)
#include "tst_dapframing.moc"
