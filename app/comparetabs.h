#pragma once
// Opens analysis tabs made from the profiles of other tabs: File › Compare With… (two
// profile tabs side by side in a comparison tab) and View › Callers and Callees.
#include "model/ids.h"

class ComparisonPage;
class CallersCalleesPage;
class MainWindow;

namespace CompareTabs {

// Asks which other profile tab is the base for the current one (the new); opens the tab.
void showCompareDialog(MainWindow* window);
// A comparison tab of two tabs' profiles; null when either tab shows no profile.
ComparisonPage* openComparison(MainWindow* window, int baseTab, int newTab);
// A Callers / Callees tab for a tab's profile (after its transforms, which it follows and
// offers in its context menus), with `select` selected if valid; null when it shows none.
CallersCalleesPage* openCallersCallees(MainWindow* window, int tab, xsprof::FrameId select = {});

} // namespace CompareTabs
