// The xsbug function views: model consistency, numbers against the oracle, recursion, sorting.
#include "viewtestutils.h"

#include "views/functiontreemodel.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

#include <set>

using namespace ViewTestUtils;
using Order = FunctionTreeModel::Order;

class TestFunctionTreeModel : public QObject
{
    Q_OBJECT
private slots:
    void functionTreeModelPassesTheModelTester_data();
    void functionTreeModelPassesTheModelTester();
    void functionTreeNumbersEqualTheOracle_data();
    void functionTreeNumbersEqualTheOracle();
    void topDownDiamondSharesTheCalleesTotal();
    void bottomUpDiamondListsBothCallers();
    void recursiveFunctionTreesAreFinite();
    void anXsGraphProfileHasNoInclusiveColumn();
    void theVsCodeColumnSumsEveryPathEndingInTheFunction();
    void sortingOrdersByTheCostNotItsText();
    void newDataResetsTheModel();
};

void TestFunctionTreeModel::functionTreeModelPassesTheModelTester_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("bottomUp");
    for (const char* file : {"node_fib.cpuprofile", "tiny/diamond.cpuprofile", "tiny/xs_graph.cpuprofile",
                             "tiny/cycle.cpuprofile", "tiny/xs_stacks.cpuprofile"}) {
        QTest::addRow("%s top-down", file) << QString::fromLatin1(file) << false;
        QTest::addRow("%s bottom-up", file) << QString::fromLatin1(file) << true;
    }
}

void TestFunctionTreeModel::functionTreeModelPassesTheModelTester()
{
    QFETCH(QString, file);
    QFETCH(bool, bottomUp);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    FunctionTreeModel model(bottomUp ? Order::BottomUp : Order::TopDown);
    QAbstractItemModelTester tester(&model); // before the data: the reset is checked too
    model.setProfileData(data);
    QVERIFY(model.rowCount() > 0);
    QVERIFY(visitAll(model, 20000) > 0);
    model.setProfileData(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestFunctionTreeModel::functionTreeNumbersEqualTheOracle_data()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_dag_shared.cpuprofile",
                             "tiny/diamond.cpuprofile", "tiny/cycle.cpuprofile", "tiny/cycle_order.cpuprofile",
                             "tiny/xs_graph.cpuprofile", "tiny/xs_stacks.cpuprofile", "tiny/linear.cpuprofile"})
        QTest::addRow("%s", file) << QString::fromLatin1(file);
}

// Every function reachable in the top-down view and every bottom-up root shows the oracle's numbers.
void TestFunctionTreeModel::functionTreeNumbersEqualTheOracle()
{
    QFETCH(QString, file);
    const ProfileDataPtr data = loadData(corpusPath(file));
    QVERIFY(data);
    const nlohmann::json expected = readExpected(corpusPath(file));
    QVERIFY(!expected.is_discarded() && expected.contains("functions"));
    QVERIFY(closeEnough(data->duration(), expected.at("duration").get<double>()));

    for (Order order : {Order::TopDown, Order::BottomUp}) {
        FunctionTreeModel model(order);
        model.setProfileData(data);
        const int selfColumn = model.columnOf(CostTreeModel::Cost::Self);
        const int totalColumn = model.columnOf(CostTreeModel::Cost::Total);
        const int inclusiveColumn = model.columnOf(CostTreeModel::Cost::Inclusive);
        QCOMPARE(inclusiveColumn > 0, data->profile.hasStacks());

        std::set<quint32> seen;
        QList<QModelIndex> queue{QModelIndex()};
        while (!queue.isEmpty()) {
            const QModelIndex parent = queue.takeFirst();
            for (int row = 0; row < model.rowCount(parent); ++row) {
                const QModelIndex index = model.index(row, 0, parent);
                const quint32 frame = index.data(CostTreeModel::FrameRole).toUInt();
                if (!seen.insert(frame).second)
                    continue; // each function once is enough, and keeps this linear
                const auto function = expectedFunction(expected, *data, xsprof::FrameId(frame));
                QVERIFY2(function, qPrintable(index.data().toString()));
                auto cost = [&](int column) { return index.siblingAtColumn(column).data(CostTreeModel::CostRole).toDouble(); };
                QVERIFY2(closeEnough(cost(selfColumn), function->at("self").get<double>()),
                         qPrintable(index.data().toString()));
                QVERIFY2(closeEnough(cost(totalColumn), function->at("divided_total").get<double>()),
                         qPrintable(index.data().toString()));
                if (inclusiveColumn > 0)
                    QVERIFY2(closeEnough(cost(inclusiveColumn), function->at("total").get<double>()),
                             qPrintable(index.data().toString()));
                queue.append(index);
            }
        }
        if (order == Order::TopDown) {
            // Reachable from the roots: every function of the file.
            QCOMPARE(seen.size(), expected.at("functions").size());
        } else {
            size_t withSelf = 0;
            for (const auto& function : expected.at("functions"))
                withSelf += function.at("self").get<double>() > 0 ? 1 : 0;
            QCOMPARE(size_t(model.rowCount()), withSelf);
            // Largest self first.
            for (int row = 1; row < model.rowCount(); ++row)
                QVERIFY(model.index(row - 1, selfColumn).data(CostTreeModel::CostRole).toDouble()
                        >= model.index(row, selfColumn).data(CostTreeModel::CostRole).toDouble());
        }
    }
}

void TestFunctionTreeModel::topDownDiamondSharesTheCalleesTotal()
{
    FunctionTreeModel model(Order::TopDown);
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    // [self/total/inclusive/VS Code's total]; D's total is shared by B and C (350 each).
    QCOMPARE(printModel(model, 10),
             QStringLiteral("(root) [0/800/800/800]\n"
                            "  A [100/800/800/800]\n"
                            "    B [100/350/300/300]\n"
                            "      D [500/500/500/500]\n"
                            "    C [100/350/400/400]\n"
                            "      D [500/500/500/500]\n"));
    const QModelIndex a = findRow(model, QStringLiteral("A"), model.index(0, 0));
    QCOMPARE(a.data(CostTreeModel::LocationRole).toString(), QStringLiteral("tiny.js (2)"));
    // Top-down, the hot path follows the Total shown.
    const QModelIndex d = model.index(0, 0, findRow(model, QStringLiteral("B"), a));
    QCOMPARE(d.data(CostTreeModel::HotCostRole).toDouble(), 500.0);
}

void TestFunctionTreeModel::bottomUpDiamondListsBothCallers()
{
    FunctionTreeModel model(Order::BottomUp);
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    QCOMPARE(printModel(model, 2),
             QStringLiteral("D [500/500/500/500]\n"
                            "  B [100/350/300/300]\n"
                            "  C [100/350/400/400]\n"
                            "A [100/800/800/800]\n"
                            "  (root) [0/800/800/800]\n"
                            "B [100/350/300/300]\n"
                            "  A [100/800/800/800]\n"
                            "C [100/350/400/400]\n"
                            "  A [100/800/800/800]\n"));
    // Bottom-up, a caller's hot cost is what the callee passes up to it: D gives 250 to each.
    const QModelIndex d = findRow(model, QStringLiteral("D"));
    QCOMPARE(findRow(model, QStringLiteral("B"), d).data(CostTreeModel::HotCostRole).toDouble(), 250.0);
}

// node_fib: fib calls fib. Expanding ends with a "(recursive)" leaf, whatever the depth.
void TestFunctionTreeModel::recursiveFunctionTreesAreFinite()
{
    for (Order order : {Order::TopDown, Order::BottomUp}) {
        FunctionTreeModel model(order);
        model.setProfileData(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
        const int rows = visitAll(model, 1000000);
        QVERIFY2(rows < 1000000, "the function tree must be finite");

        QModelIndex fib;
        QList<QModelIndex> queue{QModelIndex()};
        while (!queue.isEmpty() && !fib.isValid()) {
            const QModelIndex parent = queue.takeFirst();
            for (int row = 0; row < model.rowCount(parent); ++row) {
                const QModelIndex index = model.index(row, 0, parent);
                if (index.data(CostTreeModel::NameRole).toString() == QLatin1String("fib")
                    && !index.data(CostTreeModel::RecursiveRole).toBool()) {
                    fib = index;
                    break;
                }
                queue.append(index);
            }
        }
        QVERIFY(fib.isValid());
        const QModelIndex again = findRow(model, QStringLiteral("fib"), fib);
        QVERIFY(again.isValid());
        QVERIFY(again.data(CostTreeModel::RecursiveRole).toBool());
        QCOMPARE(again.data().toString(), QStringLiteral("fib (recursive)"));
        QVERIFY(!model.hasChildren(again));
        QCOMPARE(model.rowCount(again), 0);
    }
}

// VS Code's total, as the column shows it, is FunctionAnalysis::summedPathTotal and equals a
// direct count: each sample's duration times the occurrences of the function on its stack.
void TestFunctionTreeModel::theVsCodeColumnSumsEveryPathEndingInTheFunction()
{
    for (const char* file : {"node_deep_recursion.cpuprofile", "node_fib.cpuprofile"}) {
        const ProfileDataPtr data = loadData(corpusPath(QString::fromLatin1(file)));
        QVERIFY(data);
        const xsprof::Profile& p = data->profile;
        std::vector<double> counted(p.frames.size(), 0.0);
        for (size_t i = 0; i < p.samples.size(); ++i) {
            for (xsprof::StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value])
                counted[p.stacks.frame[s.value].value] += p.samples.duration(i);
        }
        FunctionTreeModel model(Order::BottomUp);
        QAbstractItemModelTester tester(&model);
        model.setProfileData(data);
        const int vscode = model.columnOf(CostTreeModel::Cost::SummedPaths);
        QCOMPARE(model.headerData(vscode, Qt::Horizontal).toString(), QStringLiteral("Total (VS Code)"));
        QVERIFY(model.rowCount() > 3);
        bool passedTheRun = false;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex cell = model.index(row, vscode);
            const xsprof::FrameId f(cell.data(CostTreeModel::FrameRole).toUInt());
            const double shown = cell.data(CostTreeModel::CostRole).toDouble();
            QCOMPARE(shown, data->analysis.functions.summedPathTotal(f));
            QVERIFY2(closeEnough(shown, counted[f.value]), qPrintable(model.index(row, 0).data().toString()));
            QVERIFY(shown >= data->analysis.functions.inclusive(f) - 1e-6);
            passedTheRun = passedTheRun || shown > data->duration();
            if (shown > data->duration()) // the share says how many runs it adds up to
                QVERIFY(cell.data(CostTreeModel::FractionRole).toDouble() > 1.0);
        }
        if (QByteArray(file) == "node_deep_recursion.cpuprofile")
            QVERIFY(passedTheRun); // dive, counted at each level of its recursion
    }
}

void TestFunctionTreeModel::anXsGraphProfileHasNoInclusiveColumn()
{
    FunctionTreeModel model(Order::TopDown);
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile"))));
    QCOMPARE(model.columnCount(), 3); // no Inclusive without stacks
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Total (xsbug)"));
    QCOMPARE(model.columnOf(CostTreeModel::Cost::SummedPaths), -1); // nor VS Code's total
    // Both parentless records are roots; c is self-recursive and gets its leaf.
    QVERIFY(findRow(model, QStringLiteral("(host)")).isValid());
    QVERIFY(findRow(model, QStringLiteral("(gc)")).isValid());
    QVERIFY(visitAll(model, 10000) < 100);
}

void TestFunctionTreeModel::sortingOrdersByTheCostNotItsText()
{
    FunctionTreeModel model(Order::BottomUp);
    model.setProfileData(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    QSortFilterProxyModel proxy;
    proxy.setSortRole(CostTreeModel::SortRole);
    proxy.setSortCaseSensitivity(Qt::CaseInsensitive);
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy);

    const int self = model.columnOf(CostTreeModel::Cost::Self);
    const int total = model.columnOf(CostTreeModel::Cost::Total);
    for (int column : {self, total}) {
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            proxy.sort(column, order);
            QVERIFY(proxy.rowCount() > 3);
            for (int row = 1; row < proxy.rowCount(); ++row) {
                const double a = proxy.index(row - 1, column).data(CostTreeModel::CostRole).toDouble();
                const double b = proxy.index(row, column).data(CostTreeModel::CostRole).toDouble();
                QVERIFY(order == Qt::AscendingOrder ? a <= b : a >= b);
            }
        }
    }
    proxy.sort(self, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, 0).data(CostTreeModel::NameRole).toString(), QStringLiteral("sumLoop"));
    proxy.sort(0, Qt::AscendingOrder);
    for (int row = 1; row < proxy.rowCount(); ++row)
        QVERIFY(proxy.index(row - 1, 0).data(CostTreeModel::NameRole).toString().compare(
                    proxy.index(row, 0).data(CostTreeModel::NameRole).toString(), Qt::CaseInsensitive) <= 0);
}

void TestFunctionTreeModel::newDataResetsTheModel()
{
    FunctionTreeModel model(Order::TopDown);
    QAbstractItemModelTester tester(&model);
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    visitAll(model, 100);
    model.setProfileData(loadData(corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile"))));
    QCOMPARE(model.columnCount(), 3);
    visitAll(model, 100);
}

QTEST_GUILESS_MAIN(TestFunctionTreeModel)
#include "tst_functiontreemodel.moc"
