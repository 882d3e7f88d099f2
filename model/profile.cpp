#include "profile.h"

#include <algorithm>

namespace xsprof {

std::string_view toString(FrameKind kind)
{
    switch (kind) {
    case FrameKind::Js: return "js";
    case FrameKind::Native: return "native";
    case FrameKind::Gc: return "gc";
    case FrameKind::Host: return "host";
    case FrameKind::Idle: return "idle";
    case FrameKind::Program: return "program";
    case FrameKind::Root: return "root";
    }
    return "js";
}

std::string_view toString(Encoding encoding)
{
    switch (encoding) {
    case Encoding::Tree: return "tree";
    case Encoding::Graph: return "graph";
    case Encoding::Stacks: return "stacks";
    }
    return "tree";
}

std::string_view toString(DurationRule rule)
{
    switch (rule) {
    case DurationRule::UntilNext: return "until-next";
    case DurationRule::OwnDelta: return "own-delta";
    case DurationRule::Given: return "given";
    }
    return "until-next";
}

std::string_view toString(LastSampleRule rule)
{
    switch (rule) {
    case LastSampleRule::None: return "none";
    case LastSampleRule::EndTime: return "endTime";
    case LastSampleRule::Median: return "median";
    }
    return "none";
}

std::string_view toString(Measure measure)
{
    switch (measure) {
    case Measure::Time: return "time";
    case Measure::Bytes: return "bytes";
    case Measure::Count: return "count";
    }
    return "time";
}

std::string_view measureKeySuffix(Measure measure)
{
    return measure == Measure::Time ? "us" : toString(measure);
}

FrameKind classifyFrame(std::string_view name, std::string_view url, int32_t line)
{
    if (name == "(garbage collector)" || name == "(gc)")
        return FrameKind::Gc;
    if (name == "(idle)")
        return FrameKind::Idle;
    if (name == "(program)")
        return FrameKind::Program;
    if (name == "(root)")
        return FrameKind::Root;
    if (name == "(host)")
        return FrameKind::Host;
    if (url.empty() && line <= 0)
        return FrameKind::Native;
    return FrameKind::Js;
}

SampleTable SampleTable::share()
{
    SampleTable view;
    view.stack = stack.share();
    view.time = time.share();
    view.rule = rule;
    view.origin = origin;
    view.lastDuration = lastDuration;
    view.given = given;
    view.timesAscending = timesAscending;
    return view;
}

Profile Profile::snapshot()
{
    // Every table but the samples and instruments copied as a copy would (whatever members
    // come), those two shared.
    SampleTable shared = samples.share();
    SampleTable mine = std::move(samples);
    samples = SampleTable();
    InstrumentSeries sharedInstruments = instruments.share(); // they grow every second too
    InstrumentSeries myInstruments = std::move(instruments);
    instruments = InstrumentSeries();
    Profile copy = *this;
    samples = std::move(mine);
    instruments = std::move(myInstruments);
    copy.samples = std::move(shared);
    copy.instruments = std::move(sharedInstruments);
    return copy;
}

double Profile::duration() const
{
    double sum = 0.0;
    for (size_t i = 0; i < samples.size(); ++i)
        sum += samples.duration(i);
    return sum;
}

std::string Profile::location(FrameId f) const
{
    std::string_view url = frameUrl(f);
    if (url.empty()) { // code from eval or new Function has a line but no file
        const int32_t line = frames.line[f.value];
        if (line <= 0)
            return {};
        if (const int32_t script = scriptIdOf(f); script > 0)
            return "script " + std::to_string(script) + ":" + std::to_string(line);
        return "(eval) " + std::to_string(line);
    }
    if (auto slash = url.find_last_of('/'); slash != std::string_view::npos && slash + 1 < url.size())
        url = url.substr(slash + 1);
    std::string text(url);
    if (const int line = frames.line[f.value]; line > 0)
        text += " (" + std::to_string(line) + ")";
    return text;
}

bool Profile::compareKeys(FrameId a, FrameId b) const
{
    if (identifiesByXsId())
        return frames.xsId[a.value] < frames.xsId[b.value];
    // std::string_view compares bytes as unsigned char: UTF-8 byte order = code point order.
    if (const auto c = frameName(a).compare(frameName(b)); c != 0)
        return c < 0;
    if (const auto c = frameUrl(a).compare(frameUrl(b)); c != 0)
        return c < 0;
    if (frames.line[a.value] != frames.line[b.value])
        return frames.line[a.value] < frames.line[b.value];
    return frames.column[a.value] < frames.column[b.value];
}

} // namespace xsprof

namespace xsprof {

void Profile::computeKeyRanks()
{
    std::vector<FrameId> order(frames.size());
    for (uint32_t f = 0; f < order.size(); ++f)
        order[f] = FrameId(f);
    std::sort(order.begin(), order.end(), [this](FrameId a, FrameId b) { return compareKeys(a, b); });
    keyRank.assign(frames.size(), 0);
    for (uint32_t r = 0; r < order.size(); ++r)
        keyRank[order[r].value] = r;
}

} // namespace xsprof
