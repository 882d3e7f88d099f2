#include "originalsources.h"

#include "preferences.h"

#include "views/document/sourcemapswitch.h"
#include "views/profilepage.h"

#include <QAction>

OriginalSources::OriginalSources(Preferences* preferences, QObject* parent)
    : QObject(parent), m_preferences(preferences), m_action(new QAction(tr("Or&iginal Sources"), this))
{
    m_action->setCheckable(true);
    m_action->setToolTip(tr("Show bundled code at its original files, lines and names (source maps); off: the "
                            "generated code. Drop a .map file on a profile to add it."));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, [this](bool on) {
        if (m_current)
            m_current->sourceMaps()->setShowsOriginal(on);
        update();
    });
    connect(m_preferences, &Preferences::sourceMapFolderChanged, this, [this](const QString& folder) {
        m_pages.removeAll(nullptr);
        for (const QPointer<ProfilePage>& page : std::as_const(m_pages))
            page->sourceMaps()->setFolder(folder);
    });
}

void OriginalSources::attach(ProfilePage* page)
{
    m_pages.removeAll(nullptr);
    m_pages.append(page);
    SourceMapSwitch* maps = page->sourceMaps();
    connect(maps, &SourceMapSwitch::searched, this, &OriginalSources::update);
    connect(maps, &SourceMapSwitch::showsOriginalChanged, this, &OriginalSources::update);
    maps->setFolder(m_preferences->sourceMapFolder()); // searches, beside the scripts too
}

void OriginalSources::setCurrentPage(ProfilePage* page)
{
    m_current = page;
    update();
}

void OriginalSources::update()
{
    const SourceMapSwitch* maps = m_current ? m_current->sourceMaps() : nullptr;
    m_action->setEnabled(maps && maps->hasMaps());
    m_action->setChecked(maps && maps->showsOriginal());
    m_action->setStatusTip(maps && maps->hasMaps() ? maps->summary() : tr("No source map applies to this profile."));
}
