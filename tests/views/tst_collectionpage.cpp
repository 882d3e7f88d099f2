// The collection page: the Traces table over a real collection of corpus profiles, its filter
// typed as a user types it, and the merged profile of the selected traces in a ProfilePage.
#include "viewtestutils.h"

#include "views/collectionpage.h"
#include "views/profilepage.h"
#include "views/tracestablemodel.h"

#include "model/collection/collector.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QLineEdit>
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
    void typedFilterSelectsTracesAndMerges();
    void badFilterSaysWhereAndKeepsTheTable();

private:
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
    std::ofstream(folder / "traces.csv") << "file,release,device\n"
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
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QDir().mkpath(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/collection-page.png"));
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
}

QTEST_MAIN(TestCollectionPage)
#include "tst_collectionpage.moc"
