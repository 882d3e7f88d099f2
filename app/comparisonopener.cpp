#include "app/comparisonopener.h"

#include "app/mainwindow.h"

#include "views/comparisondata.h"
#include "views/comparisonpage.h"
#include "views/document/profileopenjob.h"

#include <QFileInfo>
#include <QStatusBar>
#include <QTabWidget>

ComparisonOpener::ComparisonOpener(MainWindow* window) : QObject(window), m_window(window)
{
}

bool ComparisonOpener::isBusy() const
{
    return m_runner.isBusy() || (m_loader && m_loader->isBusy());
}

void ComparisonOpener::run(std::function<ComparisonDataPtr(const xsprof::TaskControl&)> work)
{
    m_window->statusBar()->showMessage(tr("Comparing…"));
    m_runner.run<ComparisonDataPtr>(std::move(work), [this](JobResult<ComparisonDataPtr> result) {
        if (!result.ok() || !*result.value) {
            const QString message = tr("Cannot compare: %1").arg(result.error);
            m_window->statusBar()->showMessage(message, 8000);
            emit failed(message);
            deleteLater();
            return;
        }
        auto* page = new ComparisonPage(*result.value);
        QTabWidget* tabs = m_window->tabWidget();
        const int index = tabs->addTab(page, page->title());
        tabs->setTabToolTip(index, page->title());
        tabs->setCurrentIndex(index);
        m_window->statusBar()->showMessage(tr("Opened %1.").arg(page->title()), 4000);
        emit opened(page);
        deleteLater();
    });
}

void ComparisonOpener::compare(ProfileDataPtr base, QString baseName, ProfileDataPtr next, QString nextName)
{
    run([base, baseName, next, nextName](const xsprof::TaskControl&) {
        return ComparisonData::create(base->sharedProfile, std::shared_ptr<const xsprof::ProfileAnalysis>(base, &base->analysis),
                                      baseName, next->sharedProfile,
                                      std::shared_ptr<const xsprof::ProfileAnalysis>(next, &next->analysis), nextName);
    });
}

void ComparisonOpener::compare(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                               std::shared_ptr<const xsprof::Profile> next, QString nextName)
{
    run([base, baseName, next, nextName](const xsprof::TaskControl&) {
        return ComparisonData::create(base, baseName, next, nextName);
    });
}

void ComparisonOpener::compareCohorts(const QString& path, const QString& baseWhere, const QString& newWhere)
{
    run([path, baseWhere, newWhere](const xsprof::TaskControl&) {
        return ComparisonData::createForCohorts(path, baseWhere, newWhere);
    });
}

void ComparisonOpener::compareWithFile(ProfileDataPtr base, QString baseName, const QString& path)
{
    m_loader = new ProfileOpenJob(this);
    connect(m_loader, &ProfileOpenJob::profileChoiceNeeded, this,
            [this](const QString& file, const QStringList&, int suggested) { m_loader->load(file, suggested); });
    connect(m_loader, &ProfileOpenJob::loaded, this, [this, base, baseName](ProfileDataPtr next) {
        QString name = QFileInfo(next->path).fileName();
        if (next->profileIndex >= 0)
            name += QStringLiteral(" [%1]").arg(next->profileIndex + 1);
        compare(base, baseName, next, name);
    });
    connect(m_loader, &ProfileOpenJob::failed, this, [this](const QString& file, const QString& message) {
        const QString text = tr("Cannot compare with %1: %2").arg(QFileInfo(file).fileName(), message);
        m_window->statusBar()->showMessage(text, 8000);
        emit failed(text);
        deleteLater();
    });
    connect(m_loader, &ProfileOpenJob::cancelled, this, &QObject::deleteLater);
    m_window->statusBar()->showMessage(tr("Reading %1 to compare…").arg(QFileInfo(path).fileName()));
    m_loader->load(path);
}
