#include "app/cli/commandlinepaths.h"

#include <QFile>

#include <vector>

namespace CommandLinePaths {

namespace {
std::vector<std::string>& rawArguments()
{
    static std::vector<std::string> arguments;
    return arguments;
}
} // namespace

void setArguments(int argc, char** argv)
{
    rawArguments().assign(argv, argv + argc);
}

std::string native(const QString& argument)
{
    for (const std::string& raw : rawArguments()) {
        if (QString::fromLocal8Bit(raw.data(), qsizetype(raw.size())) == argument)
            return raw;
    }
    return QFile::encodeName(argument).toStdString();
}

} // namespace CommandLinePaths
