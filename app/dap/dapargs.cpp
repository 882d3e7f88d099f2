#include "dapargs.h"

#include "model/json/jsonpath.h"

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

private:
    std::string& m_error;
};

const JsonPath& argumentsPath()
{
    static const JsonPath path = JsonPath::namedDocument("arguments");
    return path;
}

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
    ArgumentReader read(error);
    const JsonPath& at = argumentsPath();
    SetBreakpoints out;
    const json& source = read.object(arguments, at, "source");
    out.path = read.string(source, at.key("source"), "path");
    const JsonPath list = at.key("breakpoints");
    const json& breakpoints = read.array(arguments, at, "breakpoints");
    for (size_t i = 0; i < breakpoints.size(); ++i) {
        const JsonPath b = list.index(i);
        if (!breakpoints[i].is_object()) {
            read.wrong(b, "an object", breakpoints[i]);
            break;
        }
        SourceBreakpoint one;
        const std::optional<std::int64_t> line = read.integer(breakpoints[i], b, "line");
        one.line = line && *line > 0 && *line <= INT32_MAX ? int(*line) : 0;
        one.condition = read.string(breakpoints[i], b, "condition");
        one.hitCondition = read.string(breakpoints[i], b, "hitCondition");
        one.logMessage = read.string(breakpoints[i], b, "logMessage");
        out.breakpoints.push_back(std::move(one));
    }
    if (breakpoints.empty()) { // the deprecated form: lines only
        const json& lines = read.array(arguments, at, "lines");
        const JsonPath linesAt = at.key("lines");
        for (size_t i = 0; i < lines.size(); ++i) {
            if (!lines[i].is_number_integer()) {
                read.wrong(linesAt.index(i), "an integer", lines[i]);
                break;
            }
            const std::int64_t line = lines[i].get<std::int64_t>();
            out.breakpoints.push_back({line > 0 && line <= INT32_MAX ? int(line) : 0, {}, {}, {}});
        }
    }
    return result(read, std::move(out));
}

std::optional<SetFunctionBreakpoints> setFunctionBreakpoints(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    const JsonPath& at = argumentsPath();
    SetFunctionBreakpoints out;
    const JsonPath list = at.key("breakpoints");
    const json& breakpoints = read.array(arguments, at, "breakpoints");
    for (size_t i = 0; i < breakpoints.size(); ++i) {
        const JsonPath b = list.index(i);
        if (!breakpoints[i].is_object()) {
            read.wrong(b, "an object", breakpoints[i]);
            break;
        }
        out.breakpoints.push_back({read.string(breakpoints[i], b, "name"), read.string(breakpoints[i], b, "condition"),
                                   read.string(breakpoints[i], b, "hitCondition")});
    }
    return result(read, std::move(out));
}

std::optional<SetExceptionBreakpoints> setExceptionBreakpoints(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    const JsonPath& at = argumentsPath();
    SetExceptionBreakpoints out;
    const JsonPath list = at.key("filters");
    const json& filters = read.array(arguments, at, "filters");
    for (size_t i = 0; i < filters.size(); ++i) {
        if (!filters[i].is_string()) {
            read.wrong(list.index(i), "a string", filters[i]);
            break;
        }
        out.filters << QString::fromStdString(filters[i].get<std::string>());
    }
    return result(read, std::move(out));
}

std::optional<Thread> thread(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    Thread out{read.integer(arguments, argumentsPath(), "threadId")};
    return result(read, std::move(out));
}

std::optional<Disconnect> disconnect(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    Disconnect out{read.boolean(arguments, argumentsPath(), "terminateDebuggee")};
    return result(read, std::move(out));
}

std::optional<Profile> profile(const json& arguments, std::string& error)
{
    ArgumentReader read(error);
    const JsonPath& at = argumentsPath();
    Profile out;
    out.action = read.string(arguments, at, "action");
    out.threadId = read.integer(arguments, at, "threadId");
    out.path = read.string(arguments, at, "path");
    return result(read, std::move(out));
}

} // namespace DapArgs
