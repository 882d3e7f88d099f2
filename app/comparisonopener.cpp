#include "app/comparisonopener.h"

#include "app/documentnames.h"
#include "app/tabs/plaintab.h"
#include "app/tabs/windowtabs.h"

#include "views/comparisondata.h"
#include "views/comparisonpage.h"
#include "views/document/profileopenjob.h"

#include "app/messageboxes.h"

#include <QFileInfo>
#include <QMessageBox>

ComparisonOpener::ComparisonOpener(WindowTabs* tabs) : QObject(tabs), m_tabs(tabs)
{
    connect(this, &ComparisonOpener::statusMessage, tabs, &WindowTabs::statusMessage);
    // Why a comparison did not open (another measure, a file that does not load) is told in a
    // box as well: the status bar cuts a long reason at 1024 px.
    connect(this, &ComparisonOpener::failed, tabs, [tabs](const QString& message) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot compare"), message, QMessageBox::Ok, tabs->view()->window());
        box->setObjectName(QStringLiteral("comparisonFailed"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        MessageBoxes::fitTitle(box);
        box->open();
    });
}

bool ComparisonOpener::isBusy() const
{
    return m_runner.isBusy() || (m_loader && m_loader->isBusy());
}

void ComparisonOpener::run(std::function<ComparisonDataPtr(const xsprof::TaskControl&)> work)
{
    emit statusMessage(tr("Comparing…"), 0);
    m_runner.run<ComparisonDataPtr>(std::move(work), [this](JobResult<ComparisonDataPtr> result) {
        if (!result.ok() || !*result.value) {
            const QString message = tr("Cannot compare: %1").arg(result.error);
            emit statusMessage(message, 8000);
            emit failed(message);
            deleteLater();
            return;
        }
        auto* page = new ComparisonPage(*result.value);
        const ComparisonData& data = **result.value;
        const QString label = data.cohorts ? page->title() : DocumentNames::comparison(data.baseName, data.nextName);
        m_tabs->add(std::make_unique<PlainTab>(page, label));
        emit statusMessage(tr("Opened %1.").arg(label), 4000);
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

void ComparisonOpener::compareWithFile(ProfileDataPtr profile, QString name, const QString& path, FileSide side)
{
    m_loader = new ProfileOpenJob(this);
    auto profiles = std::make_shared<int>(0);
    connect(m_loader, &ProfileOpenJob::profileChoiceNeeded, this,
            [this, profiles](const QString& file, const QStringList& choices, int suggested) {
                *profiles = int(choices.size());
                m_loader->load(file, suggested);
            });
    connect(m_loader, &ProfileOpenJob::loaded, this, [this, profile, name, side, profiles](ProfileDataPtr file) {
        const QString fileName = DocumentNames::fileLabel(file->path, file->profileIndex, *profiles, {});
        if (side == FileSide::Base)
            compare(file, fileName, profile, name);
        else
            compare(profile, name, file, fileName);
    });
    connect(m_loader, &ProfileOpenJob::failed, this, [this](const QString& file, const QString& message) {
        const QString text = tr("Cannot compare with %1: %2").arg(QFileInfo(file).fileName(), message);
        emit statusMessage(text, 8000);
        emit failed(text);
        deleteLater();
    });
    connect(m_loader, &ProfileOpenJob::cancelled, this, &QObject::deleteLater);
    emit statusMessage(tr("Reading %1 to compare…").arg(QFileInfo(path).fileName()), 0);
    m_loader->load(path);
}
