#include "liveprofiletab.h"

#include "app/machines/unsavedprofiles.h"

#include "views/profilepage.h"

LiveProfileTab::LiveProfileTab(ProfilePage* page, UnsavedProfiles* unsaved) : ProfileTab(page), m_unsaved(unsaved)
{
}

void LiveProfileTab::saved(const xsprof::Profile& profile)
{
    m_unsaved->markSaved(profilePage(), profile);
}

bool LiveProfileTab::isUnsaved() const
{
    return m_unsaved->isUnsaved(profilePage());
}

void LiveProfileTab::confirmClose(const QString& action, std::function<void()> proceed)
{
    m_unsaved->confirmClose(profilePage(), action, std::move(proceed));
}

void LiveProfileTab::aboutToRemove()
{
    m_unsaved->forget(profilePage());
}
