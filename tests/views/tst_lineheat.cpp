// Line heat in a profile page's source pane: showing a function's source puts its per-line
// self time (model/linecosts on the file's positionTicks) in the gutter and scrolls its
// hottest line into view; a profile without positionTicks says so in the pane instead.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/profilepage.h"
#include "views/sourcepane.h"
#include "views/sourceview.h"

#include "model/linecosts.h"

#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

using namespace xsprof;
using ViewTestUtils::findDeep;

class TestLineHeat : public QObject {
    Q_OBJECT

private slots:
    void heatOfTheSelectedFunction();
    void noTicksSaysSo();
};

void TestLineHeat::heatOfTheSelectedFunction()
{
    const ProfileDataPtr data = ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    // The file was recorded in /home/dev/bench; the workload is in the corpus.
    page.setPathMappings(PathMappings::fromText(
        QStringLiteral("/home/dev/bench => %1").arg(ViewTestUtils::corpusPath(QStringLiteral("workloads")))));
    page.resize(1000, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));

    CostTreeView* view = page.functionView(false);
    const QModelIndex fib = findDeep(*view->model(), QStringLiteral("fib"), 12);
    QVERIFY(fib.isValid());
    const FrameId f(fib.data(CostTreeModel::FrameRole).toUInt());
    page.showSource(fib);
    SourcePane* pane = page.sourcePane();
    QVERIFY(pane->isVisible());
    QVERIFY(pane->currentPath().endsWith(QLatin1String("workloads/fib.js")));
    QVERIFY(!pane->notice()->isVisible());

    const FunctionLineCosts want = lineCosts(data->profile, f);
    const QMap<int, double>& shown = pane->view()->lineCosts();
    QCOMPARE(size_t(shown.size()), want.lines.size());
    for (const LineCost& line : want.lines)
        QVERIFY(ViewTestUtils::closeEnough(shown.value(line.line), line.self));
    // fib.js: line 8 is "function fib(n) {", line 9 its body, the hotter one.
    QVERIFY(shown.value(9) > shown.value(8));
    QCOMPARE(pane->view()->textCursor().blockNumber() + 1, want.hottest()->line);
    QVERIFY(pane->view()->gutterWidth() > 60); // the heat column is there

    // Another function: its own lines only.
    const QModelIndex sumLoop = findDeep(*view->model(), QStringLiteral("sumLoop"), 12);
    page.showSource(sumLoop);
    QCOMPARE(pane->view()->lineCosts().keys(), QList<int>{16});
    QCOMPARE(pane->view()->textCursor().blockNumber() + 1, 16);
}

void TestLineHeat::noTicksSaysSo()
{
    // tiny/linear has no positionTicks; its url file:///tiny.js maps to a local copy.
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("tiny.js")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("// tiny\nfunction main() {}\n\n\n\nfunction a() {}\n\n\n\nfunction b() {}\n"));
    file.close();
    ProfilePage page(ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("tiny/linear.cpuprofile"))));
    page.setPathMappings(PathMappings::fromText(QStringLiteral("/tiny.js => %1").arg(file.fileName())));
    page.resize(800, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* view = page.functionView(false);
    const QModelIndex b = findDeep(*view->model(), QStringLiteral("b"), 6);
    QVERIFY(b.isValid());
    page.showSource(b);
    QVERIFY(page.sourcePane()->isVisible());
    QVERIFY(page.sourcePane()->notice()->isVisible());
    QVERIFY(page.sourcePane()->notice()->text().contains(QStringLiteral("positionTicks")));
    QVERIFY(page.sourcePane()->view()->lineCosts().isEmpty());
}

QTEST_MAIN(TestLineHeat)
#include "tst_lineheat.moc"
