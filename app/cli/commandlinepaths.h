#pragma once
// File names as the shell gave them. Qt decodes argv as UTF-8, and a name that is not valid
// UTF-8 does not survive that (QFile::encodeName gives back other bytes): the headless
// commands open argv's own bytes, and use QFile::encodeName, as the window does, for names
// that are not on the command line as such.
#include <QString>

#include <string>

namespace CommandLinePaths {

// Keeps argv (call it once in main(), before parsing).
void setArguments(int argc, char** argv);
// The bytes to open for `argument`, one of QCoreApplication::arguments() or a value taken
// from one of them.
std::string native(const QString& argument);

} // namespace CommandLinePaths
