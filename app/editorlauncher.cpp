#include "editorlauncher.h"

#include <QCoreApplication>
#include <QProcess>

namespace EditorLauncher {

QList<Preset> presets()
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("EditorLauncher", text); };
    return {
        {tr("Built-in source pane"), QString()},
        {tr("Visual Studio Code"), QStringLiteral("code --goto {file}:{line}")},
        {tr("Sublime Text"), QStringLiteral("subl {file}:{line}")},
        {tr("Kate"), QStringLiteral("kate --line {line} {file}")},
        {tr("Qt Creator"), QStringLiteral("qtcreator -client {file}:{line}")},
        {tr("The desktop's default application"), QStringLiteral("xdg-open {file}")},
    };
}

QStringList commandLine(const QString& commandTemplate, const QString& file, int line, int column)
{
    // Split first (QProcess's rules: spaces separate, double quotes group), then substitute,
    // so that a file name never changes how the command splits.
    const QStringList parts = QProcess::splitCommand(commandTemplate);
    QStringList out;
    for (QString part : parts) {
        part.replace(QStringLiteral("{file}"), file);
        part.replace(QStringLiteral("{line}"), QString::number(std::max(line, 1)));
        part.replace(QStringLiteral("{column}"), QString::number(std::max(column, 1)));
        out << part;
    }
    return out;
}

bool open(const QString& commandTemplate, const QString& file, int line, QString* error)
{
    QStringList arguments = commandLine(commandTemplate, file, line);
    if (arguments.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate("EditorLauncher", "the editor command is empty");
        return false;
    }
    const QString program = arguments.takeFirst();
    if (!QProcess::startDetached(program, arguments)) {
        if (error)
            *error = QCoreApplication::translate("EditorLauncher", "cannot start %1").arg(program);
        return false;
    }
    return true;
}

} // namespace EditorLauncher
