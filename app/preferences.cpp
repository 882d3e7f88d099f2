#include "preferences.h"

#include "settingskeys.h"

#include "protocol/debugserver.h"
#include "protocol/xsccompiler.h"

#include <QSettings>

Preferences::Preferences(QSettings* settings, QObject* parent) : QObject(parent), m_settings(settings) {}

quint16 Preferences::port() const
{
    // 0 (any free port) is kept: tests and scripted setups use it.
    const int port = m_settings->value(SettingsKeys::port, DebugServer::defaultPort).toInt();
    return port >= 0 && port <= 65535 ? quint16(port) : DebugServer::defaultPort;
}

bool Preferences::acceptOtherDevices() const
{
    return m_settings->value(SettingsKeys::acceptOtherDevices, false).toBool();
}

bool Preferences::profileOnStart() const
{
    return m_settings->value(SettingsKeys::profileOnStart, false).toBool();
}

void Preferences::setListening(quint16 port, bool acceptOtherDevices)
{
    if (port == this->port() && acceptOtherDevices == this->acceptOtherDevices())
        return;
    m_settings->setValue(SettingsKeys::port, port);
    m_settings->setValue(SettingsKeys::acceptOtherDevices, acceptOtherDevices);
    emit listeningChanged();
}

void Preferences::setProfileOnStart(bool on)
{
    if (on == profileOnStart())
        return;
    m_settings->setValue(SettingsKeys::profileOnStart, on);
    emit profileOnStartChanged(on);
}

PathMappings Preferences::pathMappings() const
{
    return PathMappings::fromText(m_settings->value(SettingsKeys::pathMappings).toString());
}

void Preferences::setPathMappings(const PathMappings& mappings)
{
    if (mappings.toText() == pathMappings().toText())
        return;
    m_settings->setValue(SettingsKeys::pathMappings, mappings.toText());
    emit pathMappingsChanged();
}

qint64 Preferences::recoveryMaxBytes() const
{
    return qMax(qint64(1) << 20, m_settings->value(SettingsKeys::recoveryMaxBytes, qint64(1) << 30).toLongLong());
}

void Preferences::setRecoveryMaxBytes(qint64 bytes)
{
    m_settings->setValue(SettingsKeys::recoveryMaxBytes, qMax(qint64(1) << 20, bytes));
}

int Preferences::consoleLines() const
{
    return qBound(100, m_settings->value(SettingsKeys::consoleLines, 10000).toInt(), 10000000);
}

void Preferences::setConsoleLines(int lines)
{
    if (lines == consoleLines())
        return;
    m_settings->setValue(SettingsKeys::consoleLines, lines);
    emit consoleLinesChanged(consoleLines());
}

QString Preferences::openSourceCommand() const
{
    return m_settings->value(SettingsKeys::openSourceCommand).toString().trimmed();
}

void Preferences::setOpenSourceCommand(const QString& command)
{
    m_settings->setValue(SettingsKeys::openSourceCommand, command.trimmed());
}

QString Preferences::sourceMapFolder() const
{
    return m_settings->value(SettingsKeys::sourceMapFolder).toString();
}

void Preferences::setSourceMapFolder(const QString& folder)
{
    if (folder == sourceMapFolder())
        return;
    m_settings->setValue(SettingsKeys::sourceMapFolder, folder);
    emit sourceMapFolderChanged(folder);
}

QString Preferences::xscPathSetting() const
{
    return m_settings->value(SettingsKeys::xscPath).toString();
}

QString Preferences::xscPath() const
{
    const QString set = xscPathSetting();
    return set.isEmpty() ? XscCompiler::autoDetect() : set;
}

void Preferences::setXscPath(const QString& path)
{
    if (path.trimmed() == xscPathSetting())
        return;
    m_settings->setValue(SettingsKeys::xscPath, path.trimmed());
    emit xscPathChanged();
}
