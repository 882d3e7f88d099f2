#include "protocol/serial/serialmachinechannel.h"

#include "protocol/serial/serialdemux.h"

#include <cstring>

SerialMachineChannel::SerialMachineChannel(quint32 machine, Writer writer, QObject* parent)
    : QIODevice(parent), m_machine(machine), m_writer(std::move(writer))
{
    open(QIODevice::ReadWrite | QIODevice::Unbuffered);
}

void SerialMachineChannel::deliver(const QByteArray& bytes)
{
    if (m_finished || bytes.isEmpty())
        return;
    if (m_read > 0 && m_read == m_input.size()) {
        m_input.clear();
        m_read = 0;
    }
    m_input.append(bytes);
    emit readyRead();
}

void SerialMachineChannel::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    emit readChannelFinished();
}

void SerialMachineChannel::close()
{
    m_input.clear();
    m_read = 0;
    m_finished = true;
    QIODevice::close();
}

qint64 SerialMachineChannel::readData(char* data, qint64 maxSize)
{
    const qint64 n = qMin<qint64>(maxSize, m_input.size() - m_read);
    if (n <= 0)
        return m_finished ? -1 : 0;
    std::memcpy(data, m_input.constData() + m_read, size_t(n));
    m_read += n;
    if (m_read == m_input.size()) {
        m_input.clear();
        m_read = 0;
    }
    return n;
}

qint64 SerialMachineChannel::writeData(const char* data, qint64 size)
{
    if (m_finished)
        return -1;
    if (m_writer)
        m_writer(addressed(m_machine, QByteArrayView(data, size)));
    return size;
}

QByteArray SerialMachineChannel::addressed(quint32 machine, QByteArrayView command)
{
    const QByteArray pi = SerialDemux::processingInstruction('.', machine);
    QByteArray out;
    out.reserve(command.size() + 2 * (pi.size() + 2));
    qsizetype from = 0;
    if (!command.startsWith("\r\n")) {
        out.append("\r\n").append(pi).append("\r\n");
    }
    for (qsizetype i = 2; i < command.size(); ++i) {
        if (command[i] == '<' && command[i - 1] == '\n' && command[i - 2] == '\r') {
            out.append(command.sliced(from, i - from - 2)).append("\r\n").append(pi).append("\r\n");
            from = i;
        }
    }
    out.append(command.sliced(from));
    return out;
}
