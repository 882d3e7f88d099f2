#pragma once
// The form version-2 crash-safety journals (model/xs/sessionjournal) wrote <ps> texts in; since
// version 3 the journal keeps the recorder's decoding instead (XsProfileRecorder's sample
// log), and this codec only reads old journals back (encode() remains as its exact inverse,
// which the tests use). XS sends each sample's whole stack ("delta,id,id,...", innermost
// first, samples separated by '.'); the compact form writes each sample as its delta, the ids
// that differ from the previous sample's, and "~N" for the N outermost ids it shares with it.
//
// Encoder and decoder each remember the previous sample across texts; both start afresh at
// reset() (the journal resets at every <pt> and login, so a record depends only on records
// before it). Texts holding '~' (never in valid XS output) are not encoded: the journal keeps
// them verbatim.
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

class JournalSampleCodec {
public:
    void reset();
    // Appends the compact form of `text` to `out`; false (nothing appended) when `text` holds '~'.
    bool encode(std::string_view text, std::string& out);
    // Appends the original text of `compact` to `out`; false when it is not a valid compact
    // form for the samples decoded so far (a corrupt record).
    bool decode(std::string_view compact, std::string& out);

private:
    void remember(const std::vector<std::string_view>& ids);

    std::string m_previous;             // the previous sample's ids, joined by ','
    bool m_previousHasIds = false;      // it had a comma after its delta
    std::vector<std::string_view> m_ids; // decoding: views into m_previous
    std::string m_scratchText;
};

} // namespace xsprof
