#pragma once
// The window's side of the crash-safety journals (model/sessionjournal): the folder machines
// journal into, the sessions a killed or crashed run left there, and the bound on their size
// (oldest first). A journal is deleted once what it holds was saved or discarded.
#include "model/profile.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class RecoveryJournals
{
public:
    // Default bound on the folder (Preferences: recovery/maxBytes).
    static constexpr qint64 defaultMaxBytes = qint64(1) << 30;

    explicit RecoveryJournals(QString directory) : m_directory(std::move(directory)) {}
    const QString& directory() const { return m_directory; }

    struct Recovered {
        QString path;    // the journal
        QString machine; // as it logged in
        std::vector<std::shared_ptr<xsprof::Profile>> sessions; // those with samples
    };
    // Reads every journal left in the folder (call before any machine connects). Journals
    // without samples are deleted; one that cannot be read is kept and named in `errors`.
    std::vector<Recovered> recoverAll(QStringList* errors) const;
    // Deletes the oldest journals until the folder holds at most `maxBytes` (`keep` is spared).
    void enforceLimit(qint64 maxBytes, const QString& keep = QString()) const;
    static void remove(const QString& journal);

private:
    QString m_directory;
};
