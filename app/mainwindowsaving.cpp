// MainWindow: Save Profile As… and the names and folder it suggests.
#include "mainwindow.h"

#include "app/documentnames.h"
#include "app/machines/machinetabs.h"
#include "app/recentfiles.h"
#include "app/savefolder.h"
#include "app/tablabels.h"

#include "model/cpuprofilewriter.h"
#include "views/profilepage.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

QString MainWindow::suggestedFileName(int index) const
{
    QWidget* tab = m_tabs->widget(index);
    const ProfilePage* file = filePage(index);
    const QString label = TabLabels::label(m_tabs, index);
    // A live profile (a machine's, or a session of one) is named after the machine and the time.
    if (m_machines->isMachineTab(tab) || (file && file->data()->path.isEmpty()))
        return DocumentNames::stamped(label, QDateTime::currentDateTime());
    if (file && !file->data()->path.startsWith(QLatin1String(":/"))) {
        QString name = QFileInfo(file->data()->path).completeBaseName();
        if (file->data()->profileIndex >= 0)
            name += QStringLiteral("-profile-%1").arg(file->data()->profileIndex + 1);
        return DocumentNames::fileNamePart(name);
    }
    return DocumentNames::fileNamePart(QFileInfo(label).completeBaseName());
}

QString MainWindow::suggestedSavePath(int index) const
{
    return QDir(SaveFolder::folder(*m_settings)).filePath(suggestedFileName(index) + QStringLiteral(".cpuprofile"));
}

QString MainWindow::askSavePath(const QString& suggestedName)
{
    return QFileDialog::getSaveFileName(this, tr("Save Profile As"),
                                        QDir(SaveFolder::folder(*m_settings)).filePath(suggestedName),
                                        tr("CPU profiles (*.cpuprofile)"));
}

void MainWindow::showSaveDialog()
{
    if (!hasCurrentProfile())
        return;
    // Not exec(): the machines keep streaming while the dialog is up.
    auto* dialog = new QFileDialog(this, tr("Save Profile As"), SaveFolder::folder(*m_settings),
                                   tr("CPU profiles (*.cpuprofile)"));
    dialog->setObjectName(QStringLiteral("saveProfileDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("cpuprofile"));
    dialog->selectFile(QFileInfo(suggestedSavePath(m_tabs->currentIndex())).fileName());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this, tab = QPointer<QWidget>(m_tabs->currentWidget())](const QString& path) {
        if (tab && tab == m_tabs->currentWidget())
            saveCurrentProfile(path);
    });
    dialog->open();
}

// A machine's tab saves everything received so far, which may be newer than what is shown.
std::shared_ptr<const xsprof::Profile> MainWindow::currentProfile() const
{
    if (QWidget* tab = m_tabs->currentWidget(); m_machines->isMachineTab(tab))
        return m_machines->profile(tab);
    ProfilePage* page = currentPage();
    return page ? page->data()->sharedProfile : nullptr;
}

bool MainWindow::hasCurrentProfile() const
{
    if (QWidget* tab = m_tabs->currentWidget(); m_machines->isMachineTab(tab))
        return m_machines->hasProfile(tab);
    return currentPage() != nullptr;
}

bool MainWindow::saveCurrentProfile(const QString& path)
{
    const std::shared_ptr<const xsprof::Profile> profile = currentProfile();
    if (!profile || !saveProfile(*profile, path))
        return false;
    m_machines->markSaved(m_tabs->currentWidget(), *profile);
    return true;
}

bool MainWindow::saveProfile(const xsprof::Profile& profile, const QString& path)
{
    std::string error;
    if (!xsprof::saveCpuProfile(profile, QFile::encodeName(path).toStdString(), &error)) {
        showLoadError(path, QString::fromStdString(error));
        return false;
    }
    SaveFolder::remember(*m_settings, path);
    m_recent->add(path);
    statusBar()->showMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()), 4000);
    return true;
}
