#pragma once
// A live profile in a tab of its own, without a file: a machine's finished session, or one
// recovered from the journal of a run that did not end well. Unsaved until written.
#include "app/tabs/profiletab.h"

class UnsavedProfiles;

class LiveProfileTab : public ProfileTab
{
public:
    LiveProfileTab(ProfilePage* page, UnsavedProfiles* unsaved);

    void saved(const xsprof::Profile& profile) override;
    bool isUnsaved() const override;
    void confirmClose(const QString& action, std::function<void()> proceed) override;
    void aboutToRemove() override;

private:
    UnsavedProfiles* m_unsaved;
};
