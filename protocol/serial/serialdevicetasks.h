#pragma once
// What a serial device is asked through binary requests (xsbug-protocol.md Appendix A):
// its description (DeviceInfoQuery), and installing or removing a mod (ModInstaller). Every
// reply is checked; every failure is said in words.
#include "protocol/serial/serialbinary.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

class SerialConnection;

struct SerialDeviceInfo {
    QString mcu;
    QString macAddress;
    QString xsVersion;
    QString appSignature;
    QString pixelFormat;
    std::optional<SerialBinary::InstallSpace> installSpace;
    QStringList problems; // the questions that failed, in words
};

// Asks MCU, MAC, XS version, app signature, pixel format and install space, one at a time.
class DeviceInfoQuery : public QObject {
    Q_OBJECT

public:
    explicit DeviceInfoQuery(SerialConnection* port, QObject* parent = nullptr);
    void start();

signals:
    void finished(const SerialDeviceInfo& info);

private:
    void askNext();

    QPointer<SerialConnection> m_port;
    SerialDeviceInfo m_info;
    int m_next = 0;
};

// Sends a mod archive (.xsa) in the fragments the device asks for, its first 4 bytes first and
// bytes 4..8 ("XS_A") last, so that a mod cut short never looks valid; then restarts the
// board. Uninstall erases it and restarts.
class ModInstaller : public QObject {
    Q_OBJECT

public:
    explicit ModInstaller(SerialConnection* port, QObject* parent = nullptr);

    // False (and `error`) when the archive is not one or another task runs.
    bool install(const QByteArray& archive, QString* error);
    void uninstall();
    void cancel(); // after the fragment under way
    bool isBusy() const { return m_busy; }

signals:
    void progress(qint64 sent, qint64 total);
    void finished(bool ok, const QString& message);

private:
    struct Piece {
        qint64 offset;
        qint64 size;
    };
    void onSpace(const QByteArray& data);
    void sendNext();
    void finish(bool ok, const QString& message);

    QPointer<SerialConnection> m_port;
    QByteArray m_archive;
    QList<Piece> m_pieces;
    int m_next = 0;
    qint64 m_sent = 0;
    bool m_busy = false;
    bool m_cancelled = false;
};
