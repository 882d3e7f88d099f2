#include "protocol/serial/serialbinary.h"

#include "protocol/serial/serialdemux.h"

#include <QStringList>

namespace SerialBinary {

namespace {

quint32 be32(const QByteArray& data, qsizetype at)
{
    return (quint32(quint8(data[at])) << 24) | (quint32(quint8(data[at + 1])) << 16) |
           (quint32(quint8(data[at + 2])) << 8) | quint32(quint8(data[at + 3]));
}

} // namespace

QByteArray command(quint32 machine, Command command, quint16 requestId, const QByteArray& payload)
{
    QByteArray body;
    body.append(char(command));
    if (requestId != 0 || !payload.isEmpty()) {
        body.append(char(requestId >> 8));
        body.append(char(requestId & 0xff));
    }
    body.append(payload);
    QByteArray frame = QByteArrayLiteral("\r\n") + SerialDemux::processingInstruction('#', machine);
    frame.append(char((body.size() >> 8) & 0xff));
    frame.append(char(body.size() & 0xff));
    return frame + body;
}

std::optional<Reply> parseReply(const QByteArray& frame)
{
    if (frame.size() < 5 || quint8(frame[0]) != 5)
        return std::nullopt;
    Reply reply;
    reply.requestId = quint16((quint8(frame[1]) << 8) | quint8(frame[2]));
    reply.code = qint16(quint16((quint8(frame[3]) << 8) | quint8(frame[4])));
    reply.data = frame.mid(5);
    return reply;
}

QString codeText(qint16 code)
{
    switch (code) {
    case 0: return QStringLiteral("done");
    case -2: return QStringLiteral("the device could not erase the mod (flash write failed)");
    case -3: return QStringLiteral("the device could not write the mod to flash (no mod partition, or out of room)");
    case -4: return QStringLiteral("the device does not give out preferences named \"password\"");
    case -5: return QStringLiteral("the device could not store the preference");
    case -6: return QStringLiteral("the device has no such preference");
    case -7: return QStringLiteral("the device does not know this command");
    case -8: return QStringLiteral("the device does not know this command (its firmware was built without mods)");
    default: return QStringLiteral("the device answered with error %1").arg(code);
    }
}

QString commandName(Command command)
{
    switch (command) {
    case Command::Restart: return QStringLiteral("restart");
    case Command::Uninstall: return QStringLiteral("uninstall mod");
    case Command::InstallFragment: return QStringLiteral("install mod");
    case Command::SetPreference: return QStringLiteral("set preference");
    case Command::GetPreference: return QStringLiteral("get preference");
    case Command::SetBaud: return QStringLiteral("set speed");
    case Command::SetTime: return QStringLiteral("set time");
    case Command::Load: return QStringLiteral("load module");
    case Command::XsVersion: return QStringLiteral("XS version");
    case Command::PixelFormat: return QStringLiteral("pixel format");
    case Command::AppSignature: return QStringLiteral("app signature");
    case Command::MacAddress: return QStringLiteral("MAC address");
    case Command::InstallSpace: return QStringLiteral("install space");
    case Command::ModInfo: return QStringLiteral("mod info");
    case Command::McuName: return QStringLiteral("MCU name");
    }
    return QStringLiteral("command %1").arg(int(command));
}

QString xsVersion(const QByteArray& data)
{
    if (data.size() < 3)
        return {};
    return QStringLiteral("%1.%2.%3").arg(quint8(data[0])).arg(quint8(data[1])).arg(quint8(data[2]));
}

QString pixelFormat(const QByteArray& data)
{
    if (data.size() < 2)
        return {};
    static const char* const names[] = {nullptr,    "default", nullptr,   "monochrome", "gray16",   "gray256", "RGB332",
                                        "RGB565LE", "RGB565BE", "24RGB",  "32RGBA",     "CLUT16",   "ARGB4444", "RGB444",
                                        "BGRA32",   "JPEG",    "PNG",     "CLUT256",    "CLUT32",   "ColorCell"};
    const int code = quint8(data[0]);
    const QString name = code < int(std::size(names)) && names[code] ? QString::fromLatin1(names[code])
                                                                     : QStringLiteral("format %1").arg(code);
    const int rotation = quint8(data[1]) * 90;
    return rotation == 0 ? name : QStringLiteral("%1, rotated %2°").arg(name).arg(rotation);
}

QString macAddress(const QByteArray& data)
{
    if (data.size() < 6)
        return {};
    QStringList parts;
    for (int i = 0; i < 6; ++i)
        parts << QStringLiteral("%1").arg(quint8(data[i]), 2, 16, QLatin1Char('0')).toUpper();
    return parts.join(QLatin1Char(':'));
}

QString text(const QByteArray& data)
{
    const qsizetype nul = data.indexOf('\0');
    return QString::fromUtf8(nul < 0 ? data : data.left(nul));
}

std::optional<InstallSpace> installSpace(const QByteArray& data)
{
    if (data.size() < 4)
        return std::nullopt;
    InstallSpace space;
    space.bytes = be32(data, 0);
    if (data.size() >= 8)
        space.fragmentBytes = qBound(quint32(16), be32(data, 4), quint32(4096));
    return space;
}

QString checkArchive(const QByteArray& archive)
{
    if (archive.size() < 16)
        return QStringLiteral("it is %1 bytes long, too short for a mod archive").arg(archive.size());
    if (archive.mid(4, 4) != "XS_A" || be32(archive, 8) != 12 || archive.mid(12, 4) != "VERS")
        return QStringLiteral("it does not begin as a mod archive (.xsa) does");
    if (be32(archive, 0) != quint32(archive.size()))
        return QStringLiteral("its header says %1 bytes but it has %2 (cut short?)").arg(be32(archive, 0)).arg(archive.size());
    return {};
}

} // namespace SerialBinary
