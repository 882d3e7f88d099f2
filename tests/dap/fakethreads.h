#pragma once
// The adapter's inspection, breakpoints and execution over fake machines
// (tests/protocol/fakedebuggee) as its threads, for the unit tests of their handlers: what a
// handler answers (reply or failure, with its error kind) is waited for as the editor would.
#include "app/dap/dapbreakpoints.h"
#include "app/dap/dapexecution.h"
#include "app/dap/dapinspection.h"
#include "fakedebuggee.h"

#include <QFloat16> // QTest compares std::string through templates that need it complete
#include <QTest>

#include <map>
#include <memory>
#include <optional>

struct FakeThreads {
    std::map<int, std::unique_ptr<FakeDebuggee>> machines; // by thread id
    DapInspection inspection{{[this](int id) -> Debuggee* {
                                  const auto it = machines.find(id);
                                  return it == machines.end() ? nullptr : it->second.get();
                              },
                              [this] {
                                  QList<int> ids;
                                  for (const auto& [id, machine] : machines)
                                      ids << id;
                                  return ids;
                              }}};
    DapBreakpoints breakpoints;
    DapExecution execution{&inspection, &breakpoints};

    FakeThreads() { inspection.setAnswerTimeoutMs(1000); }

    // A logged-in machine as thread `id`.
    FakeDebuggee& machine(int id = 1)
    {
        std::unique_ptr<FakeDebuggee>& m = machines[id];
        if (!m) {
            m = std::make_unique<FakeDebuggee>(QStringLiteral("fake%1").arg(id));
            m->logIn();
        }
        return *m;
    }

    // What a handler answered: a body, or an error kind and message (neither: it did not answer).
    struct Answer {
        std::optional<nlohmann::json> body;
        std::optional<DapError> error;
        QString message;
        bool answered() const { return body || error; }
    };
    template <class Args>
    Answer ask(void (DapInspection::*handler)(const Args&, const DapInspection::Reply&, const DapInspection::Fail&),
               const Args& arguments, int ms = 5000)
    {
        auto answer = std::make_shared<Answer>();
        (inspection.*handler)(
            arguments, [answer](const nlohmann::json& body) { answer->body = body; },
            [answer](DapError kind, const QString& message) {
                answer->error = kind;
                answer->message = message;
            });
        if (!QTest::qWaitFor([&answer] { return answer->answered(); }, ms))
            answer->message = QStringLiteral("no answer within %1 ms").arg(ms);
        return *answer;
    }

    // Frames named and lined as given, in /w/main.js, addresses @10, @11, ….
    static xsbug::Frames frames(std::initializer_list<std::pair<const char*, int>> list)
    {
        xsbug::Frames out;
        int address = 0x10;
        for (const auto& [name, line] : list)
            out.frames << xsbug::Frame{QString::fromUtf8(name), QStringLiteral("@%1").arg(address++, 16, 16, QLatin1Char('0')),
                                       QStringLiteral("/w/main.js"), line};
        return out;
    }
    static QString frameAddress(int index) { return QStringLiteral("@%1").arg(0x10 + index, 16, 16, QLatin1Char('0')); }
    static xsbug::Break at(int line, const char* words)
    {
        return {QStringLiteral("/w/main.js"), line, QStringLiteral("# Break: %1!").arg(QString::fromUtf8(words))};
    }
};
