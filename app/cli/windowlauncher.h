#pragma once
// `xsprof` without a command opens the window by replacing itself with the window executable
// installed beside it. The headless commands thus never map Qt Gui and Widgets: `report` starts
// faster and its peak memory holds the profile, not the GUI libraries.

namespace WindowLauncher {

// Replaces this process with the window executable beside it ("xsprof-window"), with the
// same arguments. Returns only on failure, with the exit status after printing why.
int replaceWithWindow(char* argv[]);

} // namespace WindowLauncher
