#pragma once
// What every reader of model/readers/ shares: a simdjson document, typed access that turns
// a wrong type or a missing field into a JsonMeaningError naming where, cancellation, the
// choice of one profile among several, and the LoadResult for an error.
#include "model/filename.h"
#include "model/json/jsonvalue.h"
#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

namespace xsprof::readers {

// Malformed input is thrown as JsonMeaningError (model/json/jsonvalue.h), its `where` a
// JSON path such as "threads[2].samples.data[17]"; cancellation as JsonReadCancelled: the
// exceptions of every reader, whichever way it walks its document.
using JsonElement = simdjson::dom::element;
using JsonObject = simdjson::dom::object;
using JsonArray = simdjson::dom::array;

// Parses the whole input; a syntax error throws JsonMeaningError with its byte position.
class JsonDocument {
public:
    JsonElement parse(std::string_view bytes);

private:
    simdjson::dom::parser m_parser;
};

// Typed access; `where` names the value in the error.
JsonObject asObject(JsonElement e, const std::string& where);
JsonArray asArray(JsonElement e, const std::string& where);
double asNumber(JsonElement e, const std::string& where);
int64_t asInteger(JsonElement e, const std::string& where);
std::string_view asString(JsonElement e, const std::string& where);
// The field, or a null element when absent (check with isNull / isPresent).
bool hasField(JsonObject o, std::string_view key);
JsonElement field(JsonObject o, std::string_view key, const std::string& where); // required
std::string_view stringOr(JsonObject o, std::string_view key, std::string_view fallback);
double numberOr(JsonObject o, std::string_view key, double fallback);
bool isNull(JsonElement e);
std::string describeType(JsonElement e);

// A line or column as the model keeps it: 1-based, 0 when unknown or out of range.
int32_t oneBased(double value);

// "Firefox 63" from a Firefox profile's meta.product and meta.misc ("rv:63.0"); "Firefox"
// when it does not say.
std::string firefoxProduct(JsonObject profile);

// Throws Cancelled when the user asked to stop; reports progress (0..1) now and then.
void checkCancel(const TaskControl* control, double fraction);

// The profile to build among `list`: `requested` (>= 0, --profile K) or the one with the
// largest weight (the first of equals). Throws JsonMeaningError when `requested` is out of range.
size_t chooseProfile(const std::vector<ProfileSummary>& list, const std::vector<size_t>& weight, int requested);

// Runs a reader body and turns JsonMeaningError / JsonReadCancelled / simdjson errors into a LoadResult.
template <typename Body>
LoadResult guardedRead(const std::string& file, std::string_view format, const Body& body);

LoadResult formatFailure(const std::string& file, std::string_view format, const std::string& problem,
                         const std::string& where);

template <typename Body>
LoadResult guardedRead(const std::string& file, std::string_view format, const Body& body)
{
    try {
        return body();
    } catch (const JsonMeaningError& e) {
        return formatFailure(file, format, e.problem, e.where);
    } catch (const JsonReadCancelled&) {
        return loadCancelled(file);
    } catch (const simdjson::simdjson_error& e) {
        return formatFailure(file, format, e.what(), {});
    }
}

} // namespace xsprof::readers
