#pragma once
// The typed arguments of the requests the adapter reads itself, read in one place: launch, attach
// and restart's new configuration (then checked by DapStart), the inspection requests (DapInspection),
// breakpoints, threads, disconnect and xsprof/profile. A field
// present with the wrong type is an error naming it by its JSON path from the request, in the
// readers' JsonPath idiom (model/json/jsonpath.h): "arguments.breakpoints[2].line must be an
// integer, not a string". A field that is absent or null takes its default.
#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace DapArgs {

// --- launch and attach (the attributes are listed in dapadapter.h) --------------------------
// What both take.
struct Start {
    QString xsc;
    QString localRoot, remoteRoot;
    std::vector<std::pair<QString, QString>> sourceMap; // (machine folder, workspace folder), in order
    bool stopOnEntry = false;
    bool profileOnStart = false;
};
struct Launch : Start {
    QString program;
    QStringList args;
    QString cwd;
    std::vector<std::pair<QString, std::optional<QString>>> env; // a null value: removed
    QString programOutput; // "all", "stderr", "none" (true: "all", false: "none"); "" when absent
};
struct Attach : Start {
    std::optional<std::int64_t> port;
    QString host;
    QString serial;
};
// The configuration as launch or attach read it; `at` names where it is ("arguments", or
// "arguments.arguments" in a restart).
std::optional<Launch> launch(const nlohmann::json& arguments, std::string& error, const char* at = "arguments");
std::optional<Attach> attach(const nlohmann::json& arguments, std::string& error, const char* at = "arguments");
// restart: the new configuration (arguments.arguments; nvim-dap sends it as the arguments
// themselves) when the editor sent one.
struct Restart {
    std::optional<nlohmann::json> configuration;
    const char* at = "arguments.arguments"; // where it is, for errors
};
std::optional<Restart> restart(const nlohmann::json& arguments, std::string& error);

// --- breakpoints, threads, profiling ----------------------------------------------------------
struct SourceBreakpoint {
    int line = 0;
    QString condition, hitCondition, logMessage;
};
struct SetBreakpoints {
    QString path; // source.path
    std::vector<SourceBreakpoint> breakpoints; // or, in the deprecated form, from "lines"
};
struct FunctionBreakpoint {
    QString name, condition, hitCondition;
};
struct SetFunctionBreakpoints {
    std::vector<FunctionBreakpoint> breakpoints;
};
struct SetExceptionBreakpoints {
    QStringList filters;
};
// continue, next, stepIn, stepOut, pause.
struct Thread {
    std::optional<std::int64_t> threadId;
};
struct Disconnect {
    std::optional<bool> terminateDebuggee;
};
struct Profile {
    QString action; // "start" | "stop"
    std::optional<std::int64_t> threadId;
    QString path;
};

// What DapInspection answers.
struct StackTrace {
    std::int64_t threadId = 0; // required
    std::int64_t startFrame = 0;
    std::int64_t levels = 0; // 0: all
};
struct Scopes {
    std::int64_t frameId = 0; // required
};
struct Variables {
    std::int64_t variablesReference = 0; // required
};
struct Evaluate {
    QString expression; // required
    std::optional<std::int64_t> frameId; // none: the first machine stopped
    QString context;    // "repl", "watch", "hover", "clipboard", …
};
struct Source {
    std::int64_t sourceReference = 0; // or source.sourceReference
    QString path;                     // source.path
};
struct ExceptionInfo {
    std::int64_t threadId = 0; // required
};
struct SetVariable {
    std::int64_t variablesReference = 0; // required: the container
    QString name;                         // required
    QString value;                        // required: an expression
};
struct Completions {
    QString text;                        // required: the REPL's line
    std::int64_t column = 0;             // required: where the cursor is (1-based: UTF-16 units)
    std::optional<std::int64_t> frameId; // none: the first machine stopped
};

// Each: the typed arguments, or nullopt with `error` naming the field.
std::optional<SetBreakpoints> setBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<SetFunctionBreakpoints> setFunctionBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<SetExceptionBreakpoints> setExceptionBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<Thread> thread(const nlohmann::json& arguments, std::string& error);
std::optional<Disconnect> disconnect(const nlohmann::json& arguments, std::string& error);
std::optional<Profile> profile(const nlohmann::json& arguments, std::string& error);
std::optional<StackTrace> stackTrace(const nlohmann::json& arguments, std::string& error);
std::optional<Scopes> scopes(const nlohmann::json& arguments, std::string& error);
std::optional<Variables> variables(const nlohmann::json& arguments, std::string& error);
std::optional<Evaluate> evaluate(const nlohmann::json& arguments, std::string& error);
std::optional<Source> source(const nlohmann::json& arguments, std::string& error);
std::optional<ExceptionInfo> exceptionInfo(const nlohmann::json& arguments, std::string& error);
std::optional<SetVariable> setVariable(const nlohmann::json& arguments, std::string& error);
std::optional<Completions> completions(const nlohmann::json& arguments, std::string& error);

} // namespace DapArgs
