#include "jsonprofilereader.h"

#include "jsonsaxscanner.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <istream>

namespace xsprof {

namespace {

enum class Ctx : uint8_t {
    Root, TopObject, Nodes, Node, CallFrame, NodeChildren, Samples, SampleObject, TimeDeltas,
    Frames, FrameObject, Resources, Stacks, StackObject, TraceEvents, Event, EventArgs, EventData,
    ChunkProfile, Skip
};

enum class Key : uint8_t {
    Other, Nodes, Samples, TimeDeltas, StartTime, EndTime, Frames, Resources, Stacks, TraceEvents,
    Id, Parent, Children, CallFrame, FunctionName, Url, LineNumber, ColumnNumber, XsId, Timestamp,
    StackId, Name, ResourceId, Line, Column, FrameId, ParentId, Ph, Pid, Tid, Ts, Args, Data,
    CpuProfile
};

Key keyOf(const std::string& k)
{
    static const std::pair<std::string_view, Key> table[] = {
        {"nodes", Key::Nodes}, {"samples", Key::Samples}, {"timeDeltas", Key::TimeDeltas},
        {"startTime", Key::StartTime}, {"endTime", Key::EndTime}, {"frames", Key::Frames},
        {"resources", Key::Resources}, {"stacks", Key::Stacks}, {"traceEvents", Key::TraceEvents},
        {"id", Key::Id}, {"parent", Key::Parent}, {"children", Key::Children}, {"callFrame", Key::CallFrame},
        {"functionName", Key::FunctionName}, {"url", Key::Url}, {"lineNumber", Key::LineNumber},
        {"columnNumber", Key::ColumnNumber}, {"xsId", Key::XsId}, {"timestamp", Key::Timestamp},
        {"stackId", Key::StackId}, {"name", Key::Name}, {"resourceId", Key::ResourceId}, {"line", Key::Line},
        {"column", Key::Column}, {"frameId", Key::FrameId}, {"parentId", Key::ParentId}, {"ph", Key::Ph},
        {"pid", Key::Pid}, {"tid", Key::Tid}, {"ts", Key::Ts}, {"args", Key::Args}, {"data", Key::Data},
        {"cpuProfile", Key::CpuProfile},
    };
    for (const auto& [name, key] : table) {
        if (k.size() == name.size() && k[0] == name[0] && k == name)
            return key;
    }
    return Key::Other;
}

// Largest magnitude accepted for a time or id: beyond 2^53 doubles stop being exact.
constexpr double absurd = 9007199254740992.0;
constexpr size_t maxDepth = 10000;

struct Scalar {
    enum Kind { Null, Bool, Integer, Float, String } kind;
    int64_t integer = 0;
    double number = 0.0;
    const std::string* text = nullptr;
    bool overflow = false; // an unsigned integer above INT64_MAX

    bool isNumber() const { return kind == Integer || kind == Float; }
    const char* typeName() const
    {
        switch (kind) {
        case Null: return "null";
        case Bool: return "a boolean";
        case Integer: return "an integer";
        case Float: return "a number with a fraction";
        case String: return "a string";
        }
        return "?";
    }
};

struct PendingEvent {
    std::string name, ph, pid, tid, id, argsName;
    double ts = 0.0;
    std::optional<double> startTime, endTime;
    RawCpuProfile chunk;
    bool hasChunk = false;
};

class ProfileSax {
public:
    using json = nlohmann::json;

    ProfileSax(RawDocument& doc, std::function<size_t()> position) : m_doc(doc), m_position(std::move(position))
    {
        m_stack.push_back({Ctx::Root, Key::Other, 0});
    }

    JsonReadResult result;

    bool null() { return scalar({Scalar::Null}); }
    bool boolean(bool) { return scalar({Scalar::Bool}); }
    bool number_integer(json::number_integer_t v) { return scalar({Scalar::Integer, v, double(v)}); }
    bool number_unsigned(json::number_unsigned_t v)
    {
        Scalar s{Scalar::Integer, static_cast<int64_t>(v), double(v)};
        s.overflow = v > uint64_t(INT64_MAX);
        return scalar(s);
    }
    bool number_float(json::number_float_t v, const json::string_t&) { return scalar({Scalar::Float, 0, v}); }
    bool string(json::string_t& v)
    {
        Scalar s{Scalar::String};
        s.text = &v;
        return scalar(s);
    }
    bool binary(json::binary_t&) { return fail("binary data is not JSON"); }
    bool key(json::string_t& k)
    {
        m_stack.back().key = keyOf(k);
        return true;
    }
    bool start_object(size_t) { return open(false); }
    bool start_array(size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        if (result.problem.empty()) {
            std::string what = ex.what();
            // nlohmann: "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
            if (auto colon = what.find(": "); colon != std::string::npos)
                what = what.substr(colon + 2);
            result.problem = "JSON syntax error: " + what;
            result.where = "byte " + std::to_string(position > 0 ? position - 1 : 0);
        }
        return false;
    }
    // The same from JsonSaxScanner.
    void syntaxError(size_t offset, const std::string& what)
    {
        if (result.problem.empty()) {
            result.problem = "JSON syntax error: " + what;
            result.where = "byte " + std::to_string(offset);
        }
    }

private:
    struct Frame {
        Ctx ctx;
        Key key;
        size_t index; // element index inside an array
    };

    RawCpuProfile& target() { return m_inEvent ? m_event.chunk : m_doc.cpuProfile; }

    std::string here() const { return "byte " + std::to_string(m_position()); }

    bool fail(std::string problem, std::string where = {})
    {
        if (result.problem.empty()) {
            result.problem = std::move(problem);
            result.where = where.empty() ? here() : std::move(where);
        }
        return false;
    }

    // Where we are, in the file's own terms.
    std::string element(const char* what, size_t index) const
    {
        std::string s = std::string(what) + " " + std::to_string(index);
        if (m_inEvent)
            s = "trace event " + std::to_string(m_eventIndex) + ", " + s;
        return s + ", " + here();
    }

    bool expectNumber(const Scalar& s, const char* field, const char* what, size_t index, double& out,
                      bool integer = false)
    {
        if (!s.isNumber() || s.overflow || (integer && s.kind != Scalar::Integer))
            return fail(std::string("\"") + field + "\" is " + s.typeName() + ", expected " +
                            (integer ? "an integer" : "a number"),
                        element(what, index));
        if (!std::isfinite(s.number) || std::fabs(s.number) > absurd)
            return fail(std::string("\"") + field + "\" is out of range (" + std::to_string(s.number) + ")",
                        element(what, index));
        out = s.number;
        return true;
    }

    bool expectInteger(const Scalar& s, const char* field, const char* what, size_t index, int64_t& out)
    {
        double d = 0;
        if (!expectNumber(s, field, what, index, d, true))
            return false;
        out = s.integer;
        return true;
    }

    bool expectString(const Scalar& s, const char* field, const char* what, size_t index, StringId& out)
    {
        if (s.kind == Scalar::Null) {
            out = StringId(0);
            return true;
        }
        if (s.kind != Scalar::String)
            return fail(std::string("\"") + field + "\" is " + s.typeName() + ", expected a string",
                        element(what, index));
        out = m_doc.strings.intern(*s.text);
        return true;
    }

    bool checkCancel()
    {
        if (++m_ticks % 65536 == 0 && m_cancel && m_cancel->isCancelled()) {
            result.cancelled = true;
            return false;
        }
        return true;
    }

    bool scalar(const Scalar& s);
    bool open(bool isArray);
    bool close();

public:
    const TaskControl* m_cancel = nullptr;

private:
    RawDocument& m_doc;
    std::function<size_t()> m_position;
    std::vector<Frame> m_stack;
    size_t m_ticks = 0;
    bool m_inEvent = false;
    size_t m_eventIndex = 0;
    PendingEvent m_event;
};

bool ProfileSax::scalar(const Scalar& s)
{
    if (!checkCancel())
        return false;
    Frame& top = m_stack.back();
    const size_t index = top.index++;
    double number = 0;
    switch (top.ctx) {
    case Ctx::Root:
        return fail(std::string("the file holds ") + s.typeName() + ", not a profile object", "byte 0");
    case Ctx::TopObject:
        if (top.key == Key::StartTime || top.key == Key::EndTime) {
            if (s.kind == Scalar::Null)
                return true;
            if (!expectNumber(s, top.key == Key::StartTime ? "startTime" : "endTime", "profile", 0, number))
                return false;
            (top.key == Key::StartTime ? m_doc.cpuProfile.startTime : m_doc.cpuProfile.endTime) = number;
        }
        return true;
    case Ctx::Node: {
        RawNode& node = target().nodes.back();
        const size_t ni = target().nodes.size() - 1;
        if (top.key == Key::Id) {
            node.hasId = true;
            return expectInteger(s, "id", "node", ni, node.id);
        }
        if (top.key == Key::Parent) {
            if (s.kind == Scalar::Null)
                return true;
            node.hasParent = true;
            return expectInteger(s, "parent", "node", ni, node.parent);
        }
        return true;
    }
    case Ctx::CallFrame: {
        RawNode& node = target().nodes.back();
        const size_t ni = target().nodes.size() - 1;
        switch (top.key) {
        case Key::FunctionName: return expectString(s, "functionName", "node", ni, node.name);
        case Key::Url: return expectString(s, "url", "node", ni, node.url);
        case Key::LineNumber:
            return s.kind == Scalar::Null || expectInteger(s, "lineNumber", "node", ni, node.line);
        case Key::ColumnNumber:
            return s.kind == Scalar::Null || expectInteger(s, "columnNumber", "node", ni, node.column);
        case Key::XsId:
            node.hasXsId = true;
            if (s.kind != Scalar::Integer || s.overflow)
                return fail(std::string("callFrame.xsId is ") + s.typeName() + ", it is not an integer",
                            element("node", ni));
            node.xsId = s.integer;
            return true;
        default: return true;
        }
    }
    case Ctx::NodeChildren: {
        int64_t child = 0;
        if (!expectInteger(s, "children", "node", target().nodes.size() - 1, child))
            return false;
        target().children.push_back(child);
        return true;
    }
    case Ctx::Samples: {
        int64_t id = 0;
        if (!expectInteger(s, "samples", "sample", index, id))
            return false;
        if (id < 0 || id > int64_t(UINT32_MAX))
            return fail("node id " + std::to_string(id) + " is out of range", element("sample", index));
        target().samples.push_back(uint32_t(id));
        return true;
    }
    case Ctx::TimeDeltas:
        if (!expectNumber(s, "timeDeltas", "time delta", index, number))
            return false;
        target().timeDeltas.push_back(number);
        return true;
    case Ctx::SampleObject: {
        const size_t si = m_doc.selfProfiling.sampleTimes.size() - 1;
        if (top.key == Key::Timestamp)
            return expectNumber(s, "timestamp", "sample", si, m_doc.selfProfiling.sampleTimes.back());
        if (top.key == Key::StackId && s.kind != Scalar::Null) {
            int64_t id = 0;
            if (!expectInteger(s, "stackId", "sample", si, id))
                return false;
            if (id < 0)
                return fail("\"stackId\" is negative", element("sample", si));
            m_doc.selfProfiling.sampleStacks.back() = id;
        }
        return true;
    }
    case Ctx::FrameObject: {
        RawSelfProfilingFrame& f = m_doc.selfProfiling.frames.back();
        const size_t fi = m_doc.selfProfiling.frames.size() - 1;
        if (s.kind == Scalar::Null)
            return true;
        switch (top.key) {
        case Key::Name: return expectString(s, "name", "frame", fi, f.name);
        case Key::ResourceId: return expectInteger(s, "resourceId", "frame", fi, f.resourceId);
        case Key::Line: return expectInteger(s, "line", "frame", fi, f.line);
        case Key::Column: return expectInteger(s, "column", "frame", fi, f.column);
        default: return true;
        }
    }
    case Ctx::Resources: {
        StringId url;
        if (!expectString(s, "resources", "resource", index, url))
            return false;
        m_doc.selfProfiling.resources.push_back(url);
        return true;
    }
    case Ctx::StackObject: {
        RawSelfProfilingStack& st = m_doc.selfProfiling.stacks.back();
        const size_t si = m_doc.selfProfiling.stacks.size() - 1;
        if (s.kind == Scalar::Null)
            return true;
        if (top.key == Key::FrameId)
            return expectInteger(s, "frameId", "stack", si, st.frameId);
        if (top.key == Key::ParentId)
            return expectInteger(s, "parentId", "stack", si, st.parentId);
        return true;
    }
    case Ctx::Event: {
        auto text = [&](std::string& out) {
            if (s.kind == Scalar::String)
                out = *s.text;
            else if (s.kind == Scalar::Integer)
                out = std::to_string(s.integer);
            else if (s.kind == Scalar::Float)
                out = std::to_string(s.number);
            return true;
        };
        switch (top.key) {
        case Key::Name: return text(m_event.name);
        case Key::Ph: return text(m_event.ph);
        case Key::Pid: return text(m_event.pid);
        case Key::Tid: return text(m_event.tid);
        case Key::Id: return text(m_event.id);
        case Key::Ts:
            if (s.isNumber() && std::isfinite(s.number))
                m_event.ts = s.number;
            return true;
        default: return true;
        }
    }
    case Ctx::EventArgs:
        if (top.key == Key::Name && s.kind == Scalar::String)
            m_event.argsName = *s.text;
        return true;
    case Ctx::EventData:
        if ((top.key == Key::StartTime || top.key == Key::EndTime) && s.kind != Scalar::Null) {
            if (!expectNumber(s, top.key == Key::StartTime ? "startTime" : "endTime", "data", 0, number))
                return false;
            (top.key == Key::StartTime ? m_event.startTime : m_event.endTime) = number;
        }
        return true;
    case Ctx::Nodes:
        return fail(std::string("a node is ") + s.typeName() + ", expected an object", element("node", index));
    case Ctx::Frames:
    case Ctx::Stacks:
        return fail(std::string("an entry is ") + s.typeName() + ", expected an object", here());
    case Ctx::TraceEvents:
    case Ctx::ChunkProfile:
    case Ctx::Skip:
        return true;
    }
    return true;
}

bool ProfileSax::open(bool isArray)
{
    if (!checkCancel())
        return false;
    if (m_stack.size() >= maxDepth)
        return fail("nesting deeper than " + std::to_string(maxDepth) + " levels");
    Frame& top = m_stack.back();
    const size_t index = top.index++;
    auto push = [&](Ctx ctx) {
        m_stack.push_back({ctx, Key::Other, 0});
        return true;
    };
    auto needArray = [&](Ctx ctx, const char* name) {
        if (!isArray)
            return fail(std::string("\"") + name + "\" is an object, expected an array");
        return push(ctx);
    };
    auto needObject = [&](Ctx ctx, const char* name) {
        if (isArray)
            return fail(std::string("\"") + name + "\" is an array, expected an object");
        return push(ctx);
    };
    switch (top.ctx) {
    case Ctx::Root:
        if (isArray) {
            m_doc.isTraceEvents = true;
            return push(Ctx::TraceEvents);
        }
        return push(Ctx::TopObject);
    case Ctx::TopObject:
        switch (top.key) {
        case Key::Nodes: m_doc.cpuProfile.sawNodes = true; return needArray(Ctx::Nodes, "nodes");
        case Key::Samples: return needArray(Ctx::Samples, "samples");
        case Key::TimeDeltas: return needArray(Ctx::TimeDeltas, "timeDeltas");
        case Key::Frames: m_doc.selfProfiling.sawFrames = true; return needArray(Ctx::Frames, "frames");
        case Key::Resources: return needArray(Ctx::Resources, "resources");
        case Key::Stacks: m_doc.selfProfiling.sawStacks = true; return needArray(Ctx::Stacks, "stacks");
        case Key::TraceEvents:
            m_doc.isTraceEvents = true;
            return needArray(Ctx::TraceEvents, "traceEvents");
        default: return push(Ctx::Skip);
        }
    case Ctx::Nodes:
        if (isArray)
            return fail("a node is an array, expected an object", element("node", index));
        target().nodes.emplace_back();
        target().nodes.back().childBegin = target().nodes.back().childEnd =
            static_cast<uint32_t>(target().children.size());
        return push(Ctx::Node);
    case Ctx::Node:
        if (top.key == Key::CallFrame) {
            target().nodes.back().hasCallFrame = true;
            return needObject(Ctx::CallFrame, "callFrame");
        }
        if (top.key == Key::Children) {
            target().nodes.back().childBegin = static_cast<uint32_t>(target().children.size());
            return needArray(Ctx::NodeChildren, "children");
        }
        return push(Ctx::Skip);
    case Ctx::Samples:
        if (isArray || m_inEvent)
            return fail("a sample is an array or object, expected a node id", element("sample", index));
        m_doc.selfProfiling.sampleTimes.push_back(0.0);
        m_doc.selfProfiling.sampleStacks.push_back(-1);
        return push(Ctx::SampleObject);
    case Ctx::Frames:
        if (isArray)
            return fail("a frame is an array, expected an object", element("frame", index));
        m_doc.selfProfiling.frames.emplace_back();
        return push(Ctx::FrameObject);
    case Ctx::Stacks:
        if (isArray)
            return fail("a stack is an array, expected an object", element("stack", index));
        m_doc.selfProfiling.stacks.emplace_back();
        return push(Ctx::StackObject);
    case Ctx::TraceEvents:
        if (isArray)
            return push(Ctx::Skip);
        m_inEvent = true;
        m_eventIndex = index;
        m_event = PendingEvent();
        return push(Ctx::Event);
    case Ctx::Event:
        if (top.key == Key::Args && !isArray)
            return push(Ctx::EventArgs);
        return push(Ctx::Skip);
    case Ctx::EventArgs:
        if (top.key == Key::Data && !isArray)
            return push(Ctx::EventData);
        return push(Ctx::Skip);
    case Ctx::EventData:
        if (top.key == Key::CpuProfile) {
            m_event.hasChunk = true;
            return needObject(Ctx::ChunkProfile, "cpuProfile");
        }
        if (top.key == Key::TimeDeltas) {
            m_event.hasChunk = true;
            return needArray(Ctx::TimeDeltas, "timeDeltas");
        }
        return push(Ctx::Skip);
    case Ctx::ChunkProfile:
        if (top.key == Key::Nodes) {
            m_event.chunk.sawNodes = true;
            return needArray(Ctx::Nodes, "nodes");
        }
        if (top.key == Key::Samples)
            return needArray(Ctx::Samples, "samples");
        return push(Ctx::Skip);
    default:
        return push(Ctx::Skip);
    }
}

bool ProfileSax::close()
{
    const Ctx ctx = m_stack.back().ctx;
    m_stack.pop_back();
    if (ctx == Ctx::NodeChildren)
        target().nodes.back().childEnd = static_cast<uint32_t>(target().children.size());
    if (ctx == Ctx::Event) {
        m_inEvent = false;
        RawTraceEvents& te = m_doc.traceEvents;
        PendingEvent& e = m_event;
        if (e.ph == "M" && (e.name == "process_name" || e.name == "thread_name")) {
            if (e.name == "process_name")
                te.processNames.emplace_back(e.pid, e.argsName);
            else
                te.threadNames.emplace_back(e.pid + ":" + e.tid, e.argsName);
        } else if (e.name == "Profile" || e.name == "ProfileChunk") {
            RawTraceProfile* profile = nullptr;
            for (RawTraceProfile& p : te.profiles) {
                if (p.pid == e.pid && p.id == e.id)
                    profile = &p;
            }
            if (!profile) {
                profile = &te.profiles.emplace_back();
                profile->pid = e.pid;
                profile->id = e.id;
            }
            if (e.name == "Profile") {
                profile->startTime = e.startTime ? e.startTime : std::optional<double>(e.ts);
                profile->tid = e.tid;
            } else {
                e.chunk.endTime = e.endTime;
                profile->chunks.push_back({e.ts, m_eventIndex, std::move(e.chunk)});
            }
        }
        m_event = PendingEvent();
    }
    return true;
}

} // namespace

JsonReadResult readJsonProfile(ChunkedInputBuffer& input, RawDocument& document, const TaskControl* control,
                               JsonDriver driver)
{
    bool parsed = false;
    JsonReadResult r;
    if (driver == JsonDriver::Nlohmann) {
        ProfileSax sax(document, [&input] { return input.bytesConsumed(); });
        sax.m_cancel = control;
        std::istream stream(&input);
        parsed = nlohmann::json::sax_parse(stream, &sax, nlohmann::json::input_format_t::json, true);
        r = sax.result;
    } else {
        JsonSaxScanner scanner(input);
        ProfileSax sax(document, [&scanner] { return scanner.offset(); });
        sax.m_cancel = control;
        parsed = scanner.parse(sax);
        if (!parsed && !scanner.error().empty())
            sax.syntaxError(scanner.errorOffset(), scanner.error());
        r = sax.result;
    }
    if (control && control->isCancelled())
        r.cancelled = true;
    r.ok = parsed && r.problem.empty() && !r.cancelled;
    if (!r.ok && r.problem.empty() && !r.cancelled)
        r.problem = "the JSON reader stopped";
    return r;
}

} // namespace xsprof
