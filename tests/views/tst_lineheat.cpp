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
#include <QTextBlock>
#include <QTest>

using namespace xsprof;
using ViewTestUtils::findDeep;

class TestLineHeat : public QObject {
    Q_OBJECT

private slots:
    void heatOfTheSelectedFunction();
    void noTicksSaysSo();
    void tabStopsAreFourColumns();
};

namespace {
// The x where the text of `line` (1-based) starts after its indentation.
int textStartX(SourceView* view, int line)
{
    QTextCursor cursor(view->document()->findBlockByNumber(line - 1));
    const QString text = cursor.block().text();
    cursor.setPosition(cursor.block().position() + int(text.size() - text.trimmed().size()));
    return view->cursorRect(cursor).left();
}
} // namespace

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

// A tab in the profile's source indents as far as 4 spaces, not 8, in any font size; the text
// has an accessible name.
void TestLineHeat::tabStopsAreFourColumns()
{
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("tiny.js")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("// tiny\nfunction main() {\n\treturn a();\n    // four\n\t\tnested;\n"
                          "function a() {}\n        // eight\n\n\nfunction b() {}\n"));
    file.close();
    ProfilePage page(ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("tiny/linear.cpuprofile"))));
    page.setPathMappings(PathMappings::fromText(QStringLiteral("/tiny.js => %1").arg(file.fileName())));
    page.resize(800, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.showSource(findDeep(*page.functionView(false)->model(), QStringLiteral("b"), 6));
    SourceView* view = page.sourcePane()->view();
    QVERIFY(view->toPlainText().contains(QLatin1String("\treturn")));
    QCOMPARE(view->accessibleName(), QStringLiteral("Source text")); // a screen reader names it
    for (const int points : {0, 18}) {
        if (points > 0) {
            QFont larger = view->font();
            larger.setPointSize(points);
            view->setFont(larger);
        }
        QCOMPARE(textStartX(view, 3), textStartX(view, 4)); // one tab = four spaces
        QCOMPARE(textStartX(view, 5), textStartX(view, 7)); // two tabs = eight spaces
        QVERIFY(textStartX(view, 3) < textStartX(view, 7));
    }
}

QTEST_MAIN(TestLineHeat)
#include "tst_lineheat.moc"
