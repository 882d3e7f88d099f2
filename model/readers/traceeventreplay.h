#pragma once
// Duration events (B/E/X) of one thread of a trace-event file replayed into samples, as
// speedscope's importer does; the names and args they carry, numbered. Used by
// traceeventtracingreader.cpp.
#include "model/counted.h"
#include "model/ids.h"

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace xsprof {
class ProfileBuilder;
}

namespace xsprof::readers {

struct DurationEvent {
    double ts = 0;
    uint32_t name = 0; // interned (EventTexts)
    uint32_t args = 0; // the event's args, interned (0: none); name + args pair a B with its E

    bool sameKey(const DurationEvent& other) const { return args == other.args && name == other.name; }
};

// Where Hermes (React Native's profile-hermes) says an event's function is, in its args.
struct ArgsLocation {
    std::string url;
    int32_t line = 0, column = 0;
};

// Event names and args objects (minified JSON), each distinct one numbered, so that events
// are small, compare by integers and outlive the document piece they were read from.
class EventTexts {
public:
    EventTexts() : m_locations(1) {}

    uint32_t name(std::string_view text)
    {
        if (m_lastName.data() && text == m_lastName) // an end event names what its begin named
            return m_lastNameId;
        uint32_t id = uint32_t(m_names.size());
        if (const auto found = m_nameIds.find(text); found != m_nameIds.end())
            id = found->second;
        else
            m_nameIds.emplace(m_names.emplace_back(text), id);
        m_lastName = m_names[id];
        m_lastNameId = id;
        return id;
    }
    std::string_view nameText(uint32_t id) const { return m_names[id]; }

    // The number of an args object given as minified JSON; location() reads a new one's.
    template <typename Location>
    uint32_t args(std::string minified, const Location& location)
    {
        const auto [at, added] = m_argsIds.try_emplace(std::move(minified), uint32_t(m_locations.size()));
        if (added)
            m_locations.push_back(location());
        return at->second;
    }
    const ArgsLocation& location(uint32_t args) const { return m_locations[args]; }

private:
    std::deque<std::string> m_names; // stable: the map's keys view them
    std::unordered_map<std::string_view, uint32_t> m_nameIds;
    std::string_view m_lastName; // views m_names (null before the first): the last name looked up
    uint32_t m_lastNameId = 0;
    std::unordered_map<std::string, uint32_t> m_argsIds;
    std::vector<ArgsLocation> m_locations; // by args id; 0: no args
};

struct ThreadEvents {
    std::vector<DurationEvent> begins, ends; // X events add one of each
    std::vector<std::pair<DurationEvent, double>> completes; // X with its duration
};

// What was repaired, over the chosen thread.
struct Repairs {
    size_t endWithoutBegin = 0;
    size_t endNotMatching = 0;
    size_t endMatchedByName = 0;
    size_t leftOpen = 0;

    void describe(std::vector<std::string>& warnings) const
    {
        auto add = [&](size_t n, std::string_view one, std::string_view many) {
            if (n)
                warnings.push_back(counted(n, one, many));
        };
        add(endWithoutBegin, "end event with no open event was ignored", "end events with no open event were ignored");
        add(endNotMatching, "end event that did not match the innermost open event was ignored",
            "end events that did not match the innermost open event were ignored");
        add(endMatchedByName, "end event with other args than its begin event closed it by name",
            "end events with other args than their begin events closed them by name");
        add(leftOpen, "event still open at the end was closed at the last event",
            "events still open at the end were closed at the last event");
    }
};

// Replays one thread's B/E/X events (DESIGN.md, speedscope's tests): begins in time order
// (file order on ties), ends in time order, preferring on a tie the end that closes the
// innermost open event. Each interval with a non-empty stack is a sample. With a builder,
// samples are appended; without one they are only counted.
size_t replayThread(ThreadEvents& t, const EventTexts& texts, ProfileBuilder* builder, std::vector<StackId>* stacks,
                    std::vector<double>* times, std::vector<double>* durations, Repairs& repairs);

} // namespace xsprof::readers
