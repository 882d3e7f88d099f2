#pragma once
// The user's preferences, typed, over QSettings, with one signal per group so the parts
// that use them react at once (hotspot's Settings idea, without a singleton).
#include "views/document/pathmappings.h"

#include <QObject>

class QSettings;

class Preferences : public QObject
{
    Q_OBJECT
public:
    // `settings` must outlive this object.
    explicit Preferences(QSettings* settings, QObject* parent = nullptr);

    quint16 port() const;
    bool acceptOtherDevices() const;
    bool profileOnStart() const;
    PathMappings pathMappings() const;
    int consoleLines() const; // lines each console keeps
    // "Open source in": empty for the built-in pane, else an editor command template
    // (EditorLauncher), read each time a source is opened.
    QString openSourceCommand() const;
    // Preferences › Source maps: a folder of .map files for bundled code ("" for none).
    QString sourceMapFolder() const;
    // The XS compiler: the path set, else the one auto-detected (XscCompiler::autoDetect()).
    QString xscPath() const;
    QString xscPathSetting() const; // "" for auto-detect
    qint64 recoveryMaxBytes() const; // crash-safety journals kept at most (oldest go first)

    // Each setter stores the value and emits when it changed.
    void setListening(quint16 port, bool acceptOtherDevices);
    void setProfileOnStart(bool on);
    void setPathMappings(const PathMappings& mappings);
    void setConsoleLines(int lines);
    void setRecoveryMaxBytes(qint64 bytes); // at least 1 MB
    void setOpenSourceCommand(const QString& command);
    void setSourceMapFolder(const QString& folder);
    void setXscPath(const QString& path); // "" for auto-detect

signals:
    void listeningChanged();
    void profileOnStartChanged(bool on);
    void pathMappingsChanged();
    void consoleLinesChanged(int lines);
    void xscPathChanged();
    void sourceMapFolderChanged(const QString& folder);

private:
    QSettings* m_settings;
};
