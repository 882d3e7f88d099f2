#pragma once
// The binary frames of the serial link (xsbug-protocol.md Appendix A): commands written to a
// device's machine, replies read back, and what a reply's bytes mean. Pure functions.
#include <QByteArray>
#include <QString>

#include <optional>

namespace SerialBinary {

enum class Command : quint8 {
    Restart = 1,
    Uninstall = 2,
    InstallFragment = 3,
    SetPreference = 4,
    GetPreference = 6,
    SetBaud = 8,
    SetTime = 9,
    Load = 10,
    XsVersion = 11,
    PixelFormat = 12,
    AppSignature = 13,
    MacAddress = 14,
    InstallSpace = 15,
    ModInfo = 16,
    McuName = 17,
};

// `CR LF <?xs#ID?>`, the length, the command, the request id (0: no reply wanted, and then not
// written when `payload` is empty, as for Restart), the payload.
QByteArray command(quint32 machine, Command command, quint16 requestId, const QByteArray& payload = {});

struct Reply {
    quint16 requestId = 0;
    qint16 code = 0; // 0: success
    QByteArray data;
};
// A frame's payload (5, id, code, data); nullopt when it is not a reply.
std::optional<Reply> parseReply(const QByteArray& frame);

// What a failed reply's code means, in words.
QString codeText(qint16 code);
QString commandName(Command command);

// Reply data, decoded; an empty string when the data is too short.
QString xsVersion(const QByteArray& data);    // "16.4.0"
QString pixelFormat(const QByteArray& data);  // "RGB565LE, rotated 90°"
QString macAddress(const QByteArray& data);   // "24:0A:C4:12:34:56"
QString text(const QByteArray& data);         // signature, MCU name (NUL-terminated or not)
struct InstallSpace {
    quint32 bytes = 0;
    quint32 fragmentBytes = 512; // what the device takes at once (bounded to 4096)
};
std::optional<InstallSpace> installSpace(const QByteArray& data);

// A mod archive (.xsa): its header names its own size, "XS_A", then a 12-byte "VERS" atom.
// Empty when valid, else why not.
QString checkArchive(const QByteArray& archive);

} // namespace SerialBinary
