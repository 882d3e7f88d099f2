#pragma once
// The window's tabs, one owner for all of them: it owns the QTabWidget and a DocumentTab per
// page, adds, finds, closes and removes tabs, keeps every tab's label, text, icon, tooltip and
// unsaved mark as its tab says (a file's label made unique among the open files), the tab
// viewed before the current one, and the view state a closed profile leaves for the next.
// Whoever makes a tab (the window for files and collections, MachineTabs for machines and
// their sessions, CompareTabs for comparisons and callers) hands it here; nobody else touches
// the tab widget's list.
#include "app/tabs/documenttab.h"

#include "views/document/profiledata.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <map>
#include <memory>

class NewTabMarker;
class ProfilePage;
class QSettings;
class QTabBar;
class QTabWidget;

class WindowTabs : public QObject
{
    Q_OBJECT
public:
    // Makes the tab of a profile page (a file's by default).
    using TabMaker = std::function<std::unique_ptr<DocumentTab>(ProfilePage* page)>;
    enum class Place {
        Front,  // made current
        Behind, // the tab in front stays (a machine never takes it unless it breaks)
    };

    // `settings` keeps the view state of profile pages (must outlive the tabs). The owner is
    // a child of its tab widget, which the window places: it lives as long as the pages.
    explicit WindowTabs(QSettings* settings);
    ~WindowTabs() override;

    // Where the window places the tabs: a plain QWidget, the tab list being this object's alone.
    QWidget* view() const;

    // Adds `tab`; returns its index.
    int add(std::unique_ptr<DocumentTab> tab, Place place = Place::Front);
    // A profile in a page of its own, in front: a file's (ProfileTab) unless `make` says
    // otherwise (a machine's session). profileOpening() lets the window attach its services
    // first; the status bar says what was opened.
    ProfilePage* openProfile(const ProfileDataPtr& data, const TabMaker& make = {});

    int count() const;
    DocumentTab* at(int index) const; // null out of range
    DocumentTab* current() const;
    DocumentTab* find(const QWidget* page) const;
    QWidget* currentWidget() const; // the page in front, null when none
    int indexOf(const QWidget* page) const;
    int currentIndex() const;
    void setCurrent(int index);
    void setCurrent(QWidget* page);
    // The tab of an open file (any of its profiles when `profileIndex` is -1), else -1.
    int indexOfFile(const QString& path, int profileIndex = -1) const;
    // The profile shown in tab `index`, null when it shows none.
    ProfilePage* page(int index) const;
    ProfilePage* currentPage() const;
    // The tab viewed before the current one (Compare With…'s base), null when none is left.
    QWidget* previousTab() const;

    // A file holding `count` profiles: its tabs say which one they show ("profile 2 of 3").
    void setProfileCount(const QString& path, int count);
    struct OpenFile {
        QString path;
        int profileIndex = -1;
        int profileCount = 0; // 0: one profile, or not known
    };
    // The files open, in tab order (what the next start opens again).
    QList<OpenFile> openFiles() const;

    // What tab `index` is called: its plain label, and the text it shows (without the mark).
    QString label(int index) const;
    QString text(int index) const;
    bool isMarkedUnsaved(int index) const;
    // What the strip shows: the text, its mark, '&' doubled.
    QString shownText(int index) const;
    QString toolTip(int index) const;
    // The tab strip (tests click it and look at its marks as a user does).
    QTabBar* tabBar() const;
    // What Save Profile As… and Export suggest for tab `index`, without extension.
    QString suggestedFileName(int index) const;
    // A tab's title, state, icon or unsaved state changed: its label, icon and tooltip follow.
    void refresh(const QWidget* page);
    // Every tab's label and mark follow (what is unsaved changed, a file came or went).
    void refreshAll();
    // Only the mark of `page`'s tab, cheap enough for every batch of samples: it comes when the
    // tab has become unsaved.
    void refreshMark(const QWidget* page);

    // The user closes tab `index`: asks before unsaved profiles are lost, then the tab closes
    // (a connected machine asks more and goes later, through its kind).
    void close(int index);
    // Removes `page`'s tab now (its kind decided), and deletes the page.
    void remove(QWidget* page);

    // A tab just added behind the front one (Place::Behind): scrolled into view in the strip and
    // marked until it has been in front, `note` in the status bar meanwhile (statusMessage,
    // then statusMessageWithdrawn).
    void markOpenedBehind(QWidget* page, const QString& note);
    bool isMarkedOpenedBehind(const QWidget* page) const;

    // Ctrl+Tab and friends: the tab `step` tabs away, its main view focused.
    void step(int step);
    // The keyboard goes to the view of the tab in front, not the strip.
    void focusCurrent();

signals:
    // Tabs came or went, or another is in front: the window's actions follow.
    void changed();
    // The label or mark of some tab changed: the window title follows the one in front.
    void labelsChanged();
    // A profile page is about to be shown: what every page gets (path mappings, sources…).
    void profileOpening(ProfilePage* page);
    // A tab was added: the window shows its tabs rather than the welcome text.
    void tabAdded();
    // The last tab left.
    void emptied();
    void statusMessage(const QString& text, int timeout);
    // A note shown without timeout no longer holds (a tab opened behind has been seen).
    void statusMessageWithdrawn(const QString& text);

private:
    enum class Look { Label, Whole };
    void apply(int index, const QStringList& filePaths, Look look);
    QStringList filePaths() const;
    void announceOpened(const ProfilePage* page, int index);

    QSettings* m_settings;
    QTabWidget* m_widget;
    NewTabMarker* m_newTabs; // tabs opened behind the front one
    std::map<const QWidget*, std::unique_ptr<DocumentTab>> m_tabs;
    QHash<QString, int> m_profileCounts; // path -> profiles in it, for files holding several
    QPointer<QWidget> m_shownTab, m_previousTab;
};
