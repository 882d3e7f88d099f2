#include "model/xs/xsbinary.h"

#include <algorithm>
#include <charconv>

namespace xsprof {

namespace {

std::uint32_t bigEndian32(const std::uint8_t* p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]);
}

std::string at(std::size_t offset)
{
    return " at byte " + std::to_string(offset);
}

struct Atom {
    std::size_t offset = 0; // of its header
    std::size_t size = 0;   // header included
    std::string type;
};

// The atom at `offset`; an error when its header or its size does not fit in `end`.
bool readAtom(const std::vector<std::uint8_t>& bytes, std::size_t offset, std::size_t end, Atom& atom, std::string& error)
{
    if (offset + 8 > end) {
        error = "truncated atom header" + at(offset);
        return false;
    }
    atom.offset = offset;
    atom.size = bigEndian32(&bytes[offset]);
    atom.type.assign(reinterpret_cast<const char*>(&bytes[offset + 4]), 4);
    if (atom.size < 8 || atom.size > end - offset) {
        error = "atom " + atom.type + " of " + std::to_string(atom.size) + " bytes does not fit" + at(offset);
        return false;
    }
    return true;
}

bool expectAtom(const std::vector<std::uint8_t>& bytes, std::size_t offset, std::size_t end, const char* type,
                Atom& atom, std::string& error)
{
    if (!readAtom(bytes, offset, end, atom, error))
        return false;
    if (atom.type != type) {
        std::string shown;
        for (char c : atom.type)
            shown += (c >= 0x20 && c < 0x7f) ? c : '?';
        error = std::string("expected atom ") + type + ", found \"" + shown + "\"" + at(offset);
        return false;
    }
    return true;
}

// The number of names when the symbol table holds a count of `width` bytes (host order,
// little or big endian) followed by exactly count - 1 NUL-terminated names; else nullopt.
std::optional<std::size_t> symbolsWithIdWidth(const std::uint8_t* p, std::size_t size, int width, bool bigEndian)
{
    if (size < std::size_t(width))
        return std::nullopt;
    std::uint32_t count = 0;
    for (int i = 0; i < width; ++i)
        count |= std::uint32_t(p[bigEndian ? width - 1 - i : i]) << (8 * i);
    if (count == 0)
        return std::nullopt; // symbol 0 always counts
    std::size_t names = 0;
    std::size_t i = std::size_t(width);
    while (i < size) {
        const std::size_t start = i;
        while (i < size && p[i] != 0)
            ++i;
        if (i == size || i == start)
            return std::nullopt; // unterminated or empty name
        ++i;
        ++names;
    }
    if (names != count - 1)
        return std::nullopt;
    return names;
}

} // namespace

XsbReadResult readXsb(const std::vector<std::uint8_t>& bytes)
{
    XsbReadResult result;
    std::string& error = result.error;
    Atom file;
    if (bytes.size() < 8) {
        error = "file of " + std::to_string(bytes.size()) + " bytes is too short for an XS_B header";
        return result;
    }
    // The whole file's size first: a truncated file is the likely damage.
    if (!expectAtom(bytes, 0, std::max<std::size_t>(bytes.size(), bigEndian32(bytes.data())), "XS_B", file, error))
        return result;
    if (file.size != bytes.size()) {
        error = "XS_B says " + std::to_string(file.size) + " bytes, the file has " + std::to_string(bytes.size());
        return result;
    }
    const std::size_t end = bytes.size();
    Atom vers, symb, code;
    if (!expectAtom(bytes, 8, end, "VERS", vers, error))
        return result;
    if (vers.size != 12) {
        error = "VERS atom of " + std::to_string(vers.size) + " bytes, expected 12" + at(vers.offset);
        return result;
    }
    if (!expectAtom(bytes, vers.offset + vers.size, end, "SYMB", symb, error))
        return result;
    if (!expectAtom(bytes, symb.offset + symb.size, end, "CODE", code, error))
        return result;
    std::size_t next = code.offset + code.size;
    if (next < end) {
        Atom host;
        if (!expectAtom(bytes, next, end, "HOST", host, error))
            return result;
        next += host.size;
        if (next != end) {
            error = std::to_string(end - next) + " unexpected bytes after the HOST atom" + at(next);
            return result;
        }
    }
    if (code.size == 8) {
        error = "empty CODE atom" + at(code.offset);
        return result;
    }

    XsbInfo info;
    info.major = bytes[vers.offset + 8];
    info.minor = bytes[vers.offset + 9];
    info.patch = bytes[vers.offset + 10];
    info.size = bytes.size();
    info.codeSize = code.size - 8;
    const std::uint8_t* symbols = &bytes[symb.offset + 8];
    const std::size_t symbolsSize = symb.size - 8;
    int widthsThatFit = 0;
    for (int width : {2, 4}) {
        for (bool big : {false, true}) {
            if (auto names = symbolsWithIdWidth(symbols, symbolsSize, width, big)) {
                if (info.idBits != width * 8)
                    ++widthsThatFit;
                info.idBits = width * 8;
                info.symbolCount = *names;
                break;
            }
        }
    }
    if (widthsThatFit != 1) {
        error = widthsThatFit == 0 ? "the SYMB atom is neither a 16-bit nor a 32-bit ID table" + at(symb.offset)
                                   : "the SYMB atom reads as both 16-bit and 32-bit IDs" + at(symb.offset);
        return result;
    }
    result.info = info;
    return result;
}

std::string hexEncode(const std::vector<std::uint8_t>& bytes)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (std::uint8_t b : bytes) {
        hex += digits[b >> 4];
        hex += digits[b & 15];
    }
    return hex;
}

std::optional<XsMachineVersion> parseXsLoginVersion(std::string_view value)
{
    // Six words: XS M.m.p N-bit BE|LE M-bit ID
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < value.size()) {
        while (i < value.size() && value[i] == ' ')
            ++i;
        const std::size_t start = i;
        while (i < value.size() && value[i] != ' ')
            ++i;
        if (i > start)
            words.push_back(value.substr(start, i - start));
    }
    if (words.size() < 6 || words[0] != "XS" || words[5] != "ID")
        return std::nullopt;
    auto number = [](std::string_view text, int& out) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
        return ec == std::errc() && end == text.data() + text.size();
    };
    auto bits = [&number](std::string_view word, int& out) {
        return word.size() > 4 && word.substr(word.size() - 4) == "-bit" && number(word.substr(0, word.size() - 4), out);
    };
    XsMachineVersion v;
    const std::string_view version = words[1];
    const std::size_t dot1 = version.find('.');
    const std::size_t dot2 = dot1 == std::string_view::npos ? dot1 : version.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos || !number(version.substr(0, dot1), v.major) ||
        !number(version.substr(dot1 + 1, dot2 - dot1 - 1), v.minor) || !number(version.substr(dot2 + 1), v.patch))
        return std::nullopt;
    if (!bits(words[2], v.pointerBits) || (words[3] != "LE" && words[3] != "BE") || !bits(words[4], v.idBits))
        return std::nullopt;
    return v;
}

std::string compatibilityProblem(const XsbInfo& compiled, const std::optional<XsMachineVersion>& machine)
{
    const std::string ours = "xsc " + std::to_string(compiled.major) + "." + std::to_string(compiled.minor) + " with " +
                             std::to_string(compiled.idBits) + "-bit IDs";
    if (!machine)
        return ours + " cannot be checked against this machine, whose login gave no XS version";
    if (compiled.major == machine->major && compiled.minor == machine->minor && compiled.idBits == machine->idBits)
        return {};
    return ours + " does not match this machine's XS " + std::to_string(machine->major) + "." +
           std::to_string(machine->minor) + " with " + std::to_string(machine->idBits) + "-bit IDs";
}

} // namespace xsprof
