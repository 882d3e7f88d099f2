#include "recoveryjournals.h"

#include "model/sessionjournal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

std::vector<RecoveryJournals::Recovered> RecoveryJournals::recoverAll(QStringList* errors) const
{
    std::vector<Recovered> found;
    const QFileInfoList journals =
        QDir(m_directory).entryInfoList({QStringLiteral("*.xsj")}, QDir::Files, QDir::Name); // oldest first
    for (const QFileInfo& info : journals) {
        xsprof::SessionJournal::Recovered r =
            xsprof::SessionJournal::recover(QFile::encodeName(info.absoluteFilePath()).toStdString());
        if (!r.error.empty()) {
            if (errors)
                *errors << QString::fromStdString(r.error);
            continue;
        }
        Recovered recovered;
        recovered.path = info.absoluteFilePath();
        recovered.machine = QString::fromStdString(r.machine);
        for (xsprof::Profile& p : r.sessions) {
            if (p.samples.size() > 0)
                recovered.sessions.push_back(std::make_shared<xsprof::Profile>(std::move(p)));
        }
        if (recovered.sessions.empty())
            remove(recovered.path); // nothing to lose
        else
            found.push_back(std::move(recovered));
    }
    return found;
}

void RecoveryJournals::enforceLimit(qint64 maxBytes, const QString& keep) const
{
    QFileInfoList journals = QDir(m_directory).entryInfoList({QStringLiteral("*.xsj")}, QDir::Files, QDir::Name);
    qint64 total = 0;
    for (const QFileInfo& info : journals)
        total += info.size();
    for (const QFileInfo& info : journals) {
        if (total <= maxBytes)
            break;
        if (info.absoluteFilePath() == keep)
            continue;
        total -= info.size();
        remove(info.absoluteFilePath());
    }
}

void RecoveryJournals::remove(const QString& journal)
{
    if (!journal.isEmpty())
        QFile::remove(journal);
}
