#include "filesignature.h"

#include <array>

namespace xsprof {

std::string describeNonProfile(std::string_view head)
{
    struct Signature {
        std::string_view magic;
        const char* what;
    };
    static constexpr std::array<Signature, 11> signatures{{
        {std::string_view("\x89PNG\r\n\x1a\n", 8), "a PNG image"},
        {std::string_view("\xff\xd8\xff", 3), "a JPEG image"},
        {"GIF87a", "a GIF image"},
        {"GIF89a", "a GIF image"},
        {"%PDF-", "a PDF document"},
        {std::string_view("PK\x03\x04", 4), "a ZIP archive"},
        {std::string_view("\x7f" "ELF", 4), "an executable (ELF)"},
        {std::string_view("BZh", 3), "a bzip2 archive"},
        {std::string_view("\xfd" "7zXZ", 5), "an xz archive"},
        {std::string_view("7z\xbc\xaf\x27\x1c", 6), "a 7-Zip archive"},
        {"SQLite format 3", "an SQLite database"},
    }};
    for (const Signature& s : signatures) {
        if (head.starts_with(s.magic))
            return s.what;
    }
    // WebP and WAV share the RIFF header.
    if (head.size() >= 12 && head.starts_with("RIFF") && head.substr(8, 4) == "WEBP")
        return "a WebP image";
    return {};
}

} // namespace xsprof
