#pragma once
// One machine of a serial port as a byte stream of its own, so that a MachineSession runs over
// it exactly as over a TCP socket: the port's demultiplexer delivers the machine's messages,
// and what the session writes goes back to the port with the machine's processing
// instruction before each command (`CR LF <` becomes `CR LF <?xs.ID?> CR LF <`, as the device
// and serial2xsbug expect). finish() is the end of the machine (`<?xs-ID?>`, a reboot, the
// port lost): readChannelFinished follows, as a socket's disconnection.
#include <QByteArray>
#include <QIODevice>

#include <functional>

class SerialMachineChannel : public QIODevice {
    Q_OBJECT

public:
    using Writer = std::function<void(const QByteArray& bytes)>;

    SerialMachineChannel(quint32 machine, Writer writer, QObject* parent = nullptr);

    quint32 machine() const { return m_machine; }
    // Bytes the machine sent (whole messages), for the session to read.
    void deliver(const QByteArray& bytes);
    void finish();

    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_input.size() - m_read + QIODevice::bytesAvailable(); }
    bool atEnd() const override { return m_finished && bytesAvailable() == 0; }
    // The session gave up on the machine: what is unread is dropped, nothing more is written.
    void close() override;

    // `CR LF <` → `CR LF <?xs.ID?> CR LF <` (a command written without its CR LF gets one).
    static QByteArray addressed(quint32 machine, QByteArrayView command);

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char* data, qint64 size) override;

private:
    quint32 m_machine;
    Writer m_writer;
    QByteArray m_input;
    qsizetype m_read = 0;
    bool m_finished = false;
};
