#include "instrumentseries.h"

#include <algorithm>
#include <charconv>

namespace xsprof {

namespace {

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

} // namespace

void InstrumentSeries::declare(std::vector<std::string> declaredNames, std::vector<std::string> declaredUnits)
{
    declaredUnits.resize(declaredNames.size());
    names = std::move(declaredNames);
    units = std::move(declaredUnits);
    times.clear();
    values.assign(names.size(), {});
}

InstrumentSeries InstrumentSeries::share()
{
    InstrumentSeries view;
    view.names = names;
    view.units = units;
    view.times = times.share();
    view.values.reserve(values.size());
    for (SampleColumn<int64_t>& v : values)
        view.values.push_back(v.share());
    return view;
}

void InstrumentSeries::append(double time, const std::vector<int64_t>& sample)
{
    if (names.empty())
        return;
    times.push_back(time);
    values.resize(names.size());
    for (size_t i = 0; i < names.size(); ++i)
        values[i].push_back(i < sample.size() ? sample[i] : 0);
}

std::string InstrumentSeries::displayUnit(size_t i) const
{
    if (i >= units.size())
        return {};
    if (trimmed(units[i]) == "/" && i + 1 < units.size())
        return std::string(trimmed(units[i + 1]));
    return std::string(trimmed(units[i]));
}

InstrumentStats InstrumentSeries::stats(size_t i, double t0, double t1) const
{
    InstrumentStats s;
    if (i >= values.size())
        return s;
    const auto begin = std::lower_bound(times.begin(), times.end(), t0);
    const auto end = std::upper_bound(times.begin(), times.end(), t1);
    double sum = 0.0;
    for (auto t = begin; t < end; ++t) {
        const int64_t v = values[i][size_t(t - times.begin())];
        s.min = s.count ? std::min(s.min, v) : v;
        s.max = s.count ? std::max(s.max, v) : v;
        sum += double(v);
        ++s.count;
    }
    if (s.count)
        s.mean = sum / double(s.count);
    return s;
}

InstrumentStats InstrumentSeries::stats(size_t i) const
{
    if (times.empty())
        return {};
    return stats(i, times.front(), times.back());
}

std::optional<int64_t> InstrumentSeries::valueAt(size_t i, double t) const
{
    if (i >= values.size())
        return std::nullopt;
    const auto after = std::upper_bound(times.begin(), times.end(), t);
    if (after == times.begin())
        return std::nullopt;
    return values[i][size_t(after - times.begin()) - 1];
}

void InstrumentSeries::shiftTimes(double offset)
{
    for (double& t : times.mutableSpan())
        t += offset;
}

std::vector<int64_t> parseInstrumentSamples(std::string_view text)
{
    std::vector<int64_t> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string_view::npos)
            comma = text.size();
        const std::string_view field = trimmed(text.substr(start, comma - start));
        start = comma + 1;
        if (field.empty() && comma == text.size() && out.empty())
            break; // an empty text holds no values
        int64_t v = 0;
        const auto [at, error] = std::from_chars(field.data(), field.data() + field.size(), v);
        out.push_back(error == std::errc() && at == field.data() + field.size() ? v : 0);
    }
    return out;
}

} // namespace xsprof
