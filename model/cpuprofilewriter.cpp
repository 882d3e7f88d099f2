#include "cpuprofilewriter.h"

#include "filesaving.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>

namespace xsprof {

namespace {

void writeNumber(std::ostream& out, double v)
{
    char buffer[32];
    if (std::fabs(v) < 9007199254740992.0 && v == std::floor(v))
        std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buffer, sizeof buffer, "%.17g", v);
    out << buffer;
}

void writeString(std::ostream& out, std::string_view s)
{
    out << nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void writeCallFrame(std::ostream& out, const Profile& p, FrameId f, bool withXsId)
{
    out << "{\"functionName\":";
    writeString(out, p.frameName(f));
    out << ",\"scriptId\":\"" << p.scriptIdOf(f) << "\",\"url\":"; // kept for eval code's location
    writeString(out, p.frameUrl(f));
    out << ",\"lineNumber\":" << p.frames.line[f.value] - 1 << ",\"columnNumber\":" << p.frames.column[f.value] - 1;
    if (withXsId)
        out << ",\"xsId\":" << p.frames.xsId[f.value];
    out << '}';
}

// The rows of `stack` in the line-ticks table, as the node's "positionTicks"; `next` walks the
// table as the nodes are written in stack order.
void writePositionTicks(std::ostream& out, const LineTickTable& t, uint32_t stack, size_t& next)
{
    while (next < t.size() && t.stack[next].value < stack)
        ++next;
    if (next >= t.size() || t.stack[next].value != stack)
        return;
    out << ",\"positionTicks\":[";
    for (bool first = true; next < t.size() && t.stack[next].value == stack; ++next, first = false)
        out << (first ? "" : ",") << "{\"line\":" << t.line[next] << ",\"ticks\":" << t.ticks[next] << '}';
    out << ']';
}

void writeTreeNodes(std::ostream& out, const Profile& p)
{
    const size_t n = p.stacks.size();
    std::vector<uint32_t> childBegin(n + 1, 0), children(n);
    for (size_t i = 0; i < n; ++i) {
        if (p.stacks.parent[i].isValid())
            ++childBegin[p.stacks.parent[i].value + 1];
    }
    for (size_t i = 0; i < n; ++i)
        childBegin[i + 1] += childBegin[i];
    std::vector<uint32_t> fill(childBegin.begin(), childBegin.end() - 1);
    for (size_t i = 0; i < n; ++i) {
        if (p.stacks.parent[i].isValid())
            children[fill[p.stacks.parent[i].value]++] = uint32_t(i);
    }
    const bool xs = p.info.encoding == Encoding::Stacks;
    size_t tick = 0; // the next row of p.lineTicks (sorted by stack)
    if (n == 0) {
        // A session without samples (XS sends them in batches of 8: a shorter run has none)
        // still gets its root, so the file reads back as the same, empty, XS or V8 profile.
        out << "\n{\"id\":1,\"callFrame\":{\"functionName\":\"" << (xs ? "(host)" : "(root)")
            << "\",\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1" << (xs ? ",\"xsId\":0" : "")
            << "}}";
        return;
    }
    for (size_t i = 0; i < n; ++i) {
        out << (i ? ",\n" : "\n") << "{\"id\":" << i + 1 << ",\"callFrame\":";
        writeCallFrame(out, p, p.stacks.frame[i], xs);
        if (childBegin[i] != childBegin[i + 1]) {
            out << ",\"children\":[";
            for (uint32_t k = childBegin[i]; k < childBegin[i + 1]; ++k)
                out << (k != childBegin[i] ? "," : "") << children[k] + 1;
            out << ']';
        }
        writePositionTicks(out, p.lineTicks, uint32_t(i), tick);
        out << '}';
    }
}

void writeGraphNodes(std::ostream& out, const Profile& p)
{
    const size_t n = p.frames.size();
    std::vector<std::vector<int64_t>> callees(n);
    for (const GraphLink& l : p.links)
        callees[l.caller.value].push_back(p.frames.xsId[l.callee.value]);
    for (size_t i = 0; i < n; ++i) {
        out << (i ? ",\n" : "\n") << "{\"id\":" << p.frames.xsId[i] << ",\"callFrame\":";
        writeCallFrame(out, p, FrameId(uint32_t(i)), false);
        if (!callees[i].empty()) {
            out << ",\"children\":[";
            for (size_t k = 0; k < callees[i].size(); ++k)
                out << (k ? "," : "") << callees[i][k];
            out << ']';
        }
        out << '}';
    }
}

// xsprof's own field, which other tools ignore (docs/FORMATS.md): the instruments' series,
// times relative to startTime as the time deltas are.
void writeInstruments(std::ostream& out, const InstrumentSeries& in, double start)
{
    auto strings = [&](const std::vector<std::string>& list) {
        out << '[';
        for (size_t i = 0; i < list.size(); ++i) {
            out << (i ? "," : "");
            writeString(out, list[i]);
        }
        out << ']';
    };
    out << ",\n\"xsprofInstruments\":{\"names\":";
    strings(in.names);
    out << ",\"units\":";
    strings(in.units);
    out << ",\"times\":[";
    for (size_t k = 0; k < in.times.size(); ++k) {
        out << (k ? "," : "");
        writeNumber(out, in.times[k] - start);
    }
    out << "],\"values\":[";
    for (size_t i = 0; i < in.values.size(); ++i) {
        out << (i ? ",\n[" : "\n[");
        for (size_t k = 0; k < in.values[i].size(); ++k)
            out << (k ? "," : "") << in.values[i][k];
        out << ']';
    }
    out << "]}";
}

} // namespace

void writeCpuProfile(const Profile& p, std::ostream& out)
{
    const bool graph = p.info.encoding == Encoding::Graph;
    out << "{\"nodes\":[";
    if (graph)
        writeGraphNodes(out, p);
    else
        writeTreeNodes(out, p);
    out << "],\n";

    const SampleTable& s = p.samples;
    const bool given = s.rule == DurationRule::Given;
    // Stated durations become until-next ones: each sample starts where the previous one
    // ended, from 0 (small numbers keep the sums exact), so the gaps charged to nothing close
    // up and every number stays the same.
    const double start = given ? 0.0 : p.info.startTime.value_or(s.size() ? s.time[0] : 0.0);
    std::vector<double> givenTimes;
    double givenEnd = start;
    if (given) {
        givenTimes.reserve(s.size());
        for (size_t i = 0; i < s.size(); ++i) {
            givenTimes.push_back(givenEnd);
            givenEnd += s.duration(i);
        }
    }
    const std::span<const double> times = given ? std::span<const double>(givenTimes) : s.time.span();
    out << "\"startTime\":";
    writeNumber(out, start);
    // Until-next profiles without an end time keep it absent, so the last sample gets the median again.
    if (given) {
        out << ",\"endTime\":";
        writeNumber(out, givenEnd);
    } else if (p.info.endTime && (p.info.durationRule == DurationRule::OwnDelta || p.info.lastSampleRule == LastSampleRule::EndTime)) {
        out << ",\"endTime\":";
        writeNumber(out, *p.info.endTime);
    }
    out << ",\n\"samples\":[";
    for (size_t i = 0; i < s.size(); ++i) {
        if (i)
            out << ',';
        if (graph)
            out << p.frames.xsId[p.leafFrame(i).value];
        else
            out << s.stack[i].value + 1;
    }
    out << "],\n\"timeDeltas\":[";
    double previous = start;
    for (size_t i = 0; i < s.size(); ++i) {
        if (i)
            out << ',';
        writeNumber(out, times[i] - previous);
        previous = times[i];
    }
    out << ']';
    if (!p.instruments.empty() && !given)
        writeInstruments(out, p.instruments, start);
    out << "}\n";
}

bool saveCpuProfile(const Profile& profile, const std::string& path, std::string* error)
{
    return saveFileAtomically(path, [&profile](std::ostream& out) { writeCpuProfile(profile, out); }, error);
}

} // namespace xsprof
