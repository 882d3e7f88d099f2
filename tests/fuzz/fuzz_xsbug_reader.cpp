// libFuzzer target: the xsbug message reader and message decoding, with the input cut into
// reads of sizes chosen by the first byte (the reader must not care how bytes are split).
#include "protocol/xsbugmessagereader.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t chunk = 1 + data[0] % 64;
    const QByteArrayView bytes(data + 1, qsizetype(size - 1)); // libFuzzer's buffer: overreads are caught
    XsbugMessageReader split(1 << 20), whole(1 << 20);
    size_t splitMessages = 0;
    bool splitOk = true;
    for (qsizetype pos = 0; pos < bytes.size() && splitOk; pos += qsizetype(chunk)) {
        splitOk = split.feed(bytes.sliced(pos, qMin(qsizetype(chunk), bytes.size() - pos)));
        splitMessages += split.takeMessages().size();
    }
    const bool wholeOk = whole.feed(bytes);
    const size_t wholeMessages = whole.takeMessages().size();
    // Outside-message garbage is counted per feed, so only compare when both framed everything.
    if (splitOk && wholeOk && splitMessages != wholeMessages)
        std::abort();
    return 0;
}
