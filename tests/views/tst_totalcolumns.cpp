// The three totals of the function views side by side (xsbug's divided total, Chrome
// DevTools' inclusive, VS Code's summed paths): the header's chooser, its memory across tabs
// and restarts, the headers' explanations and the help page they lead to.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/profilepage.h"
#include "views/totalcolumns.h"
#include "views/totalshelp.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolTip>
#include <QHelpEvent>

using namespace ViewTestUtils;

class TestTotalColumns : public QObject
{
    Q_OBJECT
private slots:
    void theHeaderMenuShowsVsCodesTotalInEveryTab();
    void theTotalColumnsChoiceIsKeptInTheSettings();
    void everyTotalHeaderSaysWhatItMeans();
    void theHeaderMenuOpensTheTotalsHelp();
    void theFunctionsViewHeaderSaysARowIsTheWholeProfiles();
};

namespace {
// Right-clicks the header of `view` and clicks the menu's entry `text`.
void chooseFromHeaderMenu(CostTreeView* view, const QString& text)
{
    // What a right-click on the header gives the widget (the offscreen platform sends none).
    QHeaderView* head = view->header();
    const QPoint at(head->sectionViewportPosition(1) + 5, 5);
    QTest::mouseClick(head->viewport(), Qt::RightButton, {}, at);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, head->viewport()->mapToGlobal(at));
    QApplication::sendEvent(head->viewport(), &event);
    QMenu* menu = nullptr;
    QTRY_VERIFY((menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())));
    QAction* chosen = nullptr;
    for (QAction* action : menu->actions()) {
        if (action->text() == text)
            chosen = action;
    }
    QVERIFY2(chosen, qPrintable(text));
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(chosen).center());
    QTRY_VERIFY(!menu->isVisible());
}

int columnTitled(const CostTreeView* view, const QString& title)
{
    for (int c = 0; c < view->model()->columnCount(); ++c) {
        if (view->model()->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    }
    return -1;
}
} // namespace

// A recursive profile: VS Code's total is hidden at first; the header's context menu shows it,
// in this tab's both function views and in a tab opened afterwards, and hides it again.
void TestTotalColumns::theHeaderMenuShowsVsCodesTotalInEveryTab()
{
    TotalColumns::instance()->reset();
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_deep_recursion.cpuprofile")));
    ProfilePage page(data);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* view = page.functionView(false);
    const int vscode = view->costModel()->columnOf(CostTreeModel::Cost::SummedPaths);
    QVERIFY(vscode > 0);
    QVERIFY(view->isColumnHidden(vscode));
    QVERIFY(!view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::Total)));
    QVERIFY(!view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::Inclusive)));
    // The per-path trees have no such columns to choose: their Total stays.
    QCOMPARE(page.callTreeView()->costModel()->columnOf(CostTreeModel::Cost::SummedPaths), -1);

    chooseFromHeaderMenu(view, QStringLiteral("Total (VS Code, summed paths)"));
    QVERIFY(!view->isColumnHidden(vscode));
    QVERIFY(!page.functionView(true)->isColumnHidden(vscode));
    QCOMPARE(columnTitled(view, QStringLiteral("Total (VS Code)")), vscode);
    // dive recurses: its VS Code total passes the run's length; xsbug's and DevTools' do not.
    const QModelIndex dive = findDeep(*view->model(), QStringLiteral("dive"), 4);
    QVERIFY(dive.isValid());
    const double duration = data->duration();
    QVERIFY(dive.siblingAtColumn(vscode).data(CostTreeModel::CostRole).toDouble() > duration);
    QVERIFY(dive.siblingAtColumn(view->costModel()->columnOf(CostTreeModel::Cost::Inclusive))
                .data(CostTreeModel::CostRole)
                .toDouble()
            <= duration);

    ProfilePage second(data);
    QVERIFY(!second.functionView(false)->isColumnHidden(vscode)); // the choice is the window's
    // Ctrl+C copies what is shown: with VS Code's column, four costs.
    view->reveal(dive);
    QCOMPARE(view->selectionAsText().trimmed().split(QLatin1Char('\t')).size(), 2 + 2 * 4);

    chooseFromHeaderMenu(view, QStringLiteral("Total (xsbug, divided)"));
    QVERIFY(view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::Total)));
    QVERIFY(
        !page.callTreeView()->isColumnHidden(page.callTreeView()->costModel()->columnOf(CostTreeModel::Cost::Total)));
    QCOMPARE(view->selectionAsText().trimmed().split(QLatin1Char('\t')).size(), 2 + 2 * 3);
    TotalColumns::instance()->action(CostTreeModel::Cost::Total)->trigger(); // as View › Total Columns does
    QVERIFY(!view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::Total)));
    TotalColumns::instance()->reset();
    QVERIFY(view->isColumnHidden(vscode));
}

// The choice goes to the settings, and a restart (a new settings object on the same file)
// shows the same columns; a saved page layout does not bring back another choice.
void TestTotalColumns::theTotalColumnsChoiceIsKeptInTheSettings()
{
    TotalColumns::instance()->reset();
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("settings.ini"));
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QByteArray layout;
    {
        QSettings settings(file, QSettings::IniFormat);
        TotalColumns::instance()->setStore(&settings);
        ProfilePage page(data);
        layout = page.saveViewState(); // VS Code's column hidden in this layout
        TotalColumns::instance()->setShown(CostTreeModel::Cost::SummedPaths, true);
        TotalColumns::instance()->setShown(CostTreeModel::Cost::Inclusive, false);
    } // the settings go away: the choice keeps working in memory
    TotalColumns::instance()->reset();
    QVERIFY(!TotalColumns::instance()->isShown(CostTreeModel::Cost::SummedPaths));
    QSettings restarted(file, QSettings::IniFormat);
    TotalColumns::instance()->setStore(&restarted);
    QVERIFY(TotalColumns::instance()->isShown(CostTreeModel::Cost::SummedPaths));
    QVERIFY(!TotalColumns::instance()->isShown(CostTreeModel::Cost::Inclusive));
    ProfilePage page(data);
    page.restoreViewState(layout);
    const CostTreeView* view = page.functionView(false);
    QVERIFY(!view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::SummedPaths)));
    QVERIFY(view->isColumnHidden(view->costModel()->columnOf(CostTreeModel::Cost::Inclusive)));
    TotalColumns::instance()->setStore(nullptr);
    TotalColumns::instance()->reset();
}

void TestTotalColumns::everyTotalHeaderSaysWhatItMeans()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    const QAbstractItemModel* model = page.functionView(false)->model();
    const auto tip = [&](CostTreeModel::Cost cost) {
        return model->headerData(page.functionView(false)->costModel()->columnOf(cost), Qt::Horizontal, Qt::ToolTipRole)
            .toString();
    };
    QVERIFY(tip(CostTreeModel::Cost::Self).contains(QLatin1String("itself")));
    QVERIFY(tip(CostTreeModel::Cost::Total).contains(QLatin1String("divided")));
    QVERIFY(tip(CostTreeModel::Cost::Total).contains(QLatin1String("shared equally")));
    QVERIFY(tip(CostTreeModel::Cost::Inclusive).contains(QLatin1String("Chrome DevTools")));
    QVERIFY(tip(CostTreeModel::Cost::SummedPaths).contains(QLatin1String("exceed the run")));
    // The call tree's Total is a path's own: its tooltip says so, not xsbug's division.
    const CostTreeView* tree = page.callTreeView();
    const QString pathTip =
        tree->model()
            ->headerData(tree->costModel()->columnOf(CostTreeModel::Cost::Total), Qt::Horizontal, Qt::ToolTipRole)
            .toString();
    QVERIFY(pathTip.contains(QLatin1String("call path")));
    QVERIFY(!pathTip.contains(QLatin1String("divided")));
}

void TestTotalColumns::theHeaderMenuOpensTheTotalsHelp()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.resize(1000, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    chooseFromHeaderMenu(page.functionView(false), QStringLiteral("What the &Totals Mean"));
    TotalsHelp* help = nullptr;
    QTRY_VERIFY((help = page.findChild<TotalsHelp*>()) || [&] {
        for (QWidget* w : QApplication::topLevelWidgets()) {
            if (auto* h = qobject_cast<TotalsHelp*>(w); h && h->isVisible())
                help = h;
        }
        return help != nullptr;
    }());
    const QString text = help->text()->toPlainText();
    for (const char* term :
         {"Self", "Total (xsbug, divided)", "Inclusive (Chrome DevTools)", "Total (VS Code, summed paths)"})
        QVERIFY2(text.contains(QLatin1String(term)), term);
    QVERIFY(text.contains(QLatin1String("can exceed the run")));
    // A callee row of the Functions view is not the time under that caller: the Call Tree's is.
    QVERIFY(text.contains(QLatin1String("Functions view versus Call Tree")));
    QVERIFY(text.contains(QLatin1String("not the time the function spent under that caller")));
    QVERIFY(text.contains(QLatin1String("use the Call Tree")));
    help->close();
}

// Hovering the Functions view's headers (the function and each number) says that every row,
// a callee under its caller too, holds the function's numbers over the whole profile, and
// points to the Call Tree; the Call Tree's headers do not say so.
void TestTotalColumns::theFunctionsViewHeaderSaysARowIsTheWholeProfiles()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.resize(1000, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto hoverTip = [](CostTreeView* view, int column) {
        QHeaderView* head = view->header();
        const QPoint at(head->sectionViewportPosition(column) + 5, head->height() / 2);
        QHelpEvent event(QEvent::ToolTip, at, head->viewport()->mapToGlobal(at));
        QApplication::sendEvent(head->viewport(), &event);
        const QString text = QToolTip::text();
        QToolTip::hideText();
        return text;
    };
    CostTreeView* functions = page.functionView(false);
    page.tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
    QTRY_VERIFY(functions->isVisible());
    for (int column : {0, functions->costModel()->columnOf(CostTreeModel::Cost::Total)}) {
        const QString tip = hoverTip(functions, column);
        QVERIFY2(tip.contains(QLatin1String("over the whole profile")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("not the time it spent under that caller")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("The Call Tree shows the time of each call path")), qPrintable(tip));
    }
    CostTreeView* tree = page.callTreeView();
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    QTRY_VERIFY(tree->isVisible());
    const QString treeTip = hoverTip(tree, 0);
    QVERIFY(!treeTip.isEmpty());
    QVERIFY(!treeTip.contains(QLatin1String("whole profile")));
}

QTEST_MAIN(TestTotalColumns)
#include "tst_totalcolumns.moc"
