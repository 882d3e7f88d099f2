#pragma once
// QSettings keys of the window, in one place.
#include <QString>

namespace SettingsKeys {
// Bumped when a saved layout would no longer fit; older settings are then dropped.
inline constexpr int currentVersion = 1;
inline const QString version = QStringLiteral("settingsVersion");
inline const QString geometry = QStringLiteral("window/geometry");
inline const QString windowState = QStringLiteral("window/state");
inline const QString pageViewState = QStringLiteral("window/pageViewState");
inline const QString lastDirectory = QStringLiteral("files/lastDirectory"); // opened from
inline const QString lastSaveDirectory = QStringLiteral("files/lastSaveDirectory"); // saved or exported to
inline const QString recentFiles = QStringLiteral("files/recent");
inline const QString sessionFiles = QStringLiteral("session/files");
inline const QString sessionProfileIndexes = QStringLiteral("session/profileIndexes");
inline const QString sessionProfileCounts = QStringLiteral("session/profileCounts"); // profiles in each file
// Preferences (Preferences dialog, Debug menu).
inline const QString port = QStringLiteral("debug/port");
inline const QString acceptOtherDevices = QStringLiteral("debug/acceptOtherDevices");
inline const QString profileOnStart = QStringLiteral("debug/profileOnStart");
inline const QString pathMappings = QStringLiteral("source/pathMappings");
inline const QString consoleLines = QStringLiteral("debug/consoleLines");
inline const QString debuggerLayout = QStringLiteral("debug/panesLayout");
inline const QString openSourceCommand = QStringLiteral("source/openCommand");
inline const QString sourceMapFolder = QStringLiteral("source/mapFolder");
// The "Console (all machines)" dock: "auto" (hidden, a hint at the second machine), or what
// the user chose with View › Console ("shown", "hidden").
inline const QString consoleDockChoice = QStringLiteral("window/consoleDockChoice");
inline const QString xscPath = QStringLiteral("debug/xscPath"); // empty or absent: auto-detect
inline const QString lastMachineName = QStringLiteral("debug/lastMachineName");
inline const QString recoveryMaxBytes = QStringLiteral("recovery/maxBytes"); // journals of live profiles
} // namespace SettingsKeys
