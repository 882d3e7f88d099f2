#pragma once
// What Qt's message boxes leave out: a box sized by its text can be narrower than its own
// title, which the window manager then cuts ("Close xst #3 (discon…").
class QMessageBox;

namespace MessageBoxes {

// Widens `box` so that its window title fits in its title bar. Call when its text and
// buttons are set, before it is shown.
void fitTitle(QMessageBox* box);

} // namespace MessageBoxes
