#include "gzipinput.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>

namespace xsprof {

bool looksLikeGzip(std::string_view head)
{
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
}

namespace {

// One gzip member whose trailer's size (ISIZE) is believable, inflated by libdeflate straight
// into the reader's buffer: half the time of zlib, and no growing copy. Empty when the stream
// is another (several members, damaged, larger than its trailer says): zlib reads those, and
// names where a damaged one goes wrong.
std::optional<PaddedBytes> inflateWholeMember(std::string_view compressed)
{
    if (compressed.size() < 18)
        return std::nullopt;
    const auto* end = reinterpret_cast<const unsigned char*>(compressed.data() + compressed.size());
    const size_t size = size_t(end[-4]) | size_t(end[-3]) << 8 | size_t(end[-2]) << 16 | size_t(end[-1]) << 24;
    // DEFLATE expands 1032 times at most; above 1 GB, zlib's loop, which can be cancelled.
    if (size > compressed.size() * 1032 || size > (size_t(1) << 30))
        return std::nullopt;
    std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> inflater(
        libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
    if (!inflater)
        return std::nullopt;
    PaddedBytes out(size);
    size_t consumed = 0, written = 0;
    const libdeflate_result status = libdeflate_gzip_decompress_ex(inflater.get(), compressed.data(), compressed.size(),
                                                                   out.data(), size, &consumed, &written);
    if (status != LIBDEFLATE_SUCCESS || consumed != compressed.size() || written != size)
        return std::nullopt;
    return out;
}

} // namespace

GunzipResult gunzip(std::string_view compressed, const TaskControl* control)
{
    GunzipResult result;
    if (std::optional<PaddedBytes> whole = inflateWholeMember(compressed)) {
        result.bytes = std::move(whole);
        return result;
    }
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        result.problem = "cannot start zlib";
        return result;
    }
    std::string out;
    out.reserve(std::min<size_t>(compressed.size() * 4, size_t(1) << 30));
    char buffer[1 << 16];
    size_t consumed = 0;
    int status = Z_OK;
    while (true) {
        if (control && control->isCancelled()) {
            result.cancelled = true;
            break;
        }
        const size_t chunk = std::min<size_t>(compressed.size() - consumed, UINT_MAX / 2);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + consumed));
        z.avail_in = static_cast<uInt>(chunk);
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        consumed += chunk - z.avail_in;
        out.append(buffer, sizeof buffer - z.avail_out);
        if (status == Z_STREAM_END) {
            if (consumed == compressed.size())
                break;
            if (!looksLikeGzip(compressed.substr(consumed))) {
                result.problem = "not a gzip stream after the end of the compressed data";
                result.where = "compressed byte " + std::to_string(consumed);
                break;
            }
            inflateReset(&z); // the next member
            continue;
        }
        if (status == Z_BUF_ERROR && consumed == compressed.size()) {
            result.problem = "the gzip stream is cut short";
            result.where = "compressed byte " + std::to_string(consumed);
            break;
        }
        if (status != Z_OK && status != Z_BUF_ERROR) {
            result.problem = std::string("not a valid gzip stream (zlib: ") + (z.msg ? z.msg : "error") + ")";
            result.where = "compressed byte " + std::to_string(consumed);
            break;
        }
    }
    inflateEnd(&z);
    if (result.problem.empty() && !result.cancelled)
        result.bytes.emplace(std::string_view(out));
    return result;
}

} // namespace xsprof
