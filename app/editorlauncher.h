#pragma once
// "Open source in": the built-in source pane (an empty command) or the user's editor, from a
// command template such as `code --goto {file}:{line}`, `subl {file}:{line}` or
// `xdg-open {file}`. {file}, {line} and {column} are replaced per argument, so a path with
// spaces stays one argument; the program starts detached.
#include <QString>
#include <QStringList>

namespace EditorLauncher {

struct Preset {
    QString label;
    QString command;
};
// Built-in pane first (empty command), then common editors.
QList<Preset> presets();

// The program and its arguments; empty when the template is blank or unbalanced in quotes.
QStringList commandLine(const QString& commandTemplate, const QString& file, int line, int column = 0);

// Starts the editor; false with `error` set when the template is unusable or the program
// cannot be started.
bool open(const QString& commandTemplate, const QString& file, int line, QString* error = nullptr);

} // namespace EditorLauncher
