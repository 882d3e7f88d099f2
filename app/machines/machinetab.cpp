#include "machinetab.h"

#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/documentnames.h"
#include "app/machines/unsavedprofiles.h"
#include "app/settingskeys.h"

#include "views/plaintext.h"

#include <QSettings>

MachineTab::MachineTab(DebuggeePage* machine, UnsavedProfiles* unsaved, QSettings* settings,
                       std::function<void()> removed)
    : m_machine(machine), m_unsaved(unsaved), m_settings(settings), m_removed(std::move(removed))
{
}

QWidget* MachineTab::widget() const
{
    return m_machine;
}

QString MachineTab::title() const
{
    return m_machine->title();
}

QString MachineTab::text() const
{
    return m_machine->tabText();
}

QString MachineTab::toolTip() const
{
    return PlainText::toolTip(m_machine->tabToolTip());
}

QIcon MachineTab::icon() const
{
    return m_machine->stateIcon();
}

ProfilePage* MachineTab::profilePage() const
{
    return m_machine->profilePage();
}

bool MachineTab::canSave() const
{
    return m_machine->session()->hasProfile();
}

std::shared_ptr<const xsprof::Profile> MachineTab::profileToSave() const
{
    return m_machine->profile(); // newer than what its views show
}

void MachineTab::saved(const xsprof::Profile& profile)
{
    m_unsaved->markSaved(m_machine, profile);
}

QString MachineTab::suggestedFileName(const QString& label, const QDateTime& now) const
{
    return DocumentNames::stamped(label, now);
}

bool MachineTab::isUnsaved() const
{
    return m_unsaved->isUnsaved(m_machine);
}

void MachineTab::confirmClose(const QString& action, std::function<void()> proceed)
{
    m_unsaved->confirmClose(m_machine, action, std::move(proceed));
}

bool MachineTab::close()
{
    m_machine->requestClose(); // closeConfirmed() when it may go
    return false;
}

void MachineTab::aboutToRemove()
{
    m_unsaved->forget(m_machine);
    m_settings->setValue(SettingsKeys::debuggerLayout, m_machine->debuggerPanes()->saveLayout());
    if (m_removed)
        m_removed();
}
