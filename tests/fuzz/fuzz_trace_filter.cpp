// libFuzzer target: the --where language of collections. An expression is accepted with SQL
// that SQLite prepares and runs against a collection, or refused with a message naming a
// character inside the input; values never reach the SQL text.
#include "model/collection/collectionstore.h"
#include "model/collection/tracefilter.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const auto store = std::make_unique<xsprof::collection::CollectionStore>(":memory:", true);
    const std::string_view expression(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto filter = xsprof::collection::parseTraceFilter(expression, &error);
    if (!filter) {
        const size_t at = error.rfind("at character ");
        if (at == std::string::npos)
            std::abort(); // every refusal says where
        const unsigned long character = std::strtoul(error.c_str() + at + 13, nullptr, 10);
        if (character < 1 || character > size + 1)
            std::abort();
        return 0;
    }
    if (filter->sql.find_first_of("'\"") != std::string::npos)
        std::abort(); // values and names are bound, so the SQL never quotes anything
    try {
        store->traces(filter->sql, filter->parameters); // prepares and runs: SQLite must accept it
    } catch (const xsprof::collection::SqliteError&) {
        std::abort();
    }
    return 0;
}
