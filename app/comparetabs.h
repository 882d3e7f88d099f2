#pragma once
// Opens analysis tabs made from the profiles of other tabs: File › Compare With… (two
// profile tabs side by side in a comparison tab; also a file dropped with Shift, and two
// sessions of a machine) and View › Callers and Callees.
#include "model/ids.h"

#include <QString>

class ComparisonOpener;
class DebuggeePage;
class CallersCalleesPage;
class QWidget;
class WindowTabs;

namespace CompareTabs {

// The tabs compared are `tabs`', where the comparison tab opens too; `window` parents the dialogs.

// Asks which other profile tab, or which file, is the base for the current one (the new),
// the tab viewed last suggested; opens the comparison tab.
void showCompareDialog(WindowTabs* tabs, QWidget* window);
// A comparison tab of two tabs' profiles (after their transforms), opened once the worker has
// matched them (the opener's opened() signal); null when either tab shows no profile.
ComparisonOpener* openComparison(WindowTabs* tabs, int baseTab, int newTab);
// A comparison of a tab's profile with the file at `path`, read and matched off the GUI
// thread: a file dropped on the tab with Shift is the new side, one chosen in Compare With…
// the base.
enum class FileSide { Base, New };
ComparisonOpener* compareWithFile(WindowTabs* tabs, int tab, const QString& path, FileSide side = FileSide::New);
// Two finished sessions of a machine; the dialog picks them (Sessions › Compare Sessions…).
ComparisonOpener* compareSessions(WindowTabs* tabs, DebuggeePage* machine, int baseSession, int newSession);
void showCompareSessionsDialog(WindowTabs* tabs, QWidget* window, DebuggeePage* machine);
// A Callers / Callees tab for a tab's profile (after its transforms, which it follows and
// offers in its context menus), with `select` selected, by default the function selected in
// that tab's view in front; the tab already open for that function comes forward instead.
// Null when the tab shows no profile.
CallersCalleesPage* openCallersCallees(WindowTabs* tabs, int tab, xsprof::FrameId select = {});

} // namespace CompareTabs
