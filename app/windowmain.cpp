#include "guimain.h"
#include "app/cli/startup.h"

#include <QStringList>

#include <malloc.h>

// `xsprof-window`: the window. `xsprof` starts it for anything that is not a headless command;
// run directly, it answers --help, --version and "no display" the same way.
int main(int argc, char* argv[])
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024); // as in app/main.cpp: big tables in their own mappings
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (const std::optional<int> status = Startup::answerWithoutWindow(arguments))
        return *status;
    return runGui(argc, argv);
}
