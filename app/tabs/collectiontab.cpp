#include "collectiontab.h"

#include "app/tabs/profiletab.h"

#include "views/collectionpage.h"
#include "views/plaintext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

CollectionTab::CollectionTab(CollectionPage* page) : m_page(page)
{
}

QWidget* CollectionTab::widget() const
{
    return m_page;
}

QString CollectionTab::title() const
{
    return QCoreApplication::translate("MainWindow", "%1 (collection)").arg(QFileInfo(m_page->path()).fileName());
}

QString CollectionTab::toolTip() const
{
    return PlainText::toolTip(QDir::toNativeSeparators(QFileInfo(m_page->path()).absoluteFilePath()));
}

bool CollectionTab::shows(const QString& path, int) const
{
    return ProfileTab::sameFile(m_page->path(), path);
}

ProfilePage* CollectionTab::profilePage() const
{
    return m_page->profilePage(); // the merged profile of its selected traces
}
