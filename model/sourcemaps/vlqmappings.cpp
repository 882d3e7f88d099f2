#include "vlqmappings.h"

#include <algorithm>

namespace xsprof::sourcemaps {

namespace {

int base64Value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

bool addChecked(int32_t& field, int32_t delta)
{
    const int64_t sum = int64_t(field) + delta;
    if (sum < INT32_MIN || sum > INT32_MAX)
        return false;
    field = int32_t(sum);
    return true;
}

} // namespace

bool decodeVlq(std::string_view text, size_t& pos, int32_t& value)
{
    uint64_t result = 0;
    int shift = 0;
    while (true) {
        if (pos >= text.size())
            return false; // cut short: the continuation bit promised more
        const int digit = base64Value(text[pos]);
        if (digit < 0)
            return false; // `pos` stays on the bad character
        ++pos;
        result |= uint64_t(digit & 31) << shift;
        if (result > 0xffffffffull)
            return false;
        if (!(digit & 32))
            break;
        shift += 5;
        if (shift > 30)
            return false;
    }
    const int64_t magnitude = int64_t(result >> 1);
    const int64_t signedValue = (result & 1) ? -magnitude : magnitude;
    if (signedValue < INT32_MIN || signedValue > INT32_MAX)
        return false;
    value = int32_t(signedValue);
    return true;
}

DecodedMappings decodeMappings(std::string_view text)
{
    DecodedMappings out;
    out.lines.emplace_back();
    MappingSegment previous; // source, lines, columns and names carry over between segments
    previous.source = 0;
    previous.name = 0;
    int32_t column = 0;
    size_t pos = 0;
    auto fail = [&](const char* what) {
        out.error = what;
        out.errorOffset = pos;
        return out;
    };
    while (pos < text.size()) {
        const char c = text[pos];
        if (c == ';') {
            out.lines.emplace_back();
            column = 0;
            ++pos;
            continue;
        }
        if (c == ',') {
            ++pos;
            continue;
        }
        int32_t fields[5];
        int count = 0;
        while (pos < text.size() && text[pos] != ',' && text[pos] != ';') {
            if (count == 5)
                return fail("a segment has more than 5 fields");
            if (!decodeVlq(text, pos, fields[count]))
                return fail("bad base64 VLQ number");
            ++count;
        }
        if (count != 1 && count != 4 && count != 5)
            return fail("a segment has neither 1, 4 nor 5 fields");
        MappingSegment s;
        if (!addChecked(column, fields[0]) || column < 0)
            return fail("the generated column is out of range");
        s.generatedColumn = column;
        if (count >= 4) {
            if (!addChecked(previous.source, fields[1]) || !addChecked(previous.originalLine, fields[2]) ||
                !addChecked(previous.originalColumn, fields[3]))
                return fail("a field is out of range");
            if (previous.source < 0 || previous.originalLine < 0 || previous.originalColumn < 0)
                return fail("a source, line or column is negative");
            s.source = previous.source;
            s.originalLine = previous.originalLine;
            s.originalColumn = previous.originalColumn;
        }
        if (count == 5) {
            if (!addChecked(previous.name, fields[4]) || previous.name < 0)
                return fail("a name index is out of range");
            s.name = previous.name;
        }
        out.lines.back().push_back(s);
    }
    // Writers emit segments in column order; sort the few that do not (stable: ties keep order).
    for (auto& line : out.lines) {
        if (!std::is_sorted(line.begin(), line.end(), [](const auto& a, const auto& b) { return a.generatedColumn < b.generatedColumn; }))
            std::stable_sort(line.begin(), line.end(),
                             [](const auto& a, const auto& b) { return a.generatedColumn < b.generatedColumn; });
    }
    return out;
}

} // namespace xsprof::sourcemaps
