#pragma once
// One tab of the window, whatever it shows: a profile file (or a machine's session), a
// machine, a comparison, a collection, callers and callees, the debugger's Sources. The window
// and WindowTabs ask the tab (its title, whether it is unsaved, its profile, how it saves and
// closes), never what kind it is, as Qt Creator's editors answer through IDocument.
//
// The pages themselves stay as they are: those in views/ know nothing of app/ (the layering
// keeps views usable for files alone), so each kind is a small adapter beside its page:
// ProfileTab, CollectionTab, CallersTab and PlainTab here, MachineTab and LiveProfileTab in
// app/machines/ (they answer "unsaved" from the machines' UnsavedProfiles).
#include <QIcon>
#include <QString>

#include <functional>
#include <memory>

namespace xsprof {
struct Profile;
}
class ProfilePage;
class QDateTime;
class QWidget;

class DocumentTab
{
public:
    DocumentTab() = default;
    DocumentTab(const DocumentTab&) = delete;
    DocumentTab& operator=(const DocumentTab&) = delete;
    virtual ~DocumentTab();

    // The page in the window's tab widget.
    virtual QWidget* widget() const = 0;

    // What the tab is called: the plain label the window title, comparisons and file names
    // use ("xst", "Callers of fib — node_fib.cpuprofile"). A file's is made unique among the
    // open files by WindowTabs.
    virtual QString title() const = 0;
    // What the strip shows when it says more than the title ("xst (disconnected)").
    virtual QString text() const { return title(); }
    virtual QString toolTip() const { return title(); }
    virtual QIcon icon() const { return {}; }

    // The profile file shown (empty: none, as a live profile's), and which of its profiles
    // (-1: the file holds one). Files are opened again at the next start.
    virtual QString filePath() const { return {}; }
    virtual int profileIndex() const { return -1; }
    // The tab shows the file at `path` (of any spelling), its profile `profileIndex` (any: -1).
    virtual bool shows(const QString& path, int profileIndex) const;

    // The profile shown and its views; null when there is none (a comparison, a machine that
    // has sent no samples yet).
    virtual ProfilePage* profilePage() const { return nullptr; }

    // Save Profile As…: whether there is something to write, what is written (a machine's:
    // everything received so far, newer than its views), and that it was.
    virtual bool canSave() const { return profilePage() != nullptr; }
    virtual std::shared_ptr<const xsprof::Profile> profileToSave() const;
    virtual void saved(const xsprof::Profile& profile);
    // What Save Profile As… and Export suggest, without extension, for a tab labelled `label`.
    virtual QString suggestedFileName(const QString& label, const QDateTime& now) const;

    // A live profile not saved yet: the tab's mark, and a question before it is lost.
    virtual bool isUnsaved() const { return false; }
    // Asks before unsaved profiles are lost (`action` names it: "Close xst"), then `proceed`.
    virtual void confirmClose(const QString& action, std::function<void()> proceed);
    // The user closes the tab: true when it may go now; false when it asks more and its kind
    // removes it later (a connected machine), or keeps it (the user said no).
    virtual bool close() { return true; }
    // It leaves the window (closed, or removed by its kind).
    virtual void aboutToRemove() {}
};
