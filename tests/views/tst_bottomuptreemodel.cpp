// The per-path Bottom-Up Tree: model consistency and leaf times split by caller.
#include "viewtestutils.h"

#include "views/bottomuptreemodel.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ViewTestUtils;

class TestBottomUpTreeModel : public QObject
{
    Q_OBJECT
private slots:
    void bottomUpModelPassesTheModelTester_data() { files(); }
    void bottomUpModelPassesTheModelTester();
    void bottomUpNumbersEqualTheOracle_data() { files(); }
    void bottomUpNumbersEqualTheOracle();
    void aDiamondChargesEachCallerItsShare();
    void aSortingProxyAsksForChildrenWithoutBuildingThem();

private:
    static void files();
};

void TestBottomUpTreeModel::files()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_gc_heavy.cpuprofile",
                             "tiny/diamond.cpuprofile", "tiny/cycle.cpuprofile", "tiny/xs_stacks.cpuprofile"})
        QTest::addRow("%s", file) << QString::fromLatin1(file);
}

void TestBottomUpTreeModel::bottomUpModelPassesTheModelTester()
{
    QFETCH(QString, file);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    BottomUpTreeModel model;
    QAbstractItemModelTester tester(&model);
    model.setProfileData(data);
    QVERIFY(model.rowCount() > 0);
    visitAll(model, 50000);
}

void TestBottomUpTreeModel::bottomUpNumbersEqualTheOracle()
{
    QFETCH(QString, file);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    const nlohmann::json expected = readExpected(corpusPath(file));
    BottomUpTreeModel model;
    model.setProfileData(data);
    const int time = model.columnOf(CostTreeModel::Cost::Time);
    auto cost = [time](const QModelIndex& index) {
        return index.siblingAtColumn(time).data(CostTreeModel::CostRole).toDouble();
    };
    QCOMPARE(size_t(model.rowCount()), expected.at("bottom_up").size());
    for (const auto& leaf : expected.at("bottom_up")) {
        const QModelIndex row = findExpectedRow(model, leaf, *data);
        QVERIFY(row.isValid());
        QVERIFY(closeEnough(cost(row), leaf.at("self").get<double>()));
        for (const auto& caller : leaf.at("callers")) {
            if (caller.at("caller").is_null())
                continue; // time of a root function with no caller: no child row
            const QModelIndex callerRow = findExpectedRow(model, caller, *data, row);
            QVERIFY2(callerRow.isValid(), qPrintable(printModel(model, 3)));
            QVERIFY(closeEnough(cost(callerRow), caller.at("time").get<double>()));
        }
    }
}

// A sorting proxy (as every tree view has) asks each row it shows whether it has children: the
// answer must not build them (on a 1 GB profile that cost the GUI thread 0.6 s); expanding does.
void TestBottomUpTreeModel::aSortingProxyAsksForChildrenWithoutBuildingThem()
{
    BottomUpTreeModel model;
    model.setProfileData(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.sort(0, Qt::AscendingOrder); // what a tree view with sorting enabled does
    int withChildren = 0;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QModelIndex index = proxy.index(row, 0);
        if (!proxy.hasChildren(index))
            continue;
        ++withChildren;
        QVERIFY2(model.canFetchMore(proxy.mapToSource(index)), "asking built the children");
    }
    QVERIFY(withChildren > 0);
    const QModelIndex first = proxy.index(0, 0);
    QVERIFY(proxy.hasChildren(first));
    QVERIFY(proxy.canFetchMore(first)); // what a tree view does when a row is expanded
    proxy.fetchMore(first);
    QVERIFY(!model.canFetchMore(proxy.mapToSource(first)));
    QVERIFY(proxy.rowCount(first) > 0);
    QCOMPARE(proxy.rowCount(first), model.rowCount(proxy.mapToSource(first)));
    QAbstractItemModelTester tester(&proxy); // walks (and so builds) what it checks
}

void TestBottomUpTreeModel::aDiamondChargesEachCallerItsShare()
{
    BottomUpTreeModel model;
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    QCOMPARE(printModel(model, 2), QStringLiteral("D [500]\n"
                                                  "  C [300]\n"
                                                  "  B [200]\n"
                                                  "A [100]\n"
                                                  "  (root) [100]\n"
                                                  "B [100]\n"
                                                  "  A [100]\n"
                                                  "C [100]\n"
                                                  "  A [100]\n"));
}

QTEST_GUILESS_MAIN(TestBottomUpTreeModel)
#include "tst_bottomuptreemodel.moc"
