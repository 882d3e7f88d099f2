#include "gzipinput.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace xsprof {

bool looksLikeGzip(std::string_view head)
{
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
}

GunzipResult gunzip(std::string_view compressed, const TaskControl* control)
{
    GunzipResult result;
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
