#pragma once
// The one decoder of the XS instrument profiler's messages (xsbug-protocol.md §6), shared by
// recorded transcripts (xsbugtranscriptloader) and live machines (protocol/), so both record
// the same profile from the same bytes. The rules follow the oracle
// (../shared/tools/profile_oracle.py, sessions_from_transcript):
//  - <pt name="start|stop|suspend|resume" value="@HEX">: anything else is malformed;
//  - <pr value="DECIMAL" name path line>: no decimal value, or a line that is present but not
//    decimal, is malformed and ignored; a missing name is "" (the views show it as is);
//  - <ps>: the text, decoded sample by sample by XsProfileRecorder::onProfileSamples.
#include "model/xs/xsbugelement.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace xsprof {

struct XsProfileTime {
    std::string kind;  // start, stop, suspend, resume
    std::string value; // "@HEX"
};

struct XsProfileRecord {
    int64_t id = 0;
    std::string name;
    std::string path;
    int32_t line = 0; // 1-based, 0 when absent
};

struct XsProfileSamples {
    std::string text; // base-36 batch (moved, never copied)
};

// <instruments> and <samples> (xsbug-protocol.md §7): the recorder keeps them on the profile.
struct XsInstrumentDeclaration {
    std::vector<std::string> names;
    std::vector<std::string> units;
};

struct XsInstrumentSamples {
    std::vector<int64_t> values;
};

using XsProfileMessage = std::variant<XsProfileTime, XsProfileRecord, XsProfileSamples>;

// Decodes <instruments> or <samples> (names and units unescaped); false for other elements.
bool decodeXsInstrumentMessage(const XsbugElement& e, std::variant<XsInstrumentDeclaration, XsInstrumentSamples>& out);

// Whether T is one of XsProfileMessage's kinds (to pick them out of a wider variant).
template <typename T>
inline constexpr bool isXsProfileMessage =
    std::is_same_v<T, XsProfileTime> || std::is_same_v<T, XsProfileRecord> || std::is_same_v<T, XsProfileSamples>;

enum class XsProfileDecode {
    NotProfile, // not <pt>, <pr> or <ps>
    Decoded,
    Malformed, // a profiler element the engine would never send: ignored, counted
};

// Decodes a <pt>, <pr> or <ps> element into `out` (its content is moved out of `e`).
XsProfileDecode decodeXsProfileMessage(XsbugElement& e, XsProfileMessage& out);

} // namespace xsprof
