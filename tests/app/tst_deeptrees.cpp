// Trees 1 000 calls deep, in the window at 1366×768 and 1024×768: in every tree view, after
// Expand Hot Path (Ctrl+E), arrow keys and a search, the selected row's numbers are inside
// the viewport and its name is drawn on its row; the Function column does not grow with the
// depth; a deep row's tooltip gives its path; the widths the user gives the columns come back
// in a new window.
#include "desktopwindowfixture.h"
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/functiondelegate.h"
#include "views/profilepage.h"
#include "views/searchbar.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

constexpr int chainLength = 1000; // functions called one inside the other

QString deepName(int level)
{
    if (level == chainLength) // the leaf: long enough to be elided in the middle at 1024 px
        return QStringLiteral("DeeplyNestedComponentTreeRenderer.prototype.reconcileChildrenOfTheDeepestLeaf");
    return QStringLiteral("descend%1").arg(level, 4, 10, QLatin1Char('0'));
}

// A V8 .cpuprofile: (root) → descend0001 → … → descend0999 → the leaf, with 900 samples in
// the leaf, 50 halfway down and 50 in (program).
QByteArray deepProfile()
{
    using nlohmann::json;
    const auto frame = [](const QString& name, int line) {
        return json{{"functionName", name.toStdString()}, {"scriptId", "1"}, {"url", "file:///deep/parser.js"},
                    {"lineNumber", line}, {"columnNumber", 4}};
    };
    json nodes = json::array();
    nodes.push_back({{"id", 1}, {"callFrame", frame(QStringLiteral("(root)"), -1)}, {"hitCount", 0},
                     {"children", {2, chainLength + 2}}});
    for (int level = 1; level <= chainLength; ++level) {
        json node{{"id", level + 1}, {"callFrame", frame(deepName(level), level)}, {"hitCount", 0}};
        if (level < chainLength)
            node["children"] = {level + 2};
        nodes.push_back(node);
    }
    json program{{"id", chainLength + 2}, {"callFrame", frame(QStringLiteral("(program)"), -1)}, {"hitCount", 0}};
    program["callFrame"]["url"] = "";
    nodes.push_back(program);
    json samples = json::array(), deltas = json::array();
    for (int i = 0; i < 1000; ++i) {
        samples.push_back(i < 900 ? chainLength + 1 : i < 950 ? chainLength / 2 + 1 : chainLength + 2);
        deltas.push_back(1000);
    }
    const json profile{{"nodes", nodes}, {"startTime", 0}, {"endTime", 1000 * 1000}, {"samples", samples},
                       {"timeDeltas", deltas}};
    return QByteArray::fromStdString(profile.dump());
}

int levelOf(const QModelIndex& index)
{
    return index.siblingAtColumn(0).data(CostTreeModel::LevelRole).toInt();
}

// The current row's name: room for a dozen characters on screen and drawn (text pixels,
// which differ clearly from the selection's colour, in its part of the row).
QString nameHidden(CostTreeView* view)
{
    const QModelIndex current = view->currentIndex().siblingAtColumn(0);
    const QRect cell = view->visualRect(current);
    if (cell.top() < 0 || cell.bottom() > view->viewport()->height())
        return QStringLiteral("row at y %1..%2 of %3").arg(cell.top()).arg(cell.bottom()).arg(view->viewport()->height());
    const QRect text = FunctionDelegate::layout(cell, levelOf(current), view->fontMetrics()).text & view->viewport()->rect();
    if (text.width() < view->fontMetrics().averageCharWidth() * 12)
        return QStringLiteral("%1 px for the name at x %2").arg(text.width()).arg(text.left());
    const QImage image = view->viewport()->grab().toImage();
    const QColor selection = view->palette().color(QPalette::Active, QPalette::Highlight);
    int ink = 0;
    for (int y = text.top(); y <= text.bottom(); ++y) {
        for (int x = text.left(); x <= std::min(text.right(), image.width() - 1); ++x) {
            const QColor c = image.pixelColor(x, y);
            ink += std::abs(c.red() - selection.red()) + std::abs(c.green() - selection.green()) +
                           std::abs(c.blue() - selection.blue()) >
                   150;
        }
    }
    return ink >= 30 ? QString() : QStringLiteral("%1 text pixels in the name").arg(ink);
}

QString onScreen(CostTreeView* view)
{
    if (!view->currentIndex().isValid())
        return QStringLiteral("no current row");
    const QString numbers = ViewTestUtils::numbersOutsideViewport(view);
    return numbers.isEmpty() ? nameHidden(view) : numbers;
}

} // namespace

class TestDeepTrees : public DesktopWindowFixture
{
    Q_OBJECT
private slots:
    void everyTreeKeepsNumbersAndNamesOnScreen_data();
    void everyTreeKeepsNumbersAndNamesOnScreen();
    void aDeepRowSaysItsLevelAndPath();
    void columnWidthsComeBackInANewWindow();

private:
    QString writeDeepProfile();
    ProfilePage* openDeep(int width);
};

QString TestDeepTrees::writeDeepProfile()
{
    const QString path = m_dir->filePath(QStringLiteral("deep.cpuprofile"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(deepProfile()) < 0)
        return {};
    return path;
}

ProfilePage* TestDeepTrees::openDeep(int width)
{
    m_window->resize(width, 768);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window.get()))
        return nullptr;
    ProfilePage* page = openAndWait(writeDeepProfile());
    QApplication::processEvents();
    return page;
}

void TestDeepTrees::everyTreeKeepsNumbersAndNamesOnScreen_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("1366x768") << 1366;
    QTest::newRow("1024x768") << 1024;
}

void TestDeepTrees::everyTreeKeepsNumbersAndNamesOnScreen()
{
    QFETCH(int, width);
    ProfilePage* page = openDeep(width);
    QVERIFY(page);
    QCOMPARE(m_window->width(), width);

    struct Tree {
        QString name;
        Qt::Key viewKey; // Alt+digit
        bool bottomUp;
    };
    const Tree trees[] = {{QStringLiteral("Functions, top-down"), Qt::Key_1, false},
                          {QStringLiteral("Functions, bottom-up"), Qt::Key_1, true},
                          {QStringLiteral("Call Tree"), Qt::Key_2, false},
                          {QStringLiteral("Bottom-Up Tree"), Qt::Key_3, true}};
    for (const Tree& tree : trees) {
        QTest::keyClick(m_window.get(), tree.viewKey, Qt::AltModifier);
        if (page->isBottomUp() != tree.bottomUp)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_B, Qt::ControlModifier);
        CostTreeView* view = page->currentView();
        QVERIFY2(view && view->hasFocus(), qPrintable(tree.name));
        QCOMPARE(page->isBottomUp(), tree.bottomUp);
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // Ctrl+E from the top row: down the whole chain.
        view->setCurrentIndex(view->model()->index(0, 0));
        QTest::keyClick(view, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY2(levelOf(view->currentIndex()) >= chainLength, qPrintable(tree.name));
        QApplication::processEvents();
        QVERIFY2(onScreen(view).isEmpty(), qPrintable(QStringLiteral("%1 after Ctrl+E: %2").arg(tree.name, onScreen(view))));
        // The Function column fills the rest of the viewport, not the depth of the tree.
        QVERIFY2(view->header()->length() <= view->viewport()->width(),
                 qPrintable(QStringLiteral("%1: header %2 px in %3").arg(tree.name).arg(view->header()->length()).arg(view->viewport()->width())));
        QCOMPARE(view->horizontalScrollBar()->value(), 0);

        // Up, Left (to the parent), Right (back into it), Down: still on screen.
        for (Qt::Key key : {Qt::Key_Up, Qt::Key_Up, Qt::Key_Left, Qt::Key_Right, Qt::Key_Down, Qt::Key_PageUp, Qt::Key_End}) {
            const int before = levelOf(view->currentIndex());
            QTest::keyClick(view, key);
            QApplication::processEvents();
            QVERIFY2(onScreen(view).isEmpty(),
                     qPrintable(QStringLiteral("%1 after key %2 (level %3 → %4): %5")
                                    .arg(tree.name)
                                    .arg(key, 0, 16)
                                    .arg(before)
                                    .arg(levelOf(view->currentIndex()))
                                    .arg(onScreen(view))));
        }
    }

    // A search for a name 700 calls down reveals it with its numbers.
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::AltModifier);
    CostTreeView* callTree = page->currentView();
    callTree->collapseAll();
    QTest::keyClick(callTree, Qt::Key_F, Qt::ControlModifier);
    QLineEdit* field = page->searchBar()->findChild<QLineEdit*>();
    QVERIFY(field && field->hasFocus());
    QTest::keyClicks(field, deepName(700));
    QTest::keyClick(field, Qt::Key_Return);
    QTRY_COMPARE(callTree->currentIndex().data(CostTreeModel::NameRole).toString(), deepName(700));
    QApplication::processEvents();
    QCOMPARE(levelOf(callTree->currentIndex()), 701);
    QVERIFY2(onScreen(callTree).isEmpty(), qPrintable(onScreen(callTree)));
}

void TestDeepTrees::aDeepRowSaysItsLevelAndPath()
{
    ProfilePage* page = openDeep(1024);
    QVERIFY(page);
    CostTreeView* view = page->callTreeView();
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::AltModifier);
    QTRY_VERIFY(levelOf(view->currentIndex()) >= chainLength); // opened on its hot path
    const QString tip = view->currentIndex().data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Level 1001")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("→ (root)")) && tip.contains(QStringLiteral("→ descend0001")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("→ descend0999")), qPrintable(tip)); // the caller just above
    QVERIFY2(tip.contains(QStringLiteral("more calls")), qPrintable(tip));   // the middle given way
    QVERIFY2(!tip.contains(QStringLiteral("descend0500")), qPrintable(tip));
    // A shallow row has no path to give.
    QVERIFY(!view->model()->index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Level")));

    // Its indentation stopped at FunctionDelegate::levelsIndented levels; the badge says the level.
    const FunctionDelegate::RowLayout deep = FunctionDelegate::layout(QRect(0, 0, 600, 20), 1001, view->fontMetrics());
    const FunctionDelegate::RowLayout capped =
        FunctionDelegate::layout(QRect(0, 0, 600, 20), FunctionDelegate::levelsIndented + 1, view->fontMetrics());
    QCOMPARE(deep.arrow, capped.arrow);
    QCOMPARE(deep.badgeText, QStringLiteral("⋯1001"));
    QVERIFY(FunctionDelegate::layout(QRect(0, 0, 600, 20), 3, view->fontMetrics()).badge.isEmpty());

    // A click on a row's arrow closes it, another opens it.
    const QModelIndex parent = view->currentIndex().parent();
    view->scrollTo(parent);
    QApplication::processEvents();
    const auto arrowOf = [&](const QModelIndex& index) {
        return FunctionDelegate::layout(view->visualRect(index), levelOf(index), view->fontMetrics()).arrow.center();
    };
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, arrowOf(parent));
    QVERIFY(!view->isExpanded(parent));
    QApplication::processEvents(); // the rows below went: the view may have scrolled
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, arrowOf(parent), 500);
    QVERIFY(view->isExpanded(parent));
}

// The user widens Self in the top-down functions and Total in the call tree (what dragging
// the header's border does); a new window on the same settings shows them as they were.
void TestDeepTrees::columnWidthsComeBackInANewWindow()
{
    ProfilePage* page = openDeep(1366);
    QVERIFY(page);
    CostTreeView* functions = page->functionView(false);
    CostTreeView* callTree = page->callTreeView();
    const int self = functions->costModel()->columnOf(CostTreeModel::Cost::Self);
    const int total = callTree->costModel()->columnOf(CostTreeModel::Cost::Total);
    const int selfWidth = functions->header()->sectionSize(self) + 37;
    const int totalWidth = callTree->header()->sectionSize(total) + 23;
    functions->header()->resizeSection(self, selfWidth);
    callTree->header()->resizeSection(total, totalWidth);
    QApplication::processEvents();
    QVERIFY(ViewTestUtils::numbersOutsideViewport(functions).isEmpty());
    // The window's width changes; the user's widths do not.
    m_window->resize(1100, 768);
    QApplication::processEvents();
    QCOMPARE(functions->header()->sectionSize(self), selfWidth);
    QVERIFY(m_window->close());

    m_window = std::make_unique<MainWindow>(m_settings.get());
    page = openDeep(1366);
    QVERIFY(page);
    QCOMPARE(page->functionView(false)->header()->sectionSize(self), selfWidth);
    QCOMPARE(page->callTreeView()->header()->sectionSize(total), totalWidth);
    QVERIFY(ViewTestUtils::numbersOutsideViewport(page->functionView(false)).isEmpty());
}

QTEST_MAIN(TestDeepTrees)
#include "tst_deeptrees.moc"
