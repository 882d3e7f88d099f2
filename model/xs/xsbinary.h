#pragma once
// Compiled XS expressions (.xsb, xsbug-protocol.md §4.3): the container xsc writes for
// `xsc expr.js -p -d -eval -e`, read and checked before its bytes go to a machine, whose
// own check is weak (a wrong ID size crashes it). Also the machine's side of the match:
// the version and ID size from its <login value="XS 17.9.1 64-bit LE 32-bit ID">.
//
// The ID size is not written anywhere in the file; it shows in the SYMB atom, which starts
// with the symbol count as one ID (2 or 4 bytes, host order) followed by count - 1
// NUL-terminated names (symbol 0 is "no symbol"). Only one width makes the atom's bytes add
// up exactly, so the width is read from the structure, not guessed from a size.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

struct XsbInfo {
    int major = 0;
    int minor = 0;
    int patch = 0;
    int idBits = 0; // 16 or 32
    std::size_t size = 0;
    std::size_t symbolCount = 0; // names in SYMB (without symbol 0)
    std::size_t codeSize = 0;
};

struct XsbReadResult {
    std::optional<XsbInfo> info;
    std::string error; // what is wrong and at which byte, when info is empty
};

// Validates the whole container: XS_B size equals the data size, then VERS (12 bytes),
// SYMB and CODE atoms in that order, each within bounds; a HOST atom may follow.
XsbReadResult readXsb(const std::vector<std::uint8_t>& bytes);

// Upper-case hex, two digits a byte (what <eval path>, conditions and traces carry).
std::string hexEncode(const std::vector<std::uint8_t>& bytes);

struct XsMachineVersion {
    int major = 0;
    int minor = 0;
    int patch = 0;
    int pointerBits = 0;
    int idBits = 0;
};

// "XS 17.9.1 64-bit LE 32-bit ID" -> 17, 9, 1, 64, 32; nullopt for anything else.
std::optional<XsMachineVersion> parseXsLoginVersion(std::string_view value);

// Empty when code from this compiler can run on this machine (major, minor and ID size
// equal); else one sentence saying why not, e.g. "xsc 17.7 with 16-bit IDs does not match
// this machine's XS 17.9 with 32-bit IDs".
std::string compatibilityProblem(const XsbInfo& compiled, const std::optional<XsMachineVersion>& machine);

} // namespace xsprof
