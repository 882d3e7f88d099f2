#pragma once
// The typed arguments of the requests the adapter reads itself (launch, attach and restart's
// new configuration: then checked by DapStart; stackTrace, scopes, variables, evaluate, source: DapInspection), read in one place. A field
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

// Each: the typed arguments, or nullopt with `error` naming the field.
std::optional<SetBreakpoints> setBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<SetFunctionBreakpoints> setFunctionBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<SetExceptionBreakpoints> setExceptionBreakpoints(const nlohmann::json& arguments, std::string& error);
std::optional<Thread> thread(const nlohmann::json& arguments, std::string& error);
std::optional<Disconnect> disconnect(const nlohmann::json& arguments, std::string& error);
std::optional<Profile> profile(const nlohmann::json& arguments, std::string& error);

} // namespace DapArgs
