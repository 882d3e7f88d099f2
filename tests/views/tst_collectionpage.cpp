// The collection page: the Traces table over a real collection of corpus profiles, its filter
// typed as a user types it, and the merged profile of the selected traces in a ProfilePage;
// Compare Cohorts… typed into its dialog, and the comparison tab's significance columns over
// a generated collection where one function was made slower.
#include "viewtestutils.h"

#include "views/cohortsdialog.h"
#include "views/collectionpage.h"
#include "views/comparisonmodel.h"
#include "views/deltacolors.h"
#include "views/comparisonpage.h"
#include "views/profilepage.h"
#include "views/tracestablemodel.h"

#include "model/collection/cohortcomparison.h"
#include "model/collection/collector.h"
#include "model/collection/tracefilter.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QGuiApplication>
#include <QHeaderView>
#include <QTreeView>
#include <QStyle>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace xsprof::collection;

class TestCollectionPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void tableShowsEveryTraceAndAttribute();
    void startTimeSinceTheEpochIsALocalDate();
    void typedFilterSelectsTracesAndMerges();
    void badFilterSaysWhereAndKeepsTheTable();
    void tabLeavesTheTracesTableAndAltWReturnsToWhere();
    void compareCohortsDialogChecksAndSendsBothExpressions();
    void cohortComparisonMarksTheSlowerFunctionSignificant();
    void cohortComparisonSortsAndColoursAsTheTerminal();
    void cohortTableShowsNamesWholeAndResizes();

private:
    QString generatedCohorts(); // 160 traces, parseRecords three times slower in release 2.5
    int column(const TracesTableModel& model, const QString& name) const;
    QTemporaryDir m_dir;
    QString m_db;
};

void TestCollectionPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const std::filesystem::path folder = m_dir.filePath(QStringLiteral("runs")).toStdString();
    std::filesystem::create_directories(folder);
    const char* files[] = {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_dag_shared.cpuprofile",
                           "chromium_selfprof_shared.json"};
    for (const char* name : files)
        std::filesystem::copy_file(ViewTestUtils::corpusPath(QString::fromLatin1(name)).toStdString(), folder / name);
    std::ofstream(folder / "traces.csv") << "file,release:number,device\n"
                                            "node_fib.cpuprofile,2.4,pixel\n"
                                            "node_tree.cpuprofile,2.5,pixel\n"
                                            "node_dag_shared.cpuprofile,2.5,desktop\n";
    m_db = m_dir.filePath(QStringLiteral("runs.db"));
    CollectionStore store(m_db.toStdString(), true);
    QCOMPARE(collect(store, {folder.string()}).added, size_t(4));
}

int TestCollectionPage::column(const TracesTableModel& model, const QString& name) const
{
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.headerData(c, Qt::Horizontal).toString() == name)
            return c;
    return -1;
}

void TestCollectionPage::tableShowsEveryTraceAndAttribute()
{
    CollectionPage page(m_db);
    QSignalSpy loaded(&page, &CollectionPage::loaded);
    QVERIFY(loaded.wait(20000));
    TracesTableModel* model = page.tracesModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 4);
    for (const char* name : {"file", "format", "duration_us", "sample_count", "release", "device"})
        QVERIFY2(column(*model, QString::fromLatin1(name)) >= 0, name);
    // The Self-Profiling trace has no release: an empty cell, sorted before every number.
    QVERIFY(page.profilePage() != nullptr);
    qulonglong samples = 0; // the traces' own samples, as the oracle counts them
    for (const char* name : {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_dag_shared.cpuprofile",
                             "chromium_selfprof_shared.json"})
        samples += ViewTestUtils::readExpected(ViewTestUtils::corpusPath(QString::fromLatin1(name)))
                       .at("sample_count")
                       .get<qulonglong>();
    QCOMPARE(page.statusText(), QStringLiteral("4 of 4 traces, %1 samples").arg(QLocale().toString(samples)));
    page.tracesView()->sortByColumn(column(*model, QStringLiteral("release")), Qt::AscendingOrder);
    const QAbstractItemModel* shown = page.tracesView()->model();
    QCOMPARE(shown->index(0, column(*model, QStringLiteral("release"))).data().toString(), QString());
    QCOMPARE(shown->index(3, column(*model, QStringLiteral("release"))).data().toString(), QStringLiteral("2.5"));
    // start_time reads as a time, not a raw count of microseconds: a date for one since 1970, else
    // seconds on the host's clock (node's startTime counts from its host's boot).
    const int start = column(*model, QStringLiteral("start_time"));
    QVERIFY(start >= 0);
    for (int row = 0; row < shown->rowCount(); ++row) {
        const QString text = shown->index(row, start).data().toString();
        const QString file = shown->index(row, column(*model, QStringLiteral("file"))).data().toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}|[\\d,.]+ s on its host's clock)?$"))
                     .match(text)
                     .hasMatch(),
                 qPrintable(file + QStringLiteral(": ") + text));
        if (file.endsWith(QLatin1String("node_fib.cpuprofile"))) {
            std::ifstream in(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile")).toStdString());
            const double us = nlohmann::json::parse(in).at("startTime").get<double>();
            QCOMPARE(text, QStringLiteral("%1 s on its host's clock").arg(QLocale().toString(us / 1e6, 'f', 3)));
        }
    }
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QDir().mkpath(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/collection-page.png"));
}

// A start time in microseconds since 1970 (a Self-Profiling trace's, an xsprof live session's)
// reads as the local date and time; the raw value stays in the tooltip and the sort.
void TestCollectionPage::startTimeSinceTheEpochIsALocalDate()
{
    const QDateTime local(QDate(2026, 11, 28), QTime(9, 40, 12), Qt::LocalTime);
    CollectionStore::TraceTable table;
    table.columns = {"file", "start_time"};
    table.values = {{std::string("a.json"), int64_t(local.toMSecsSinceEpoch()) * 1000},
                    {std::string("b.json"), double(local.toMSecsSinceEpoch()) * 1000.0 + 2e6}};
    TracesTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(table);
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("2026-11-28 09:40:12"));
    QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("2026-11-28 09:40:14"));
    QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains(QLocale().toString(double(local.toMSecsSinceEpoch()) * 1000.0, 'f', 0)));
    QVERIFY(model.index(0, 1).data(TracesTableModel::SortRole).toDouble() < model.index(1, 1).data(TracesTableModel::SortRole).toDouble());
}

void TestCollectionPage::typedFilterSelectsTracesAndMerges()
{
    CollectionPage page(m_db);
    QSignalSpy loaded(&page, &CollectionPage::loaded);
    QVERIFY(loaded.wait(20000));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.filterField()->setFocus();
    QTest::keyClicks(page.filterField(), QStringLiteral("release = \"2.5\" and device ~ \"pix\""));
    QTest::keyClick(page.filterField(), Qt::Key_Return);
    QVERIFY(loaded.wait(20000));
    QCOMPARE(page.tracesModel()->rowCount(), 1);
    QCOMPARE(page.appliedFilter(), QStringLiteral("release = \"2.5\" and device ~ \"pix\""));
    // The merged profile of one trace is that trace: node_tree's duration.
    const ProfileDataPtr tree = ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(tree);
    QVERIFY(page.profilePage() != nullptr);
    QVERIFY(ViewTestUtils::closeEnough(page.profilePage()->data()->duration(), tree->duration()));
}

// The Traces table is one Tab stop: arrows move in it, Tab goes on to the merged profile and
// Shift+Tab back out; Alt+W (the "Where:" label) reaches the filter from anywhere in the page.
void TestCollectionPage::tabLeavesTheTracesTableAndAltWReturnsToWhere()
{
    CollectionPage page(m_db);
    QSignalSpy loaded(&page, &CollectionPage::loaded);
    QVERIFY(loaded.wait(20000));
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.activateWindow();
    QTableView* table = page.tracesView();
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    table->setCurrentIndex(table->model()->index(0, 0));
    QTest::keyClick(table, Qt::Key_Down); // arrows still move in the table
    QCOMPARE(table->currentIndex().row(), 1);
    QTest::keyClick(table, Qt::Key_Tab);
    QVERIFY2(!table->hasFocus(), "Tab stayed in the table");
    QVERIFY(page.isAncestorOf(QApplication::focusWidget()));
    QCOMPARE(table->currentIndex().row(), 1); // Tab did not move the current cell
    // Back with Shift+Tab, then out the other way.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    QTRY_VERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Backtab);
    QVERIFY(!table->hasFocus());
    // Alt+W from the table: the filter field.
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_W, Qt::AltModifier);
    QTRY_VERIFY(page.filterField()->hasFocus());
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/collection-keyboard.png"));
}

void TestCollectionPage::badFilterSaysWhereAndKeepsTheTable()
{
    CollectionPage page(m_db);
    QSignalSpy loaded(&page, &CollectionPage::loaded);
    QSignalSpy failed(&page, &CollectionPage::failed);
    QVERIFY(loaded.wait(20000));
    page.applyFilter(QStringLiteral("release >"));
    QCOMPARE(failed.count(), 1);
    QVERIFY(page.statusText().contains(QStringLiteral("at character 10")));
    QCOMPARE(page.tracesModel()->rowCount(), 4);
    // A misspelled attribute is named, not shown as an empty table.
    page.applyFilter(QStringLiteral("relase = 2.4"));
    QVERIFY(failed.wait(20000));
    QVERIFY2(page.statusText().contains(QStringLiteral("no trace has an attribute named relase")), qPrintable(page.statusText()));
    QCOMPARE(page.tracesModel()->rowCount(), 4);
}

void TestCollectionPage::compareCohortsDialogChecksAndSendsBothExpressions()
{
    CollectionPage page(m_db);
    QSignalSpy loaded(&page, &CollectionPage::loaded);
    QVERIFY(loaded.wait(20000));
    page.applyFilter(QStringLiteral("release = 2.4"));
    QVERIFY(loaded.wait(20000));
    QSignalSpy requested(&page, &CollectionPage::compareCohortsRequested);
    bool sawProblem = false, baseIsTheFilter = false, focusOnNew = false;
    // The dialog is modal: type into it as a user does once it shows; it is always closed.
    QTimer::singleShot(0, this, [&] {
        auto* dialog = page.findChild<CohortsDialog*>();
        if (!dialog)
            return;
        baseIsTheFilter = dialog->baseField()->text() == QStringLiteral("release = 2.4"); // the applied filter
        focusOnNew = dialog->focusWidget() == dialog->newField();
        QTest::keyClicks(dialog->newField(), QStringLiteral("release >"));
        QTest::keyClick(dialog->newField(), Qt::Key_Return);
        sawProblem = dialog->isVisible() && dialog->problem().startsWith(QStringLiteral("New: expected a value"));
        dialog->newField()->clear();
        QTest::keyClicks(dialog->newField(), QStringLiteral("release = 2.5"));
        QTest::keyClick(dialog->newField(), Qt::Key_Return);
        if (dialog->isVisible())
            dialog->reject();
    });
    page.compareButton()->click();
    QVERIFY(baseIsTheFilter);
    QVERIFY(focusOnNew);
    QVERIFY(sawProblem);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested[0][0].toString(), m_db);
    QCOMPARE(requested[0][1].toString(), QStringLiteral("release = 2.4"));
    QCOMPARE(requested[0][2].toString(), QStringLiteral("release = 2.5"));
}

QString TestCollectionPage::generatedCohorts()
{
    const QString db = m_dir.filePath(QStringLiteral("cohorts.db"));
    if (QFile::exists(db))
        return db;
    const QString beacons = m_dir.filePath(QStringLiteral("beacons.ndjson"));
    QProcess generator;
    generator.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_GENERATOR), beacons, QStringLiteral("--traces"),
                                               QStringLiteral("160"), QStringLiteral("--samples"), QStringLiteral("150"),
                                               QStringLiteral("--functions"), QStringLiteral("40"),
                                               QStringLiteral("--slowdown"), QStringLiteral("3")});
    if (!generator.waitForFinished(60000) || generator.exitCode() != 0)
        return {};
    CollectionStore store(db.toStdString(), true);
    return collect(store, {beacons.toStdString()}).added == 160 ? db : QString();
}

void TestCollectionPage::cohortComparisonMarksTheSlowerFunctionSignificant()
{
    // 160 generated traces; in release 2.5 parseRecords costs three times its weight.
    const QString db = generatedCohorts();
    QVERIFY(!db.isEmpty());
    const QString base = QStringLiteral("release = \"2.4\""), next = QStringLiteral("release = \"2.5\"");
    const ComparisonDataPtr data = ComparisonData::createForCohorts(db, base, next);
    QVERIFY(data && data->cohorts);
    QCOMPARE(data->cohorts->baseTraceCount + data->cohorts->newTraceCount, size_t(160));

    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setData(data);
    QCOMPARE(model.columnCount(), int(ComparisonModel::CohortColumnCount));
    QCOMPARE(model.headerData(ComparisonModel::Significance, Qt::Horizontal).toString(), QStringLiteral("Significant"));
    model.sort(ComparisonModel::Significance, Qt::DescendingOrder);

    // The model's rows carry the statistics of their own function (matched by key).
    CollectionStore store(db.toStdString(), false);
    const auto cohort = [&store](const QString& where) {
        const auto filter = parseTraceFilter(where.toStdString(), nullptr);
        return store.traces(filter->sql, filter->parameters);
    };
    const CohortComparison expected = compareCohorts(store, cohort(base), cohort(next));
    std::map<std::string, const CohortFunction*> byName;
    for (const CohortFunction& f : expected.functions)
        byName[f.key.name + "@" + f.key.url] = &f;
    int significant = 0, greyed = 0;
    QString first;
    for (int row = 0; row < model.rowCount(); ++row) {
        const uint32_t function = model.functionRow(model.index(row, 0));
        const auto& compared = data->comparison.functions()[function];
        const CohortFunction* stats = byName.at(compared.name + "@" + compared.url);
        const QString verdict = model.index(row, ComparisonModel::Significance).data().toString();
        QCOMPARE(verdict.startsWith(QStringLiteral("yes")), stats->self.significant || stats->aggregate.change.significant);
        const bool grey = model.index(row, ComparisonModel::SelfBase).data(Qt::ForegroundRole).value<QColor>() == QColor(Qt::gray);
        QCOMPARE(grey, !stats->self.significant && !stats->inclusive.significant && !stats->aggregate.change.significant);
        significant += stats->self.significant;
        greyed += grey;
        if (row == 0)
            first = QString::fromStdString(compared.name);
        // Self base is the sum of the base cohort's self time of that function.
        auto sum = store.database().prepare(
            "SELECT total(c.self_us) FROM costs c JOIN functions f ON f.id = c.function_id JOIN attributes a "
            "ON a.trace_id = c.trace_id AND a.name = 'release' WHERE a.value = '2.4' AND f.name = ?1 AND f.url = ?2");
        sum.bind(1, compared.name);
        sum.bind(2, compared.url);
        QVERIFY(sum.step());
        const QVariant shownBase = model.index(row, ComparisonModel::SelfBase).data(ComparisonModel::SortRole);
        QVERIFY2(ViewTestUtils::closeEnough(qMax(0.0, shownBase.toDouble()), sum.real(0)), compared.name.c_str());
    }
    // The slowed function comes first, significant and grown; few others pass the correction.
    QCOMPARE(first, QStringLiteral("parseRecords"));
    QVERIFY(model.index(0, ComparisonModel::ShareShift).data().toString().startsWith(QLatin1Char('+')));
    QVERIFY(significant >= 1 && significant <= 3);
    QVERIFY(greyed > model.rowCount() / 2);

    ComparisonPage page(data);
    QVERIFY(page.title().contains(QStringLiteral("release = \"2.4\" vs release = \"2.5\"")));
    page.resize(1400, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/cohort-comparison.png"));
}

void TestCollectionPage::cohortComparisonSortsAndColoursAsTheTerminal()
{
    // The issue's case: cohorts of different length (80 traces against 18), so every function's
    // summed time falls in the new cohort, parseRecords' too, while its share grew.
    const QString db = generatedCohorts();
    QVERIFY(!db.isEmpty());
    const QString base = QStringLiteral("release = \"2.4\""),
                  next = QStringLiteral("release = \"2.5\" and country = \"de\"");
    const ComparisonDataPtr data = ComparisonData::createForCohorts(db, base, next);
    QVERIFY(data && data->cohorts);
    QVERIFY(data->cohorts->newTraceCount < data->cohorts->baseTraceCount / 2);

    ComparisonPage page(data);
    page.resize(1900, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    // The header says what Δ time means beside Δ share.
    const auto* header = page.findChild<QLabel*>(QStringLiteral("comparisonHeader"));
    QVERIFY(header);
    QVERIFY2(header->text().contains(QStringLiteral("The cohorts differ in length")), qPrintable(header->text()));
    QVERIFY(header->text().contains(QStringLiteral("Δ share</b> compares each function's share")));

    // Sort by another column, then back by Significant, with clicks on the header as a user does.
    auto* tree = page.findChild<QTreeView*>();
    QVERIFY(tree);
    auto clickHeader = [tree](int section) {
        QHeaderView* h = tree->header();
        const QPoint at(h->sectionViewportPosition(section) + h->sectionSize(section) / 2, h->height() / 2);
        QVERIFY(at.x() > 0 && at.x() < h->viewport()->width());
        QTest::mouseClick(h->viewport(), Qt::LeftButton, {}, at);
    };
    clickHeader(ComparisonModel::SelfDelta);
    QCOMPARE(tree->header()->sortIndicatorSection(), int(ComparisonModel::SelfDelta));
    for (int clicks = 0; clicks < 2 && !(tree->header()->sortIndicatorSection() == ComparisonModel::Significance &&
                                         tree->header()->sortIndicatorOrder() == Qt::DescendingOrder);
         ++clicks)
        clickHeader(ComparisonModel::Significance);
    QCOMPARE(tree->header()->sortIndicatorSection(), int(ComparisonModel::Significance));
    QCOMPARE(tree->header()->sortIndicatorOrder(), Qt::DescendingOrder);

    // The terminal's order (`xsprof diff` sorts by cohortRank, descending) of the functions
    // changed significantly, computed here from the collection.
    CollectionStore store(db.toStdString(), false);
    const auto cohort = [&store](const QString& where) {
        const auto filter = parseTraceFilter(where.toStdString(), nullptr);
        return store.traces(filter->sql, filter->parameters);
    };
    CohortComparison expected = compareCohorts(store, cohort(base), cohort(next));
    std::stable_sort(expected.functions.begin(), expected.functions.end(),
                     [](const CohortFunction& a, const CohortFunction& b) { return cohortRank(a) > cohortRank(b); });
    std::vector<std::string> terminal;
    for (const CohortFunction& f : expected.functions)
        if (f.self.significant || f.aggregate.change.significant)
            terminal.push_back(f.key.name);
    QVERIFY(!terminal.empty());
    QCOMPARE(terminal.front(), std::string("parseRecords"));
    const QAbstractItemModel* model = tree->model();
    std::vector<std::string> window;
    for (int row = 0; row < int(terminal.size()); ++row)
        window.push_back(model->index(row, ComparisonModel::Name).data().toString().section(QLatin1Char(' '), 0, 0).toStdString());
    QCOMPARE(window, terminal);

    // parseRecords: less summed time in the shorter cohort, a larger share: its Δ cells are
    // "slower" as its share cells are, never "faster" as its time alone would make them.
    const QModelIndex selfDelta = model->index(0, ComparisonModel::SelfDelta);
    QVERIFY(selfDelta.data(ComparisonModel::SortRole).toDouble() > 0.0); // |Δ|
    QVERIFY(model->index(0, ComparisonModel::SelfNew).data(ComparisonModel::SortRole).toDouble() <
            model->index(0, ComparisonModel::SelfBase).data(ComparisonModel::SortRole).toDouble());
    const QColor slower = DeltaColors::slower(QGuiApplication::palette()), faster = DeltaColors::faster(QGuiApplication::palette());
    QCOMPARE(selfDelta.data(Qt::ForegroundRole).value<QColor>(), slower);
    QCOMPARE(selfDelta.data(ComparisonModel::DeltaColourRole).value<QColor>(), slower); // its strip too
    QCOMPARE(model->index(0, ComparisonModel::AggregateShift).data(Qt::ForegroundRole).value<QColor>(), slower);
    QVERIFY(model->index(0, ComparisonModel::AggregateShift).data().toString().startsWith(QLatin1Char('+')));
    // Every coloured Δ self cell has the colour of its self share's direction.
    int coloured = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QVariant colour = model->index(row, ComparisonModel::SelfDelta).data(Qt::ForegroundRole);
        if (!colour.isValid() || colour.value<QColor>() == QColor(Qt::gray))
            continue;
        const QString share = model->index(row, ComparisonModel::AggregateShift).data().toString();
        const QString perTrace = model->index(row, ComparisonModel::ShareShift).data().toString();
        const QColor aggregateColour = model->index(row, ComparisonModel::AggregateShift).data(Qt::ForegroundRole).value<QColor>();
        const QString& sign = aggregateColour.isValid() ? share : perTrace;
        QCOMPARE(colour.value<QColor>(), sign.startsWith(QLatin1Char('+')) ? slower : faster);
        ++coloured;
    }
    QVERIFY(coloured >= 1);
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/cohort-comparison-lengths.png"));
}

void TestCollectionPage::cohortTableShowsNamesWholeAndResizes()
{
    // Issue 46: at the window's usual width every name read "…" (the Function column kept
    // about 30 px beside twelve fixed columns) and its header border did not widen it.
    const QString db = generatedCohorts();
    QVERIFY(!db.isEmpty());
    const ComparisonDataPtr data = ComparisonData::createForCohorts(db, QStringLiteral("release = \"2.4\""),
                                                                    QStringLiteral("release = \"2.5\""));
    ComparisonPage page(data);
    page.resize(1366, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* tree = page.findChild<QTreeView*>();
    QVERIFY(tree);
    QAbstractItemModelTester tester(tree->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QFontMetrics metrics(tree->font());
    // A cell elides its text past its width less the style's text margins (QCommonStyle).
    const int margins = 2 * (tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1);
    // The names (and the Significant cells) shown are whole: their text fits their column.
    int rows = 0;
    for (int row = 0; row < tree->model()->rowCount() && row < 25; ++row, ++rows) {
        for (int column : {int(ComparisonModel::Name), int(ComparisonModel::Significance)}) {
            const QModelIndex index = tree->model()->index(row, column);
            const int indent = column == ComparisonModel::Name ? tree->indentation() : 0;
            QVERIFY2(metrics.horizontalAdvance(index.data().toString()) + margins + indent <= tree->columnWidth(column),
                     qPrintable(index.data().toString() + QStringLiteral(" in ") + QString::number(tree->columnWidth(column))));
        }
    }
    QVERIFY(rows >= 20);
    QVERIFY(tree->columnWidth(ComparisonModel::Name) >= 220);
    // The Significant cell names the measure and the bound the gate sees (the lower end of its
    // interval), as xsprof diff computes them.
    int regressions = 0;
    for (int row = 0; row < tree->model()->rowCount(); ++row) {
        const auto* model = static_cast<const ComparisonModel*>(tree->model());
        const uint32_t function = model->functionRow(model->index(row, 0));
        const auto& stats = data->cohorts->byRow[function];
        if (!stats)
            continue;
        const GateVerdict verdict = gateVerdict(*stats, 0.0);
        const QString text = model->index(row, ComparisonModel::Significance).data().toString();
        QCOMPARE(text.contains(QStringLiteral("rose ≥")), verdict.fired());
        if (verdict.fired()) {
            ++regressions;
            QVERIFY2(text.endsWith(QStringLiteral("rose ≥ +%1 pp (%2)")
                                       .arg(QString::number(100.0 * verdict.bound, 'f', 2), QString::fromUtf8(gateMeasureName(verdict.measure)))),
                     qPrintable(text));
        }
        QCOMPARE(text.startsWith(QStringLiteral("too few traces")), !stats->judged);
    }
    QVERIFY(regressions >= 1); // parseRecords
    // The header's border resizes the Function column, as a user drags it.
    QHeaderView* header = tree->header();
    QCOMPARE(header->sectionResizeMode(ComparisonModel::Name), QHeaderView::Interactive);
    const int before = header->sectionSize(ComparisonModel::Name);
    const int border = header->sectionViewportPosition(ComparisonModel::Name) + before - 1;
    const int y = header->height() / 2;
    QTest::mousePress(header->viewport(), Qt::LeftButton, {}, QPoint(border, y));
    for (int step = 1; step <= 8; ++step)
        QTest::mouseMove(header->viewport(), QPoint(border + 10 * step, y));
    QTest::mouseRelease(header->viewport(), Qt::LeftButton, {}, QPoint(border + 80, y));
    QVERIFY2(std::abs(header->sectionSize(ComparisonModel::Name) - (before + 80)) <= 2,
             qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(header->sectionSize(ComparisonModel::Name))));
    // And narrower again, below what the names need.
    QTest::mousePress(header->viewport(), Qt::LeftButton, {}, QPoint(border + 79, y));
    for (int step = 1; step <= 8; ++step)
        QTest::mouseMove(header->viewport(), QPoint(border + 79 - 20 * step, y));
    QTest::mouseRelease(header->viewport(), Qt::LeftButton, {}, QPoint(border + 79 - 160, y));
    QVERIFY(header->sectionSize(ComparisonModel::Name) < before);
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/cohort-table-names.png"));
}

QTEST_MAIN(TestCollectionPage)
#include "tst_collectionpage.moc"
