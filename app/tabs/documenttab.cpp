#include "documenttab.h"

#include "app/documentnames.h"

#include "views/profilepage.h"

#include <QFileInfo>

DocumentTab::~DocumentTab() = default;

bool DocumentTab::shows(const QString&, int) const
{
    return false;
}

std::shared_ptr<const xsprof::Profile> DocumentTab::profileToSave() const
{
    const ProfilePage* page = profilePage();
    return page ? page->data()->sharedProfile : nullptr;
}

void DocumentTab::saved(const xsprof::Profile&)
{
}

QString DocumentTab::suggestedFileName(const QString& label, const QDateTime&) const
{
    return DocumentNames::fileNamePart(QFileInfo(label).completeBaseName());
}

void DocumentTab::confirmClose(const QString&, std::function<void()> proceed)
{
    proceed();
}
