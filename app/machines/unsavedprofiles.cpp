#include "unsavedprofiles.h"

#include "app/debugger/debuggeepage.h"
#include "app/documentnames.h"
#include "app/messageboxes.h"
#include "recoveryjournals.h"
#include "protocol/machinesession.h"

#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace {

QString seconds(double us)
{
    return QLocale().toString(us / 1e6, 'f', us < 1e7 ? 2 : 1) + QStringLiteral(" s");
}

} // namespace

QString UnsavedProfiles::Item::profileName() const
{
    return QObject::tr("%1 — session %2").arg(machine).arg(session + 1);
}

QString UnsavedProfiles::Item::describe() const
{
    return QObject::tr("%1%2: %3, %4 samples")
        .arg(profileName())
        .arg(recording ? QObject::tr(" (recording)") : QString())
        .arg(seconds(duration))
        .arg(QLocale().toString(qulonglong(samples)));
}

UnsavedProfiles::UnsavedProfiles(QWidget* window, Writer writer)
    : QObject(window), m_window(window), m_writer(std::move(writer))
{
    m_chooser = [this](const QString& suggested, const QString& profile) {
        return QFileDialog::getSaveFileName(m_window, tr("Save %1 As").arg(profile), suggested,
                                            tr("CPU profiles (*.cpuprofile)"));
    };
}

void UnsavedProfiles::addMachine(DebuggeePage* machine)
{
    const int id = m_nextMachineId++;
    m_machines[machine] = id;
    if (const QString journal = machine->session()->journalPath(); !journal.isEmpty())
        m_journals[id] = journal;
}

void UnsavedProfiles::addRecoveredTab(QWidget* tab, const QString& machine, int index,
                                      const std::shared_ptr<const xsprof::Profile>& profile, const QString& journal)
{
    // One id per journal: its tabs share it, and it has no machine tab.
    int id = 0;
    for (const auto& [known, path] : m_journals) {
        if (path == journal)
            id = known;
    }
    if (id == 0) {
        id = m_nextMachineId++;
        m_journals[id] = journal;
    }
    SessionTab s;
    s.machineId = id;
    s.item.tab = tab;
    s.item.machine = machine;
    s.item.session = index;
    s.item.samples = profile->samples.size();
    if (profile->samples.size() > 0)
        s.item.duration = profile->samples.time.back() - profile->info.startTime.value_or(profile->samples.time.front());
    s.item.profile = [profile] { return profile; };
    m_sessionTabs[tab] = std::move(s);
    emit changed();
}

void UnsavedProfiles::releaseJournalIfDone(int machineId)
{
    const auto journal = m_journals.find(machineId);
    if (journal == m_journals.end())
        return;
    for (const auto& [tab, id] : m_machines) {
        if (id == machineId)
            return; // the machine's tab is still open: it may send more
    }
    for (const auto& [tab, s] : m_sessionTabs) {
        if (s.machineId == machineId && !isSaved(machineId, s.item.session, s.item.samples))
            return;
    }
    RecoveryJournals::remove(journal->second);
    m_journals.erase(journal);
}

void UnsavedProfiles::releaseJournals()
{
    for (const auto& [id, journal] : m_journals)
        RecoveryJournals::remove(journal);
    m_journals.clear();
}

void UnsavedProfiles::addSessionTab(QWidget* tab, DebuggeePage* machine, int index, const xsprof::Profile& profile)
{
    SessionTab s;
    const auto it = m_machines.find(machine);
    s.machineId = it == m_machines.end() ? 0 : it->second;
    s.item.tab = tab;
    s.item.machine = machine->title(); // as its tab names it
    s.item.session = index;
    s.item.samples = profile.samples.size();
    if (const std::vector<SessionParser::SessionSummary> finished = machine->session()->finishedProfiles();
        index >= 0 && size_t(index) < finished.size())
        s.item.duration = finished[size_t(index)].duration;
    auto copy = std::make_shared<const xsprof::Profile>(profile);
    s.item.profile = [copy] { return copy; };
    m_sessionTabs[tab] = std::move(s);
    emit changed();
}

bool UnsavedProfiles::isSaved(int machineId, int index, size_t samples) const
{
    const auto m = m_saved.find(machineId);
    if (m == m_saved.end())
        return samples == 0;
    const auto s = m->second.find(index);
    return samples <= (s == m->second.end() ? 0 : s->second);
}

void UnsavedProfiles::markSaved(QWidget* tab, const xsprof::Profile& saved)
{
    if (const auto s = m_sessionTabs.find(tab); s != m_sessionTabs.end()) {
        size_t& samples = m_saved[s->second.machineId][s->second.item.session];
        samples = std::max(samples, saved.samples.size());
        noteSavedInJournal(s->second.machineId, s->second.item.session, samples);
        if (s->second.machineId == 0) // its machine was never known: the tab alone is saved
            m_sessionTabs.erase(s);
        else
            releaseJournalIfDone(s->second.machineId);
        emit changed();
        return;
    }
    const auto m = m_machines.find(tab);
    if (m == m_machines.end())
        return;
    // A machine's tab saves the session being recorded, else the last one finished.
    const auto* machine = static_cast<DebuggeePage*>(tab);
    const int index = machine->session()->profileSessionCount() - 1;
    size_t& samples = m_saved[m->second][index];
    samples = std::max(samples, saved.samples.size());
    noteSavedInJournal(m->second, index, samples);
    emit changed();
}

void UnsavedProfiles::noteSavedInJournal(int machineId, int session, size_t samples)
{
    // After a crash, another window does not offer what was saved.
    if (const auto journal = m_journals.find(machineId); journal != m_journals.end())
        RecoveryJournals::markSaved(journal->second, session, samples);
}

void UnsavedProfiles::forget(QWidget* tab)
{
    int machineId = 0;
    if (const auto s = m_sessionTabs.find(tab); s != m_sessionTabs.end()) {
        machineId = s->second.machineId;
        m_sessionTabs.erase(s); // saved, or discarded after the question

    }
    if (const auto m = m_machines.find(tab); m != m_machines.end()) {
        machineId = m->second;
        m_machines.erase(m);
    }
    if (machineId)
        releaseJournalIfDone(machineId);
    emit changed();
}

QList<UnsavedProfiles::Item> UnsavedProfiles::unsaved(QWidget* tab) const
{
    QList<Item> items;
    if (const auto s = m_sessionTabs.find(tab); s != m_sessionTabs.end()) {
        if (!isSaved(s->second.machineId, s->second.item.session, s->second.item.samples))
            items << s->second.item;
        return items;
    }
    const auto m = m_machines.find(tab);
    if (m == m_machines.end())
        return items;
    auto* machine = static_cast<DebuggeePage*>(tab);
    const QPointer<MachineSession> session = machine->session();
    const std::vector<SessionParser::SessionSummary> summaries = session->profileSummaries();
    for (size_t i = 0; i < summaries.size(); ++i) {
        if (isSaved(m->second, int(i), summaries[i].samples))
            continue;
        Item item;
        item.tab = tab;
        item.machine = machine->title(); // as its tab names it
        item.session = int(i);
        item.recording = summaries[i].recording;
        item.duration = summaries[i].duration;
        item.samples = summaries[i].samples;
        const int index = int(i);
        item.profile = [session, index, recording = item.recording]() -> std::shared_ptr<const xsprof::Profile> {
            if (!session)
                return nullptr;
            return recording ? session->profileSnapshot() : session->finishedProfile(index);
        };
        items << item;
    }
    return items;
}

QList<UnsavedProfiles::Item> UnsavedProfiles::unsavedEverywhere() const
{
    QList<Item> items;
    for (const auto& [tab, id] : m_machines)
        items << unsaved(tab);
    for (const auto& [tab, s] : m_sessionTabs)
        items << unsaved(tab);
    return items;
}

bool UnsavedProfiles::saveAll(const QList<Item>& items)
{
    for (const Item& item : items) {
        const std::shared_ptr<const xsprof::Profile> profile = item.profile ? item.profile() : nullptr;
        if (!profile)
            continue; // gone with its machine: nothing left to save
        const QString name = DocumentNames::stamped(tr("%1 session %2").arg(item.machine).arg(item.session + 1),
                                                     QDateTime::currentDateTime()) +
            QStringLiteral(".cpuprofile");
        const QString path = m_chooser(name, item.profileName());
        if (path.isEmpty() || !m_writer(*profile, path)) {
            emit changed(); // those saved before
            return false;
        }
        if (item.tab) {
            if (m_sessionTabs.count(item.tab)) {
                markSaved(item.tab, *profile);
            } else if (const auto m = m_machines.find(item.tab); m != m_machines.end()) {
                size_t& samples = m_saved[m->second][item.session];
                samples = std::max(samples, profile->samples.size());
            }
        }
    }
    emit changed();
    return true;
}

void UnsavedProfiles::confirm(const QList<Item>& items, const QString& action, std::function<void()> proceed,
                              const QString& note)
{
    if (items.isEmpty()) {
        proceed();
        return;
    }
    if (m_prompt)
        return; // one question at a time
    QStringList lines;
    for (const Item& item : items)
        lines << QStringLiteral("• ") + item.describe();
    auto* box = new QMessageBox(QMessageBox::Warning, action,
                                items.size() == 1 ? tr("This live profile is not saved:")
                                                  : tr("These %1 live profiles are not saved:").arg(items.size()),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("unsavedProfilesPrompt"));
    box->setInformativeText(lines.join(QLatin1Char('\n')) + QStringLiteral("\n\n")
                            + (note.isEmpty() ? QString() : note + QStringLiteral("\n\n"))
                            + (items.size() == 1 ? tr("Save it before it is lost? Discard loses it; Cancel keeps everything.")
                                                 : tr("Save them before they are lost? Discard loses them; Cancel keeps "
                                                      "everything.")));
    QPushButton* save = box->addButton(tr("Save…"), QMessageBox::AcceptRole);
    QPushButton* discard = box->addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(save);
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    MessageBoxes::fitTitle(box); // "Close xst #3 (disconnected)" in full
    m_prompt = box;
    connect(box, &QMessageBox::finished, this, [this, box, save, discard, items, proceed = std::move(proceed)] {
        if (box->clickedButton() == discard)
            proceed();
        else if (box->clickedButton() == save && saveAll(items))
            proceed();
    });
    box->open();
}

bool UnsavedProfiles::mayQuit(std::function<void()> closeAgain)
{
    const QList<Item> items = m_quitConfirmed ? QList<Item>() : unsavedEverywhere();
    if (items.isEmpty())
        return true;
    QStringList connected;
    for (const auto& [tab, id] : m_machines) {
        if (const auto* machine = static_cast<DebuggeePage*>(tab); machine->isConnected())
            connected << machine->title();
    }
    connected.sort(); // "fake, fake #2"
    QString note;
    if (connected.size() == 1)
        note = tr("Quitting drops the connection of %1, still connected.").arg(connected.front());
    else if (connected.size() > 1)
        note = tr("Quitting drops the connection of %1 machines still connected: %2.")
                   .arg(connected.size())
                   .arg(connected.join(QStringLiteral(", ")));
    confirm(
        items, tr("Quit xsprof"),
        [this, closeAgain = std::move(closeAgain)] {
            m_quitConfirmed = true;
            closeAgain();
        },
        note);
    return false;
}
