#pragma once
// A connected (or departed) XS machine's tab: named after the machine and its state, its live
// profile the one shown and saved (everything received so far), unsaved until written, and
// closed only after asking while the machine is connected.
#include "app/tabs/documenttab.h"

#include <functional>

class DebuggeePage;
class QSettings;
class UnsavedProfiles;

class MachineTab : public DocumentTab
{
public:
    // `settings` keeps the debugger layout of a machine that leaves for the next one; `removed`
    // runs when the tab goes (its machine's name is free again).
    MachineTab(DebuggeePage* machine, UnsavedProfiles* unsaved, QSettings* settings, std::function<void()> removed = {});

    QWidget* widget() const override;
    QString title() const override;
    QString text() const override; // the state unless running: "xst (disconnected)"
    QString toolTip() const override;
    QIcon icon() const override;
    ProfilePage* profilePage() const override; // null until samples came
    bool canSave() const override;
    std::shared_ptr<const xsprof::Profile> profileToSave() const override;
    void saved(const xsprof::Profile& profile) override;
    QString suggestedFileName(const QString& label, const QDateTime& now) const override;
    bool isUnsaved() const override;
    void confirmClose(const QString& action, std::function<void()> proceed) override;
    bool close() override; // asks while connected; MachineTabs removes it when confirmed
    void aboutToRemove() override;

private:
    DebuggeePage* m_machine;
    UnsavedProfiles* m_unsaved;
    QSettings* m_settings;
    std::function<void()> m_removed;
};
