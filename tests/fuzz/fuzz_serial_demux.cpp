// libFuzzer target: the serial demultiplexer (<?xs.ID?> machines, binary frames, device log),
// with the input cut into reads of sizes chosen by the first byte. However the bytes are cut,
// every machine gets the same messages, in whole (each parses on its own), the same binary
// frames come out, and the buffer stays bounded.
#include "protocol/serial/serialdemux.h"
#include "protocol/serial/serialbinary.h"

#include <QHash>

#include <cstdint>
#include <cstdlib>

namespace {

struct Output {
    QHash<quint32, QByteArray> machines;
    QList<QByteArray> frames;
    void take(const std::vector<SerialDemux::Event>& events)
    {
        for (const auto& e : events) {
            if (e.kind == SerialDemux::Event::Kind::Message) {
                if (!e.bytes.startsWith("\r\n<xsbug>") || !e.bytes.endsWith("</xsbug>\r\n"))
                    std::abort(); // a machine only ever gets whole messages
                machines[e.machine] += e.bytes;
            } else if (e.kind == SerialDemux::Event::Kind::BinaryFrame) {
                frames << e.bytes;
                (void)SerialBinary::parseReply(e.bytes);
            }
        }
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t chunk = 1 + data[0] % 64;
    const QByteArrayView bytes(data + 1, qsizetype(size - 1)); // libFuzzer's buffer: overreads are caught
    constexpr qsizetype maxMessage = 2048;
    SerialDemux split(maxMessage), whole(maxMessage);
    Output splitOut, wholeOut;
    for (qsizetype pos = 0; pos < bytes.size(); pos += qsizetype(chunk)) {
        splitOut.take(split.feed(bytes.sliced(pos, qMin(qsizetype(chunk), bytes.size() - pos))));
        if (split.bufferedBytes() > 2 * maxMessage + 8192)
            std::abort();
    }
    splitOut.take(split.flushIdle());
    wholeOut.take(whole.feed(bytes));
    wholeOut.take(whole.flushIdle());
    if (splitOut.machines != wholeOut.machines || splitOut.frames != wholeOut.frames)
        std::abort();
    return 0;
}
