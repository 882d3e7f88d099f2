#include "protocol/serial/serialportspec.h"

#include <QRegularExpression>
#include <QSerialPortInfo>

std::optional<SerialPortSpec> SerialPortSpec::parse(const QString& text, QString* error)
{
    SerialPortSpec spec;
    QString port = text.trimmed();
    const qsizetype at = port.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        bool ok = false;
        const int baud = port.mid(at + 1).toInt(&ok);
        if (!ok || baud <= 0) {
            *error = QStringLiteral("%1: the speed after @ must be a positive number of baud (e.g. @921600)").arg(text);
            return std::nullopt;
        }
        spec.baud = baud;
        port.truncate(at);
    }
    if (port.isEmpty()) {
        *error = QStringLiteral("%1: no port named (e.g. /dev/ttyUSB0, COM3 or 303a:1001)").arg(text);
        return std::nullopt;
    }
    static const QRegularExpression usbId(QStringLiteral("^([0-9A-Fa-f]{4}):([0-9A-Fa-f]{4})$"));
    if (const QRegularExpressionMatch m = usbId.match(port); m.hasMatch()) {
        spec.byUsbId = true;
        spec.vendorId = quint16(m.captured(1).toUInt(nullptr, 16));
        spec.productId = quint16(m.captured(2).toUInt(nullptr, 16));
    } else {
        spec.port = port;
    }
    return spec;
}

QString SerialPortSpec::resolve(QString* error) const
{
    if (!byUsbId)
        return port;
    for (const QSerialPortInfo& info : QSerialPortInfo::availablePorts()) {
        if (info.hasVendorIdentifier() && info.hasProductIdentifier() && info.vendorIdentifier() == vendorId &&
            info.productIdentifier() == productId)
            return info.systemLocation();
    }
    *error = QStringLiteral("no serial port of USB device %1 is present (is the board plugged in?)")
                 .arg(describe().section(QLatin1Char(' '), 1, 1));
    return {};
}

QString SerialPortSpec::describe() const
{
    const QString where = byUsbId ? QStringLiteral("USB %1:%2")
                                        .arg(vendorId, 4, 16, QLatin1Char('0'))
                                        .arg(productId, 4, 16, QLatin1Char('0'))
                                  : port;
    return QStringLiteral("%1 at %2 baud").arg(where).arg(baud);
}
