#include "dapargs.h"

#include "model/json/jsonpath.h"

#include <algorithm>

using nlohmann::json;
using xsprof::JsonPath;

namespace DapArgs {

namespace {

const char* kindOfArgument(const json& v)
{
    switch (v.type()) {
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return "null";
    }
}

// Reads fields of the arguments; the first wrong one is kept in `error`.
class ArgumentReader {
public:
    explicit ArgumentReader(std::string& error) : m_error(error) { m_error.clear(); }
    bool ok() const { return m_error.empty(); }

    // The field when present and not null.
    const json* field(const json& object, const char* key) const
    {
        if (!object.is_object())
            return nullptr;
        const auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }
    QString string(const json& object, const JsonPath& at, const char* key)
    {
        const json* v = field(object, key);
        if (!v)
            return {};
        if (!v->is_string())
            return wrong(at.key(key), "a string", *v), QString();
        return QString::fromStdString(v->get<std::string>());
    }
    std::optional<std::int64_t> integer(const json& object, const JsonPath& at, const char* key)
    {
        const json* v = field(object, key);
        if (!v)
            return std::nullopt;
        if (!v->is_number_integer())
            return wrong(at.key(key), "an integer", *v), std::nullopt;
        return v->get<std::int64_t>();
    }
    std::optional<bool> boolean(const json& object, const JsonPath& at, const char* key)
    {
        const json* v = field(object, key);
        if (!v)
            return std::nullopt;
        if (!v->is_boolean())
            return wrong(at.key(key), "a boolean", *v), std::nullopt;
        return v->get<bool>();
    }
    // The array, or an empty one when absent (or wrong: then an error).
    const json& array(const json& object, const JsonPath& at, const char* key)
    {
        static const json empty = json::array();
        const json* v = field(object, key);
        if (!v)
            return empty;
        if (!v->is_array())
            return wrong(at.key(key), "an array", *v), empty;
        return *v;
    }
    // Each element of the array `key` (none when absent) that is of the kind `is` (named by
    // `expected`), with its path; the first of another kind is the error and ends the walk.
    template <class Each>
    void elements(const json& object, const JsonPath& at, const char* key, bool (json::*is)() const noexcept,
                  const char* expected, Each each)
    {
        const json& list = array(object, at, key);
        const JsonPath listAt = at.key(key);
        for (size_t i = 0; i < list.size(); ++i) {
            const JsonPath element = listAt.index(i);
            if (!(list[i].*is)())
                return wrong(element, expected, list[i]);
            each(list[i], element);
        }
    }
    // A field the request cannot do without: an error when absent or null.
    std::int64_t requiredInteger(const json& object, const JsonPath& at, const char* key)
    {
        if (!field(object, key))
            missing(at.key(key), "an integer");
        return integer(object, at, key).value_or(0);
    }
    QString requiredString(const json& object, const JsonPath& at, const char* key)
    {
        if (!field(object, key))
            missing(at.key(key), "a string");
        return string(object, at, key);
    }
    const json& object(const json& from, const JsonPath& at, const char* key)
    {
        static const json empty = json::object();
        const json* v = field(from, key);
        if (!v)
            return empty;
        if (!v->is_object())
            return wrong(at.key(key), "an object", *v), empty;
        return *v;
    }
    void wrong(const JsonPath& at, const char* expected, const json& value)
    {
        if (m_error.empty())
            m_error = at.text() + " must be " + expected + ", not " + kindOfArgument(value);
    }
    void missing(const JsonPath& at, const char* expected)
    {
        if (m_error.empty())
            m_error = at.text() + " is required (" + expected + ")";
    }

private:
    std::string& m_error;
};

const JsonPath& argumentsPath()
{
    static const JsonPath path = JsonPath::namedDocument("arguments");
    return path;
}

// The arguments as `fill` reads them into a T, or nullopt when a field was wrong.
template <class T, class Fill>
std::optional<T> readArguments(std::string& error, Fill fill)
{
    ArgumentReader read(error);
    T out;
    fill(read, argumentsPath(), out);
    return read.ok() ? std::optional<T>(std::move(out)) : std::nullopt;
}

// `value` when every field read well (launch, attach, restart read into it directly).
template <class T>
std::optional<T> result(const ArgumentReader& reader, T&& value)
{
    return reader.ok() ? std::optional<T>(std::forward<T>(value)) : std::nullopt;
}

// The attributes launch and attach share.
void readStart(ArgumentReader& read, const json& arguments, const JsonPath& at, Start& out)
{
    out.xsc = read.string(arguments, at, "xsc");
    out.localRoot = read.string(arguments, at, "localRoot");
    out.remoteRoot = read.string(arguments, at, "remoteRoot");
    const json& map = read.object(arguments, at, "sourceMap");
    const JsonPath mapAt = at.key("sourceMap");
    for (const auto& [machineFolder, workspaceFolder] : map.items()) {
        if (!workspaceFolder.is_string()) {
            read.wrong(mapAt.key(machineFolder), "a string (a workspace folder)", workspaceFolder);
            break;
        }
        out.sourceMap.emplace_back(QString::fromStdString(machineFolder), QString::fromStdString(workspaceFolder.get<std::string>()));
    }
    out.stopOnEntry = read.boolean(arguments, at, "stopOnEntry").value_or(false);
    out.profileOnStart = read.boolean(arguments, at, "profileOnStart").value_or(false);
}

} // namespace

std::optional<Launch> launch(const json& arguments, std::string& error, const char* atName)
{
    ArgumentReader read(error);
    const JsonPath at = JsonPath::namedDocument(atName);
    Launch out;
    readStart(read, arguments, at, out);
    out.program = read.string(arguments, at, "program");
    const json& args = read.array(arguments, at, "args");
    for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_string()) {
            read.wrong(at.key("args").index(i), "a string", args[i]);
            break;
        }
        out.args << QString::fromStdString(args[i].get<std::string>());
    }
    out.cwd = read.string(arguments, at, "cwd");
    const json& env = read.object(arguments, at, "env");
    for (const auto& [name, value] : env.items()) {
        if (value.is_null()) {
            out.env.emplace_back(QString::fromStdString(name), std::nullopt);
        } else if (value.is_string()) {
            out.env.emplace_back(QString::fromStdString(name), QString::fromStdString(value.get<std::string>()));
        } else {
            read.wrong(at.key("env").key(name), "a string or null", value);
            break;
        }
    }
    if (const json* output = read.field(arguments, "programOutput"); output && output->is_boolean())
        out.programOutput = output->get<bool>() ? QStringLiteral("all") : QStringLiteral("none");
    else if (output && !output->is_string())
        read.wrong(at.key("programOutput"), "a string or a boolean", *output);
    else
        out.programOutput = read.string(arguments, at, "programOutput");
    return result(read, std::move(out));
}

std::optional<Attach> attach(const json& arguments, std::string& error, const char* atName)
{
    ArgumentReader read(error);
    const JsonPath at = JsonPath::namedDocument(atName);
    Attach out;
    readStart(read, arguments, at, out);
    out.port = read.integer(arguments, at, "port");
    out.host = read.string(arguments, at, "host");
    out.serial = read.string(arguments, at, "serial");
    return result(read, std::move(out));
}

std::optional<Restart> restart(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    Restart out;
    if (const json* configuration = read.field(arguments, "arguments")) {
        if (configuration->is_object())
            out.configuration = *configuration;
        else
            read.wrong(argumentsPath().key("arguments"), "an object", *configuration);
    } else if (read.field(arguments, "request")) {
        out.configuration = arguments; // nvim-dap sends the configuration itself
        out.at = "arguments";
    }
    return result(read, std::move(out));
}

std::optional<SetBreakpoints> setBreakpoints(const json& arguments, std::string& error)
{
    return readArguments<SetBreakpoints>(error, [&](ArgumentReader& read, const JsonPath& at, SetBreakpoints& out) {
        const json& source = read.object(arguments, at, "source");
        out.path = read.string(source, at.key("source"), "path");
        read.elements(arguments, at, "breakpoints", &json::is_object, "an object", [&](const json& b, const JsonPath& bAt) {
            SourceBreakpoint one;
            const std::optional<std::int64_t> line = read.integer(b, bAt, "line");
            one.line = line && *line > 0 && *line <= INT32_MAX ? int(*line) : 0;
            one.condition = read.string(b, bAt, "condition");
            one.hitCondition = read.string(b, bAt, "hitCondition");
            one.logMessage = read.string(b, bAt, "logMessage");
            out.breakpoints.push_back(std::move(one));
        });
        if (out.breakpoints.empty()) { // the deprecated form: lines only
            read.elements(arguments, at, "lines", &json::is_number_integer, "an integer", [&](const json& v, const JsonPath&) {
                const std::int64_t line = v.get<std::int64_t>();
                out.breakpoints.push_back({line > 0 && line <= INT32_MAX ? int(line) : 0, {}, {}, {}});
            });
        }
    });
}

std::optional<SetFunctionBreakpoints> setFunctionBreakpoints(const json& arguments, std::string& error)
{
    return readArguments<SetFunctionBreakpoints>(error, [&](ArgumentReader& read, const JsonPath& at, SetFunctionBreakpoints& out) {
        read.elements(arguments, at, "breakpoints", &json::is_object, "an object", [&](const json& b, const JsonPath& bAt) {
            out.breakpoints.push_back(
                {read.string(b, bAt, "name"), read.string(b, bAt, "condition"), read.string(b, bAt, "hitCondition")});
        });
    });
}

std::optional<SetExceptionBreakpoints> setExceptionBreakpoints(const json& arguments, std::string& error)
{
    return readArguments<SetExceptionBreakpoints>(error, [&](ArgumentReader& read, const JsonPath& at, SetExceptionBreakpoints& out) {
        read.elements(arguments, at, "filters", &json::is_string, "a string", [&](const json& filter, const JsonPath&) {
            out.filters << QString::fromStdString(filter.get<std::string>());
        });
    });
}

std::optional<Thread> thread(const json& arguments, std::string& error)
{
    return readArguments<Thread>(error, [&](ArgumentReader& read, const JsonPath& at, Thread& out) {
        out.threadId = read.integer(arguments, at, "threadId");
    });
}

std::optional<Disconnect> disconnect(const json& arguments, std::string& error)
{
    return readArguments<Disconnect>(error, [&](ArgumentReader& read, const JsonPath& at, Disconnect& out) {
        out.terminateDebuggee = read.boolean(arguments, at, "terminateDebuggee");
    });
}

std::optional<Profile> profile(const json& arguments, std::string& error)
{
    return readArguments<Profile>(error, [&](ArgumentReader& read, const JsonPath& at, Profile& out) {
        out.action = read.string(arguments, at, "action");
        out.threadId = read.integer(arguments, at, "threadId");
        out.path = read.string(arguments, at, "path");
    });
}

std::optional<StackTrace> stackTrace(const json& arguments, std::string& error)
{
    return readArguments<StackTrace>(error, [&](ArgumentReader& read, const JsonPath& at, StackTrace& out) {
        out.threadId = read.requiredInteger(arguments, at, "threadId");
        out.startFrame = std::max<std::int64_t>(0, read.integer(arguments, at, "startFrame").value_or(0));
        out.levels = std::max<std::int64_t>(0, read.integer(arguments, at, "levels").value_or(0));
    });
}

std::optional<Scopes> scopes(const json& arguments, std::string& error)
{
    return readArguments<Scopes>(error, [&](ArgumentReader& read, const JsonPath& at, Scopes& out) {
        out.frameId = read.requiredInteger(arguments, at, "frameId");
    });
}

std::optional<Variables> variables(const json& arguments, std::string& error)
{
    return readArguments<Variables>(error, [&](ArgumentReader& read, const JsonPath& at, Variables& out) {
        out.variablesReference = read.requiredInteger(arguments, at, "variablesReference");
    });
}

std::optional<Evaluate> evaluate(const json& arguments, std::string& error)
{
    return readArguments<Evaluate>(error, [&](ArgumentReader& read, const JsonPath& at, Evaluate& out) {
        out.expression = read.requiredString(arguments, at, "expression");
        out.frameId = read.integer(arguments, at, "frameId");
        out.context = read.string(arguments, at, "context");
    });
}

std::optional<Source> source(const json& arguments, std::string& error)
{
    return readArguments<Source>(error, [&](ArgumentReader& read, const JsonPath& at, Source& out) {
        const json& source = read.object(arguments, at, "source");
        out.sourceReference = read.integer(arguments, at, "sourceReference").value_or(0);
        const std::int64_t inSource = read.integer(source, at.key("source"), "sourceReference").value_or(0);
        if (out.sourceReference == 0)
            out.sourceReference = inSource;
        out.path = read.string(source, at.key("source"), "path");
    });
}

std::optional<ExceptionInfo> exceptionInfo(const json& arguments, std::string& error)
{
    return readArguments<ExceptionInfo>(error, [&](ArgumentReader& read, const JsonPath& at, ExceptionInfo& out) {
        out.threadId = read.requiredInteger(arguments, at, "threadId");
    });
}

std::optional<SetVariable> setVariable(const json& arguments, std::string& error)
{
    return readArguments<SetVariable>(error, [&](ArgumentReader& read, const JsonPath& at, SetVariable& out) {
        out.variablesReference = read.requiredInteger(arguments, at, "variablesReference");
        out.name = read.requiredString(arguments, at, "name");
        out.value = read.requiredString(arguments, at, "value");
    });
}

std::optional<Completions> completions(const json& arguments, std::string& error)
{
    return readArguments<Completions>(error, [&](ArgumentReader& read, const JsonPath& at, Completions& out) {
        out.text = read.requiredString(arguments, at, "text");
        out.column = read.requiredInteger(arguments, at, "column");
        out.frameId = read.integer(arguments, at, "frameId");
    });
}

} // namespace DapArgs
