#pragma once
// Lenient tokenizer for one xsbug payload (xsbug-protocol.md §2.4): top-level elements with
// their attributes, and the raw text of content elements such as <log>, <ps> and <break>.
// Names inside attributes arrive unescaped (a&b"<c>), so a value ends only at a '"'
// followed by the end of the tag or by another attribute.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xsprof {

struct XsbugElement {
    std::string name;
    std::vector<std::pair<std::string, std::string>> attributes; // decoded
    std::string content;        // inner text (decoded for <log>, raw markup for others)
    bool hasContent = false;

    const std::string* attribute(std::string_view key) const;
};

struct XsbugParseStats {
    size_t tokenizerErrors = 0;
};

// Top-level elements of a payload; malformed pieces are skipped and counted.
std::vector<XsbugElement> parseXsbugPayload(std::string_view payload, XsbugParseStats* stats = nullptr);
// Decodes &#N; &#xH; &amp; &lt; &gt; &quot; &apos;; any other '&' stays. Invalid UTF-8 -> U+FFFD.
std::string decodeXsbugText(std::string_view text);
// Children elements inside a content (e.g. the <frame>s of <frames>).
std::vector<XsbugElement> parseXsbugChildren(std::string_view content, XsbugParseStats* stats = nullptr);

} // namespace xsprof
