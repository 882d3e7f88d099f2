#include "recentfiles.h"

#include "views/plaintext.h"

#include "documentnames.h"
#include "settingskeys.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

RecentFiles::RecentFiles(QSettings* settings, QMenu* menu, QObject* parent)
    : QObject(parent), m_settings(settings), m_menu(menu)
{
    m_files = m_settings->value(SettingsKeys::recentFiles).toStringList();
    while (m_files.size() > maxCount)
        m_files.removeLast();
    rebuildMenu();
    // Files deleted or moved since are dropped each time the menu opens.
    connect(m_menu, &QMenu::aboutToShow, this, &RecentFiles::dropMissing);
}

bool RecentFiles::dropMissing()
{
    const qsizetype before = m_files.size();
    m_files.removeIf([](const QString& path) { return !QFileInfo::exists(path); });
    if (m_files.size() == before)
        return false;
    save();
    rebuildMenu();
    return true;
}

void RecentFiles::remove(const QString& path)
{
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) == 0)
        return;
    save();
    rebuildMenu();
}

void RecentFiles::add(const QString& path)
{
    if (path.startsWith(QLatin1String(":/")))
        return; // the bundled example is not a file the user chose
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > maxCount)
        m_files.removeLast();
    save();
    rebuildMenu();
}

void RecentFiles::clear()
{
    m_files.clear();
    save();
    rebuildMenu();
}

void RecentFiles::save()
{
    m_settings->setValue(SettingsKeys::recentFiles, m_files);
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString& path = m_files[i];
        // &1..&9 and &0 as keyboard accelerators; a '&' of the name itself is shown as it is.
        const QString name = PlainText::escapeMnemonics(DocumentNames::label(path, m_files));
        const QString label = QStringLiteral("&%1  %2").arg((i + 1) % 10).arg(name);
        QAction* action = m_menu->addAction(label, this, [this, path] { emit openRequested(path); });
        action->setToolTip(PlainText::toolTip(QDir::toNativeSeparators(path)));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (!m_files.isEmpty()) {
        m_menu->addSeparator();
        m_menu->addAction(tr("Clear Menu"), this, &RecentFiles::clear);
    }
    m_menu->setEnabled(!m_files.isEmpty());
}
