#include "views/collectionpage.h"

#include "views/cohortsdialog.h"
#include "views/document/profiledata.h"
#include "views/profilepage.h"
#include "views/tracestablemodel.h"

#include "model/collection/mergedprofile.h"
#include "model/collection/tracefilter.h"

#include <QCompleter>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStringListModel>
#include <QTableView>

#include <filesystem>
#include <stdexcept>

namespace {

using namespace xsprof::collection;

// What a load hands back to the GUI thread.
struct CollectionLoad {
    CollectionStore::TraceTable table;
    ProfileDataPtr merged;
    size_t totalTraces = 0, sampleCount = 0;
};

CollectionLoad loadCollection(const std::string& path, const TraceFilter& filter)
{
    CollectionStore store(path, false);
    if (const std::string wrong = filterProblem(store, filter); !wrong.empty())
        throw std::runtime_error(wrong); // a misspelled attribute, or types mixed: said, not an empty table
    CollectionLoad load;
    load.totalTraces = store.traceCount();
    const std::vector<StoredTrace> traces = store.traces(filter.sql, filter.parameters);
    load.table = store.traceTable(traces);
    if (!traces.empty()) {
        MergedTraces merged = mergeTraces(store, traces, std::filesystem::path(path).filename().string());
        load.sampleCount = merged.profile.samples.size(); // the traces' own samples
        load.merged = ProfileData::create(std::move(merged.profile), QString::fromStdString(path), -1);
    }
    return load;
}

} // namespace

CollectionPage::CollectionPage(const QString& path, QWidget* parent)
    : QWidget(parent)
    , m_path(path)
    , m_model(new TracesTableModel(this))
    , m_sorted(new TracesSortModel(this))
    , m_completions(new QStringListModel(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_compare(new QPushButton(tr("Compare Cohorts…"), this))
    , m_table(new QTableView(this))
{
    m_filter->setPlaceholderText(tr("release = \"2.5\" and duration_us > 500000"));
    m_filter->setAccessibleName(tr("Traces filter"));
    m_filter->setToolTip(tr("Select traces by their attributes: = != < <= > >= ~ (substring or glob), and, or, not, "
                            "parentheses. Enter applies; empty selects every trace."));
    auto* completer = new QCompleter(m_completions, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setCompleter(completer);
    auto* apply = new QPushButton(tr("Apply"), this);
    connect(m_filter, &QLineEdit::returnPressed, this, [this] { applyFilter(m_filter->text()); });
    connect(apply, &QPushButton::clicked, this, [this] { applyFilter(m_filter->text()); });

    m_sorted->setSourceModel(m_model);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // collected order until a click
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setResizeContentsPrecision(200); // column widths from 200 rows, not 10 000
    m_table->setAccessibleName(tr("Traces"));
    m_table->setTabKeyNavigation(false); // Tab leaves the table, as in every other view; arrows move in it
    m_status->setTextFormat(Qt::PlainText);

    auto* filterRow = new QHBoxLayout;
    auto* where = new QLabel(tr("&Where:"), this); // Alt+W: back to the filter from anywhere in the page
    where->setBuddy(m_filter);
    filterRow->addWidget(where);
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(apply);
    filterRow->addWidget(m_status);
    filterRow->addStretch();
    filterRow->addWidget(m_compare);
    m_compare->setToolTip(tr("Compare two sets of traces function by function, with the statistics that tell a real "
                             "change from noise"));
    connect(m_compare, &QPushButton::clicked, this, &CollectionPage::askForCohorts);

    auto* profileHost = new QWidget(this);
    m_profileArea = new QVBoxLayout(profileHost);
    m_profileArea->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(profileHost);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({180, 540}); // the merged profile gets most of the height

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(filterRow);
    layout->addWidget(splitter, 1);
    applyFilter({});
}

bool CollectionPage::isCollectionFile(const QString& path)
{
    return looksLikeSqliteDatabase(QFile::encodeName(path).toStdString());
}

QString CollectionPage::statusText() const
{
    return m_status->text();
}

QStringList CollectionPage::attributeNames() const
{
    QStringList names = m_completions->stringList();
    names.removeAll(QStringLiteral("and"));
    names.removeAll(QStringLiteral("or"));
    names.removeAll(QStringLiteral("not"));
    return names;
}

void CollectionPage::askForCohorts()
{
    CohortsDialog dialog(attributeNames(), m_applied, this);
    if (dialog.exec() == QDialog::Accepted)
        emit compareCohortsRequested(m_path, dialog.baseWhere(), dialog.newWhere());
}

void CollectionPage::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828") : QString());
}

void CollectionPage::applyFilter(const QString& expression)
{
    std::string problem;
    const std::optional<TraceFilter> filter = parseTraceFilter(expression.toStdString(), &problem);
    if (!filter) {
        showStatus(tr("Filter: %1").arg(QString::fromStdString(problem)), true);
        emit failed(QString::fromStdString(problem));
        return;
    }
    m_filter->setText(expression);
    showStatus(tr("Reading…"), false);
    const std::string path = QFileInfo(m_path).absoluteFilePath().toStdString();
    m_runner.run<CollectionLoad>(
        [path, filter = *filter](const xsprof::TaskControl&) { return loadCollection(path, filter); },
        [this, expression](JobResult<CollectionLoad> result) {
            if (!result.ok()) {
                showStatus(result.error, true);
                emit failed(result.error);
                return;
            }
            m_applied = expression;
            CollectionLoad& load = *result.value;
            QStringList names;
            for (const std::string& column : load.table.columns)
                names << QString::fromStdString(column);
            m_completions->setStringList(names + QStringList{QStringLiteral("and"), QStringLiteral("or"),
                                                             QStringLiteral("not")});
            const size_t shown = load.table.traces.size();
            const bool firstLoad = m_model->columnCount() == 0;
            m_model->setTable(std::move(load.table));
            if (firstLoad)
                m_table->resizeColumnsToContents(); // later filters keep the widths the user set
            // A new page for the new traces: a live refresh (ProfilePage::setProfileData) would
            // keep function and path ids that mean other functions in another merged profile.
            if (m_profilePage) {
                m_profileArea->removeWidget(m_profilePage);
                m_profilePage->deleteLater();
                m_profilePage = nullptr;
            }
            if (load.merged) {
                m_profilePage = new ProfilePage(load.merged, this);
                m_profileArea->addWidget(m_profilePage);
                emit profilePageCreated(m_profilePage);
            }
            showStatus(tr("%1 of %2 traces, %3 samples")
                           .arg(QLocale().toString(qulonglong(shown)), QLocale().toString(qulonglong(load.totalTraces)),
                                QLocale().toString(qulonglong(load.sampleCount))),
                       false);
            emit loaded();
        });
}
