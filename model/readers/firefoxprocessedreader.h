#pragma once
// Firefox Profiler processed profiles (what profiler.firefox.com uploads and downloads):
// column tables per thread, or shared by all threads (version 60 on). The JavaScript view
// keeps functions with funcTable.isJS or relevantForJS, as for Gecko profiles.
#include "formatreader.h"
#include "model/json/jsonfields.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

bool looksLikeFirefoxProcessed(std::string_view head);
LoadResult readFirefoxProcessed(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control);

// A top level that is a processed profile (meta.preprocessedProfileVersion, or the first
// version's threads with a funcTable).
template <class V>
bool isFirefoxProcessed(const V& profile)
{
    const std::optional<V> meta = fieldIfAny(profile, "meta");
    if (meta && meta->kind() == JsonKind::Object && hasField(*meta, "preprocessedProfileVersion"))
        return true;
    const std::optional<V> threads = fieldIfAny(profile, "threads");
    if (!threads || threads->kind() != JsonKind::Array)
        return false;
    bool first = true, funcTable = false;
    threads->forEachElement([&](const V& t) {
        if (first && t.kind() == JsonKind::Object)
            funcTable = hasField(t, "funcTable");
        first = false;
    });
    return funcTable;
}

// "Firefox 63" from a Firefox profile's meta.product and meta.misc ("rv:63.0"); "Firefox"
// when it does not say.
template <class V>
std::string firefoxProduct(const V& profile)
{
    const std::optional<V> meta = fieldIfAny(profile, "meta");
    if (!meta || meta->kind() != JsonKind::Object)
        return "Firefox";
    std::string product(stringOr(*meta, "product", "Firefox"));
    std::string_view misc = stringOr(*meta, "misc", "");
    if (misc.starts_with("rv:")) {
        misc.remove_prefix(3);
        misc = misc.substr(0, misc.find('.'));
        if (!misc.empty())
            product += " " + std::string(misc);
    }
    return product;
}

// The entry of formatreaders.h.
extern const FormatReader firefoxProcessedFormat;

} // namespace xsprof::readers
