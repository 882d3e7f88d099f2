// MainWindow: Save Profile As… and the folder it suggests; the tab in front says what it saves.
#include "mainwindow.h"

#include "app/recentfiles.h"
#include "app/savefolder.h"
#include "app/tabs/windowtabs.h"

#include "model/cpuprofilewriter.h"
#include "model/pprofwriter.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>

namespace {

// The Save dialogs' filters: a .cpuprofile, or gzipped pprof for Pyroscope, Parca, go tool pprof.
QString saveFilters()
{
    return MainWindow::tr("CPU profiles (*.cpuprofile);;pprof, gzipped (*.pb.gz)");
}

bool isPprofPath(const QString& path)
{
    return path.endsWith(QLatin1String(".pb.gz")) || path.endsWith(QLatin1String(".pprof")) ||
           path.endsWith(QLatin1String(".pb"));
}

} // namespace

QString MainWindow::suggestedSavePath(int index) const
{
    return QDir(SaveFolder::folder(*m_settings)).filePath(m_tabs->suggestedFileName(index) + QStringLiteral(".cpuprofile"));
}

QString MainWindow::askSavePath(const QString& suggestedName)
{
    return QFileDialog::getSaveFileName(this, tr("Save Profile As"),
                                        QDir(SaveFolder::folder(*m_settings)).filePath(suggestedName), saveFilters());
}

void MainWindow::showSaveDialog()
{
    if (!m_tabs->current() || !m_tabs->current()->canSave())
        return;
    // Not exec(): the machines keep streaming while the dialog is up.
    auto* dialog = new QFileDialog(this, tr("Save Profile As"), SaveFolder::folder(*m_settings), saveFilters());
    dialog->setObjectName(QStringLiteral("saveProfileDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("cpuprofile"));
    dialog->selectFile(QFileInfo(suggestedSavePath(m_tabs->currentIndex())).fileName());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The pprof filter chosen: the name the user types gets .pb.gz.
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog](const QString& filter) {
        const bool pprof = filter.contains(QLatin1String("*.pb.gz"));
        dialog->setDefaultSuffix(pprof ? QStringLiteral("pb.gz") : QStringLiteral("cpuprofile"));
        const QStringList chosen = dialog->selectedFiles();
        if (!chosen.isEmpty()) {
            QString name = QFileInfo(chosen.first()).fileName();
            name = name.left(name.indexOf(QLatin1Char('.')) < 0 ? name.size() : name.indexOf(QLatin1Char('.')));
            dialog->selectFile(name + (pprof ? QStringLiteral(".pb.gz") : QStringLiteral(".cpuprofile")));
        }
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, tab = QPointer<QWidget>(m_tabs->current()->widget())](const QString& path) {
        if (tab && m_tabs->current() && tab == m_tabs->current()->widget())
            saveCurrentProfile(path);
    });
    dialog->open();
}

// The tab says what it saves: a machine's everything received so far, which may be newer than
// what is shown.
bool MainWindow::saveCurrentProfile(const QString& path)
{
    DocumentTab* tab = m_tabs->current();
    const std::shared_ptr<const xsprof::Profile> profile = tab && tab->canSave() ? tab->profileToSave() : nullptr;
    if (!profile || !saveProfile(*profile, path))
        return false;
    tab->saved(*profile);
    return true;
}

bool MainWindow::saveProfile(const xsprof::Profile& profile, const QString& path)
{
    std::string error;
    const std::string file = QFile::encodeName(path).toStdString();
    // A .cpuprofile holds time: a heap or count profile goes to pprof only.
    if (!isPprofPath(path) && profile.info.measure != xsprof::Measure::Time) {
        showLoadError(path, tr("This profile measures %1; a .cpuprofile holds time. Save it as pprof (.pb.gz).")
                                .arg(QString::fromStdString(std::string(xsprof::toString(profile.info.measure)))));
        return false;
    }
    if (isPprofPath(path) ? !xsprof::savePprof(profile, file, &error) : !xsprof::saveCpuProfile(profile, file, &error)) {
        showLoadError(path, QString::fromStdString(error));
        return false;
    }
    SaveFolder::remember(*m_settings, path);
    m_recent->add(path);
    statusBar()->showMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()), 4000);
    return true;
}
