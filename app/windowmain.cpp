#include "guimain.h"
#include "app/cli/startup.h"
#include "model/heappolicy.h"

// `xsprof-window`: the window. `xsprof` starts it for anything that is not a headless command;
// run directly, it answers --help, --version and "no display" the same way.
int main(int argc, char* argv[])
{
    xsprof::HeapPolicy::reuseFreedTables();
    if (const std::optional<int> status = Startup::answerWithoutWindow(Startup::argumentsOf(argc, argv)))
        return *status;
    return runGui(argc, argv);
}
