#pragma once
// Which live profiles in the window's tabs are not saved yet, and the Save… / Discard / Cancel
// question before one is lost: closing its tab, closing its machine's tab, or quitting.
// A live profile is any session of a connected (or once connected) machine with samples, and
// any tab opened from one; it is saved by Save Profile As…. Loaded files are never unsaved.
#include "model/profile.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <map>
#include <memory>

class DebuggeePage;

class UnsavedProfiles : public QObject
{
    Q_OBJECT
public:
    struct Item {
        QPointer<QWidget> tab;
        QString machine;
        int session = 0; // 0-based
        bool recording = false;
        double duration = 0.0; // µs
        size_t samples = 0;
        std::function<std::shared_ptr<const xsprof::Profile>()> profile; // what Save… writes

        QString describe() const; // "machine — session 2 (recording): 1.25 s, 4096 samples"
        QString profileName() const; // "machine — session 2"
    };
    // Returns the path to save `profile` ("xst #2 — session 1") to ("" to cancel); the default
    // asks with a file dialog that names it.
    using PathChooser = std::function<QString(const QString& suggestedName, const QString& profile)>;
    // Writes a profile; false (having told the user) when it could not.
    using Writer = std::function<bool(const xsprof::Profile& profile, const QString& path)>;

    UnsavedProfiles(QWidget* window, Writer writer);

    void addMachine(DebuggeePage* machine);
    // A tab showing session `index` recovered from `journal` (a run that did not end well).
    void addRecoveredTab(QWidget* tab, const QString& machine, int index, const std::shared_ptr<const xsprof::Profile>& profile,
                         const QString& journal);
    // Deletes every journal still known (the window closes: all was saved or discarded).
    void releaseJournals();
    // A tab showing finished session `index` of `machine` (the machine may be gone later).
    void addSessionTab(QWidget* tab, DebuggeePage* machine, int index, const xsprof::Profile& profile);
    // `tab`'s profile was written (Save Profile As…): what it held is saved.
    void markSaved(QWidget* tab, const xsprof::Profile& saved);
    void forget(QWidget* tab);

    QList<Item> unsaved(QWidget* tab) const;
    bool isUnsaved(QWidget* tab) const { return !unsaved(tab).isEmpty(); }
    QList<Item> unsavedEverywhere() const;

    // When `items` is empty, calls `proceed` at once. Otherwise asks (window-modal, the event
    // loop keeps running), and calls `proceed` after Discard, or after Save… wrote every item.
    // `note` (optional) says what else the action does.
    void confirm(const QList<Item>& items, const QString& action, std::function<void()> proceed,
                 const QString& note = QString());
    // Closing `tab`: asks about what it holds unsaved, as confirm().
    void confirmClose(QWidget* tab, const QString& action, std::function<void()> proceed)
    {
        confirm(unsaved(tab), action, std::move(proceed));
    }
    QMessageBox* openPrompt() const { return m_prompt; }
    // For the window's closeEvent: true when it may close now; otherwise the question is up,
    // and `closeAgain` runs once the user discarded or saved everything.
    bool mayQuit(std::function<void()> closeAgain);

    void setPathChooser(PathChooser chooser) { m_chooser = std::move(chooser); }

signals:
    // What is unsaved may have changed (a tab came or went, something was saved).
    void changed();

private:
    struct SessionTab {
        int machineId = 0;
        Item item;
    };
    bool isSaved(int machineId, int index, size_t samples) const;
    // Deletes a machine's journal once nothing unsaved depends on it.
    void releaseJournalIfDone(int machineId);
    void noteSavedInJournal(int machineId, int session, size_t samples);
    bool saveAll(const QList<Item>& items);

    QWidget* m_window;
    Writer m_writer;
    PathChooser m_chooser;
    int m_nextMachineId = 1;
    std::map<QWidget*, int> m_machines; // machine tab -> id
    std::map<QWidget*, SessionTab> m_sessionTabs;
    std::map<int, std::map<int, size_t>> m_saved; // machine id -> session index -> samples saved
    std::map<int, QString> m_journals;            // machine id -> its crash-safety journal
    QPointer<QMessageBox> m_prompt;
    bool m_quitConfirmed = false;
};
