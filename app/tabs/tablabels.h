#pragma once
// What each tab of the window is called, kept with the tab (its tab data): the plain label
// the window title, comparisons and suggested file names use ("xst", "trace.json — profile 2
// of 3"), and the tab's text, which may add a state ("xst (disconnected)") and starts with a
// mark while the tab holds a live profile not saved yet, as editors mark unsaved files.
#include <QString>

class QTabWidget;

namespace TabLabels {

inline const QString unsavedMark = QStringLiteral("• ");

// `text` is what the tab shows when it is not just `label`; '&' is shown as it is.
void set(QTabWidget* tabs, int index, const QString& label, bool unsaved = false, const QString& text = {});
// Only the mark changes.
void setUnsaved(QTabWidget* tabs, int index, bool unsaved);
QString label(const QTabWidget* tabs, int index);
// What the tab shows, without the mark: "xst (disconnected)".
QString text(const QTabWidget* tabs, int index);
bool isMarkedUnsaved(const QTabWidget* tabs, int index);

} // namespace TabLabels
