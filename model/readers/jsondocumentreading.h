#pragma once
// How every JSON reader reads: simdjson first, nlohmann when asked or when simdjson cannot,
// their errors as the LoadResult of a failed load.
//
// Rules both parsers follow, so that they agree (tests/model/tst_malformed, the fuzzers):
// - a syntax error anywhere wins over a problem of meaning, and is named by nlohmann
//   ("JSON syntax error: ..." at "byte N");
// - a reader throws JsonMeaningError for the first problem of meaning it meets; readers
//   walk documents in a fixed order, the same for both parsers.
#include "model/json/jsonreading.h"
#include "model/loadresult.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// A syntax error at byte 0 says the file is empty or not JSON at all.
LoadResult jsonSyntaxFailure(const std::string& file, const JsonSyntaxError& error);
// The error's place, with the byte its JSON Pointer leads to in `bytes` (a valid document).
LoadResult jsonMeaningFailure(const std::string& file, std::string_view bytes, const JsonMeaningError& error);

// A failure of a format's reader named by the format ("speedscope file: ...").
LoadResult withFormatName(LoadResult failed, std::string_view format);

// Runs read(root) on the document, root being a SimdJsonValue or a ReferenceJsonValue
// (read must be generic and must start from a clean state: it may run twice). Returns an
// error or a cancellation as a LoadResult, nothing when read succeeded.
// `bytes` must be followed by jsonReadPadding readable bytes. With `pages` (a reader that
// reads `bytes` only here), the bytes of the pieces read are given back as they are parsed,
// and `bytes` must not be read after success. `keys` names the arrays of NamedArrays.
template <class Read>
std::optional<LoadResult> readJsonDocument(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                           const TaskControl* control, Read&& read, InputPages* pages = nullptr,
                                           JsonPieces pieces = JsonPieces::RootArrays,
                                           const std::vector<std::string_view>& keys = {})
{
    // Before the reference parser reads `bytes` whole: the pages given back come back.
    auto restored = [&] { return !pages || pages->restoreAll(); };
    const char* changed = "the file changed while it was being read; open it again when it is complete";
    try {
        if (!options.referenceJsonParser) {
            try {
                std::optional<SimdJsonDocument> document;
                if (pieces == JsonPieces::None)
                    document.emplace(bytes, control, std::vector<std::string_view>()); // no key: nothing cut
                else if (pieces == JsonPieces::NamedArrays)
                    document.emplace(bytes, control, keys);
                else
                    document.emplace(bytes, control, pages);
                read(document->root());
                document->checkUnreadPieces();
                return std::nullopt;
            } catch (const SimdJsonFailure&) {
                // Not read by simdjson: nlohmann names the error or reads the document.
                if (!restored())
                    return loadFailure(name, changed);
            } catch (const JsonMeaningError& meaning) {
                if (!restored())
                    return loadFailure(name, changed);
                if (auto syntax = referenceSyntaxError(bytes, control))
                    return jsonSyntaxFailure(name, *syntax);
                return jsonMeaningFailure(name, bytes, meaning);
            }
        }
        if (!restored()) // the reference parser reads `bytes` whole
            return loadFailure(name, changed);
        ReferenceJsonDocument document(bytes, control);
        read(document.root());
        return std::nullopt;
    } catch (const JsonSyntaxError& e) {
        return jsonSyntaxFailure(name, e);
    } catch (const JsonMeaningError& e) {
        return jsonMeaningFailure(name, bytes, e);
    } catch (const JsonReadCancelled&) {
        return loadCancelled(name);
    }
}

} // namespace xsprof
