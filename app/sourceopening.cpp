#include "sourceopening.h"

#include "editorlauncher.h"
#include "preferences.h"

#include "app/debugger/debuggerpanes.h"
#include "views/profilepage.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

SourceOpening::SourceOpening(QWidget* window, Preferences* preferences)
    : QObject(window), m_window(window), m_preferences(preferences)
{
}

void SourceOpening::attach(ProfilePage* page)
{
    page->setSourceOpener([this](const QString& path, int line) { return openInEditor(path, line); });
    connect(page, &ProfilePage::sourceUnavailable, this, &SourceOpening::offerPathMapping);
}

void SourceOpening::attach(DebuggerPanes* panes)
{
    panes->setSourceOpener([this](const QString& path, int line) { return openInEditor(path, line); });
}

bool SourceOpening::openInEditor(const QString& path, int line)
{
    const QString command = m_preferences->openSourceCommand();
    if (command.isEmpty())
        return false; // the built-in pane
    QString error;
    if (!EditorLauncher::open(command, path, line, &error)) {
        emit statusMessage(tr("Cannot open the editor (%1): %2. Showing the file here.").arg(command, error), 8000);
        return false;
    }
    emit statusMessage(tr("Opened %1 in the editor.").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void SourceOpening::offerPathMapping(const QString& url)
{
    if (url.contains(QLatin1String("://")) && !url.startsWith(QLatin1String("file:")))
        return; // http:, node:, webpack:... no folder to map
    auto* box = new QMessageBox(QMessageBox::Information, tr("Source not available"),
                                tr("%1 is not available on this computer.").arg(url), QMessageBox::Cancel, m_window);
    box->setTextFormat(Qt::PlainText); // the url comes from the profile
    box->setInformativeText(tr("If the profile was recorded on another machine or in another folder, map the "
                               "recorded folder to a local one in Preferences › Source files."));
    QPushButton* map = box->addButton(tr("&Map Folder…"), QMessageBox::AcceptRole);
    box->setDefaultButton(map);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(map, &QPushButton::clicked, this, [this, url] { emit pathMappingRequested(url); });
    box->open();
}
