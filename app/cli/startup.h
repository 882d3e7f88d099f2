#pragma once
// What `xsprof` answers before any Qt application object exists, so that it works without a
// display: --help, --version, a mistyped command, and "no display" instead of Qt's abort.
#include <QStringList>

#include <optional>

namespace Startup {

// The exit status when the arguments need no window (help, version, usage error) or cannot
// have one (no display); nullopt when the window should open.
std::optional<int> answerWithoutWindow(const QStringList& arguments);

// Whether the platform Qt would pick can show a window: an explicit non-desktop platform
// (offscreen, vnc...) always can; xcb needs DISPLAY, wayland WAYLAND_DISPLAY. `why` says
// what is missing.
bool hasDisplay(const QStringList& arguments, QString* why = nullptr);

QString usageText();

// argv as strings, before any Qt application object exists.
QStringList argumentsOf(int argc, char* argv[]);

} // namespace Startup
