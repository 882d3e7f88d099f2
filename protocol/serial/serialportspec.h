#pragma once
// Which serial port, at which speed: "PORT[@BAUD]" as `xsprof listen --serial` takes it, where
// PORT is a device (/dev/ttyUSB0, COM3, ttyACM0) or a USB "VID:PID" as mcconfig passes it to
// serial2xsbug (e.g. 303a:1001), found among the ports present when connecting.
#include <QList>
#include <QString>

#include <optional>

struct SerialPortSpec {
    static constexpr qint32 defaultBaud = 921600;
    // The speeds offered; any other positive one is accepted too.
    static QList<qint32> commonBauds() { return {921600, 460800, 115200}; }

    QString port;      // as given (empty for VID:PID)
    quint16 vendorId = 0;
    quint16 productId = 0;
    bool byUsbId = false;
    qint32 baud = defaultBaud;

    // Nullopt, and `error` set, when `text` is not PORT[@BAUD].
    static std::optional<SerialPortSpec> parse(const QString& text, QString* error);
    // The port to open now: `port` itself, or the first present port with the USB ids; empty
    // (and `error` set) when no such port is present.
    QString resolve(QString* error) const;
    // "/dev/ttyUSB0 at 921600 baud" or "USB 303a:1001 at 921600 baud".
    QString describe() const;
};
