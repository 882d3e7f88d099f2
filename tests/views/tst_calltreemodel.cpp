// The per-path Call Tree: model consistency and the first two levels against the oracle.
#include "viewtestutils.h"

#include "views/calltreemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace ViewTestUtils;

class TestCallTreeModel : public QObject
{
    Q_OBJECT
private slots:
    void callTreeModelPassesTheModelTester_data() { files(); }
    void callTreeModelPassesTheModelTester();
    void callTreeNumbersEqualTheOracle_data() { files(); }
    void callTreeNumbersEqualTheOracle();
    void aDiamondSplitsTheCalleeByPath();
    void deepRecursionIsVisitedWithoutExhaustion();

private:
    static void files();
};

void TestCallTreeModel::files()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_async_timers.cpuprofile",
                             "tiny/diamond.cpuprofile", "tiny/cycle.cpuprofile", "tiny/variants.cpuprofile",
                             "tiny/diamond_trace.json", "chromium_selfprof_shared.json"})
        QTest::addRow("%s", file) << QString::fromLatin1(file);
}

void TestCallTreeModel::callTreeModelPassesTheModelTester()
{
    QFETCH(QString, file);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    CallTreeModel model;
    QAbstractItemModelTester tester(&model);
    model.setProfileData(data);
    QVERIFY(model.rowCount() > 0);
    visitAll(model, 50000);
}

void TestCallTreeModel::callTreeNumbersEqualTheOracle()
{
    QFETCH(QString, file);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    nlohmann::json expected = readExpected(corpusPath(file));
    if (expected.contains("profiles"))
        expected = expected.at("profiles").at(0);
    const int lineBase = expected.value("key_line_base", 0);
    CallTreeModel model;
    model.setProfileData(data);
    const int self = model.columnOf(CostTreeModel::Cost::Self);
    const int total = model.columnOf(CostTreeModel::Cost::Total);
    auto cost = [](const QModelIndex& index, int column) {
        return index.siblingAtColumn(column).data(CostTreeModel::CostRole).toDouble();
    };
    QCOMPARE(size_t(model.rowCount()), expected.at("top_down").size());
    for (const auto& root : expected.at("top_down")) {
        const QModelIndex row = findExpectedRow(model, root, *data, {}, lineBase);
        QVERIFY(row.isValid());
        QVERIFY(closeEnough(cost(row, self), root.at("self").get<double>()));
        QVERIFY(closeEnough(cost(row, total), root.at("total").get<double>()));
        const auto children = root.value("children", nlohmann::json::array());
        QCOMPARE(size_t(model.rowCount(row)), children.size());
        for (const auto& child : children) {
            const QModelIndex childRow = findExpectedRow(model, child, *data, row, lineBase);
            QVERIFY(childRow.isValid());
            QVERIFY(closeEnough(cost(childRow, self), child.at("self").get<double>()));
            QVERIFY(closeEnough(cost(childRow, total), child.at("total").get<double>()));
        }
    }
}

void TestCallTreeModel::aDiamondSplitsTheCalleeByPath()
{
    CallTreeModel model;
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    // Per path: D's 500 µs split 300 (via C) / 200 (via B); children largest first.
    QCOMPARE(printModel(model, 10), QStringLiteral("(root) [0/800]\n"
                                                   "  A [100/800]\n"
                                                   "    C [100/400]\n"
                                                   "      D [300/300]\n"
                                                   "    B [100/300]\n"
                                                   "      D [200/200]\n"));
}

// A path per recursion level: deep, but every level is a real path and the tree ends.
void TestCallTreeModel::deepRecursionIsVisitedWithoutExhaustion()
{
    CallTreeModel model;
    model.setProfileData(loadData(corpusPath(QStringLiteral("node_deep_recursion.cpuprofile"))));
    const int rows = visitAll(model, 1000000);
    QVERIFY(rows > 100);
    QVERIFY(rows < 1000000);
}

QTEST_GUILESS_MAIN(TestCallTreeModel)
#include "tst_calltreemodel.moc"
