#include "protocol/serial/serialdevicetasks.h"

#include "protocol/serial/serialconnection.h"


using SerialBinary::Command;

namespace {

constexpr Command infoQuestions[] = {Command::McuName,      Command::MacAddress,  Command::XsVersion,
                                     Command::AppSignature, Command::PixelFormat, Command::InstallSpace};

QByteArray be32(qint64 value)
{
    QByteArray b(4, '\0');
    for (int i = 0; i < 4; ++i)
        b[i] = char((value >> (24 - 8 * i)) & 0xff);
    return b;
}

QString bytes(qint64 n)
{
    return QString::number(n) + QStringLiteral(" bytes");
}

} // namespace

DeviceInfoQuery::DeviceInfoQuery(SerialConnection* port, QObject* parent) : QObject(parent), m_port(port) {}

void DeviceInfoQuery::start()
{
    m_info = {};
    m_next = 0;
    askNext();
}

void DeviceInfoQuery::askNext()
{
    if (!m_port || m_next >= int(std::size(infoQuestions))) {
        emit finished(m_info);
        return;
    }
    const Command question = infoQuestions[m_next++];
    m_port->request(question, {}, [this, question](const SerialConnection::Result& result) {
        if (!result.ok) {
            m_info.problems << result.error;
        } else {
            const QByteArray& data = result.data;
            QString* field = nullptr;
            QString value;
            switch (question) {
            case Command::McuName: field = &m_info.mcu; value = SerialBinary::text(data); break;
            case Command::MacAddress: field = &m_info.macAddress; value = SerialBinary::macAddress(data); break;
            case Command::XsVersion: field = &m_info.xsVersion; value = SerialBinary::xsVersion(data); break;
            case Command::AppSignature: field = &m_info.appSignature; value = SerialBinary::text(data); break;
            case Command::PixelFormat: field = &m_info.pixelFormat; value = SerialBinary::pixelFormat(data); break;
            case Command::InstallSpace:
                m_info.installSpace = SerialBinary::installSpace(data);
                if (!m_info.installSpace)
                    m_info.problems << tr("install space: a reply of %1 bytes is too short").arg(data.size());
                break;
            default: break;
            }
            if (field) {
                *field = value;
                if (value.isEmpty() && question != Command::AppSignature)
                    m_info.problems << tr("%1: a reply of %2 bytes is too short")
                                           .arg(SerialBinary::commandName(question))
                                           .arg(data.size());
            }
        }
        // The next question after this reply is handled, not inside it.
        QMetaObject::invokeMethod(this, &DeviceInfoQuery::askNext, Qt::QueuedConnection);
    });
}

ModInstaller::ModInstaller(SerialConnection* port, QObject* parent) : QObject(parent), m_port(port) {}

bool ModInstaller::install(const QByteArray& archive, QString* error)
{
    if (m_busy) {
        *error = tr("another mod task is under way");
        return false;
    }
    if (const QString why = SerialBinary::checkArchive(archive); !why.isEmpty()) {
        *error = tr("not a mod archive: %1").arg(why);
        return false;
    }
    m_archive = archive;
    m_busy = true;
    m_cancelled = false;
    m_sent = 0;
    emit progress(0, m_archive.size());
    m_port->request(Command::InstallSpace, {}, [this](const SerialConnection::Result& result) {
        if (!result.ok)
            finish(false, tr("Install Mod: %1").arg(result.error));
        else
            onSpace(result.data);
    });
    return true;
}

void ModInstaller::onSpace(const QByteArray& data)
{
    const std::optional<SerialBinary::InstallSpace> space = SerialBinary::installSpace(data);
    if (!space) {
        finish(false, tr("Install Mod: the device's install space reply is too short"));
        return;
    }
    const qint64 size = m_archive.size();
    if (qint64(space->bytes) < size) {
        finish(false, tr("Install Mod: the mod needs %1, the device has room for %2").arg(bytes(size), bytes(space->bytes)));
        return;
    }
    m_pieces.clear();
    m_pieces << Piece{0, 4};
    for (qint64 at = 8; at < size; at += space->fragmentBytes)
        m_pieces << Piece{at, qMin<qint64>(space->fragmentBytes, size - at)};
    m_pieces << Piece{4, 4};
    m_next = 0;
    sendNext();
}

void ModInstaller::sendNext()
{
    if (!m_port) {
        finish(false, tr("Install Mod: the port was closed"));
        return;
    }
    if (m_cancelled) {
        finish(false, tr("Install Mod cancelled after %1 of %2: the mod on the device is incomplete and will not run "
                         "until it is installed again")
                          .arg(bytes(m_sent), bytes(m_archive.size())));
        return;
    }
    if (m_next >= m_pieces.size()) {
        finish(true, tr("Mod installed (%1); restarting the board.").arg(bytes(m_archive.size())));
        m_port->restart();
        return;
    }
    const Piece piece = m_pieces[m_next++];
    const QByteArray payload = be32(piece.offset) + m_archive.mid(piece.offset, piece.size);
    m_port->request(Command::InstallFragment, payload, [this, piece](const SerialConnection::Result& result) {
        if (!result.ok) {
            finish(false, tr("Install Mod failed at byte %1 of %2: %3")
                              .arg(piece.offset)
                              .arg(m_archive.size())
                              .arg(result.error));
            return;
        }
        m_sent += piece.size;
        emit progress(m_sent, m_archive.size());
        QMetaObject::invokeMethod(this, &ModInstaller::sendNext, Qt::QueuedConnection);
    });
}

void ModInstaller::uninstall()
{
    if (m_busy)
        return;
    m_busy = true;
    m_port->request(Command::Uninstall, {}, [this](const SerialConnection::Result& result) {
        if (!result.ok) {
            finish(false, tr("Uninstall Mod: %1").arg(result.error));
            return;
        }
        finish(true, tr("Mod uninstalled; restarting the board."));
        if (m_port)
            m_port->restart();
    });
}

void ModInstaller::cancel()
{
    if (m_busy)
        m_cancelled = true;
}

void ModInstaller::finish(bool ok, const QString& message)
{
    m_busy = false;
    m_archive.clear();
    emit finished(ok, message);
}
