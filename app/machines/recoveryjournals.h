#pragma once
// The window's side of the crash-safety journals (model/xs/sessionjournal): the folder machines
// journal into, the sessions a killed or crashed run left there, and the bound on their size
// (oldest first). A journal is deleted once what it holds was saved or discarded.
//
// Journals belong to the instance writing them: each window holds a lock in the folder
// (instance-PID.lock, PID being the one in its journals' names) for as long as it runs, and
// another window never reads, offers or deletes the journals of a running instance. Those of
// an instance that died are adopted (renamed to the adopter's PID) before they are read, so a
// third window does not offer them again. What a window saved is noted beside its journal
// (NAME.xsj.saved), and a saved session is not offered again after a crash.
#include "model/profile.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QLockFile;

class RecoveryJournals
{
public:
    // Default bound on the folder (Preferences: recovery/maxBytes).
    static constexpr qint64 defaultMaxBytes = qint64(1) << 30;

    // Takes this instance's lock in `directory` (created when missing).
    explicit RecoveryJournals(QString directory);
    ~RecoveryJournals();
    const QString& directory() const { return m_directory; }

    struct Recovered {
        QString path;    // the journal (adopted: renamed to this instance)
        QString machine; // as it logged in
        std::vector<std::shared_ptr<xsprof::Profile>> sessions; // those with samples not saved
        std::vector<int> sessionNumbers; // each one's index among the journal's sessions
    };
    // Reads every journal left in the folder by instances no longer running (call before any
    // machine connects). Journals with nothing unsaved are deleted; one that cannot be read is
    // kept and named in `errors`.
    std::vector<Recovered> recoverAll(QStringList* errors) const;
    // Deletes the oldest journals of no running instance but this one until the folder holds
    // at most `maxBytes` (`keep` is spared).
    void enforceLimit(qint64 maxBytes, const QString& keep = QString()) const;
    // Whether `journal` is written by another instance that is still running.
    bool belongsToAnotherInstance(const QString& journal) const;
    // Notes that `samples` samples of session `session` of `journal` were saved.
    static void markSaved(const QString& journal, int session, size_t samples);
    static void remove(const QString& journal); // and its note of what was saved

private:
    QString m_directory;
    std::unique_ptr<QLockFile> m_lock;
};
