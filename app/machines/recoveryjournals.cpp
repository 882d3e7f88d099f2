#include "recoveryjournals.h"

#include "model/xs/sessionjournal.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QTextStream>

#include <map>

namespace {

QString lockPath(const QString& directory, qint64 pid)
{
    return QDir(directory).filePath(QStringLiteral("instance-%1.lock").arg(pid));
}

// The PID in a journal's name (DATE-TIME-MS-PID-N.xsj, protocol/machinesession), or 0.
qint64 writerOf(const QString& journal)
{
    const QStringList parts = QFileInfo(journal).completeBaseName().split(QLatin1Char('-'));
    return parts.size() == 5 ? parts[3].toLongLong() : 0;
}

QString savedNotePath(const QString& journal)
{
    return journal + QStringLiteral(".saved");
}

// Session index -> samples saved, from the note beside a journal.
std::map<int, size_t> savedSessions(const QString& journal)
{
    std::map<int, size_t> saved;
    QFile note(savedNotePath(journal));
    if (!note.open(QIODevice::ReadOnly | QIODevice::Text))
        return saved;
    const QList<QByteArray> lines = note.readAll().split('\n');
    for (const QByteArray& line : lines) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        bool sessionOk = false, samplesOk = false;
        const int session = fields.value(0).toInt(&sessionOk);
        const qulonglong samples = fields.value(1).toULongLong(&samplesOk);
        if (fields.size() == 2 && sessionOk && samplesOk)
            saved[session] = std::max(saved[session], size_t(samples));
    }
    return saved;
}

// Renames a dead instance's journal (and its note) to this instance's PID: ours from now on.
QString adopt(const QString& journal)
{
    QStringList parts = QFileInfo(journal).completeBaseName().split(QLatin1Char('-'));
    if (parts.size() != 5)
        return journal; // not named by a window: nobody else can claim it by name either
    parts[3] = QString::number(QCoreApplication::applicationPid());
    const QString adopted = QFileInfo(journal).dir().filePath(parts.join(QLatin1Char('-')) + QStringLiteral(".xsj"));
    if (!QFile::rename(journal, adopted))
        return QString(); // another window adopted it first
    QFile::rename(savedNotePath(journal), savedNotePath(adopted));
    return adopted;
}

} // namespace

RecoveryJournals::RecoveryJournals(QString directory) : m_directory(std::move(directory))
{
    QDir().mkpath(m_directory);
    m_lock = std::make_unique<QLockFile>(lockPath(m_directory, QCoreApplication::applicationPid()));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0))
        qWarning("cannot lock %s: another window may offer this window's journals after a crash",
                 qPrintable(lockPath(m_directory, QCoreApplication::applicationPid())));
}

RecoveryJournals::~RecoveryJournals() = default;

bool RecoveryJournals::belongsToAnotherInstance(const QString& journal) const
{
    const qint64 writer = writerOf(journal);
    if (writer == 0 || writer == QCoreApplication::applicationPid())
        return false;
    // Held by a live process: running. A lock left by a dead one is stale and taken here.
    QLockFile lock(lockPath(m_directory, writer));
    lock.setStaleLockTime(0); // a window runs for days: only a dead process makes a lock stale
    if (!lock.tryLock(0))
        return lock.error() == QLockFile::LockFailedError;
    lock.unlock(); // removes the stale lock file
    return false;
}

std::vector<RecoveryJournals::Recovered> RecoveryJournals::recoverAll(QStringList* errors) const
{
    std::vector<Recovered> found;
    const QFileInfoList journals =
        QDir(m_directory).entryInfoList({QStringLiteral("*.xsj")}, QDir::Files, QDir::Name); // oldest first
    for (const QFileInfo& info : journals) {
        if (belongsToAnotherInstance(info.absoluteFilePath()))
            continue; // its window is running: its sessions are safe there
        const QString path = adopt(info.absoluteFilePath());
        if (path.isEmpty())
            continue;
        xsprof::SessionJournal::Recovered r = xsprof::SessionJournal::recover(QFile::encodeName(path).toStdString());
        if (!r.error.empty()) {
            if (errors)
                *errors << QString::fromStdString(r.error);
            continue;
        }
        Recovered recovered;
        recovered.path = path;
        recovered.machine = QString::fromStdString(r.machine);
        const std::map<int, size_t> saved = savedSessions(path);
        for (size_t i = 0; i < r.sessions.size(); ++i) {
            xsprof::Profile& p = r.sessions[i];
            const auto note = saved.find(int(i));
            if (p.samples.size() == 0 || (note != saved.end() && p.samples.size() <= note->second))
                continue; // nothing, or nothing that was not saved
            recovered.sessions.push_back(std::make_shared<xsprof::Profile>(std::move(p)));
            recovered.sessionNumbers.push_back(int(i));
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
        if (info.absoluteFilePath() == keep || belongsToAnotherInstance(info.absoluteFilePath()))
            continue;
        total -= info.size();
        remove(info.absoluteFilePath());
    }
}

void RecoveryJournals::markSaved(const QString& journal, int session, size_t samples)
{
    if (journal.isEmpty())
        return;
    QFile note(savedNotePath(journal));
    if (!note.open(QIODevice::Append | QIODevice::Text))
        return; // then a crash offers the session again: nothing is lost
    QTextStream(&note) << session << ' ' << qulonglong(samples) << '\n';
}

void RecoveryJournals::remove(const QString& journal)
{
    if (journal.isEmpty())
        return;
    QFile::remove(journal);
    QFile::remove(savedNotePath(journal));
}
