// The profile views by keyboard and for a screen reader: flame graph and chart (arrows,
// Enter, +/−, WASD, 0), the timeline (zoom, pan, Shift+arrows, Esc), Esc in the find field,
// the breadcrumb that never widens the page, and the accessible names, descriptions and row
// sentences. Real key events go through QTest on the offscreen platform.
#include "viewtestutils.h"

#include "model/flamegraphnavigation.h"
#include "model/sampletimes.h"
#include "views/costformat.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/namecolumnlayout.h"
#include "views/document/profiledocument.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "views/searchbar.h"
#include "views/sourcepane.h"
#include "views/timelinewidget.h"

#include <QAccessible>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>

#include <fstream>

using namespace ViewTestUtils;
using Box = FlameGraphLayout::Box;

namespace {

const nlohmann::json* childNamed(const nlohmann::json& node, const std::string& name)
{
    for (const auto& child : node["children"]) {
        if (child["key"][0] == name)
            return &child;
    }
    return nullptr;
}

// The widest child in the oracle's call tree (what Down must reach).
const nlohmann::json& widestChild(const nlohmann::json& node)
{
    const nlohmann::json* best = nullptr;
    for (const auto& child : node["children"]) {
        if (!best || child["total"].get<double>() > (*best)["total"].get<double>())
            best = &child;
    }
    return *best;
}

QString expectedSentence(const nlohmann::json& node)
{
    const QString name = QString::fromStdString(node["key"][0].get<std::string>());
    return QStringLiteral("%1, self %2, total %3")
        .arg(name.isEmpty() ? QStringLiteral("(anonymous)") : name, CostFormat::time(node["self"].get<double>()),
             CostFormat::time(node["total"].get<double>()));
}

// A profile whose three nested functions have 500-character names.
QString writeLongNames(const QString& dir)
{
    nlohmann::json nodes = nlohmann::json::array();
    const auto frame = [](const std::string& name, int line) {
        return nlohmann::json{{"functionName", name},
                              {"scriptId", "1"},
                              {"url", line < 0 ? "" : "file:///a.js"},
                              {"lineNumber", line},
                              {"columnNumber", line < 0 ? -1 : 0}};
    };
    nodes.push_back({{"id", 1}, {"callFrame", frame("(root)", -1)}, {"children", {2}}});
    nodes.push_back({{"id", 2}, {"callFrame", frame(std::string(500, 'a'), 0)}, {"children", {3}}});
    nodes.push_back({{"id", 3}, {"callFrame", frame(std::string(500, 'b'), 1)}, {"children", {4}}});
    nodes.push_back({{"id", 4}, {"callFrame", frame(std::string(500, 'c'), 2)}});
    const nlohmann::json profile{{"nodes", nodes},
                                 {"startTime", 0},
                                 {"endTime", 4000},
                                 {"samples", {4, 4, 3, 2}},
                                 {"timeDeltas", {1000, 1000, 1000, 1000}}};
    const QString path = dir + QStringLiteral("/long.cpuprofile");
    std::ofstream(path.toStdString()) << profile.dump();
    return path;
}

QString plainOf(const QString& html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

QString accessibleText(QObject* object, QAccessible::Text what)
{
    QAccessibleInterface* face = QAccessible::queryAccessibleInterface(object);
    return face ? face->text(what) : QString();
}

} // namespace

class TestFlameGraphKeys : public QObject
{
    Q_OBJECT
private slots:
    void arrowsFollowTheCallTree();
    void chartZoomsAndPansByKeys();
    void timelineKeys();
    void escapeInSearchKeepsTheRange();
    void breadcrumbNeverWidensThePage();
    void accessibleNamesAndSentences();
    void narrowTreeKeepsTheFunctionColumn();
    void aClickFollowsAsEnterDoes();
};

void TestFlameGraphKeys::arrowsFollowTheCallTree()
{
    const QString path = corpusPath(QStringLiteral("node_tree.cpuprofile"));
    const ProfileDataPtr data = loadData(path);
    QVERIFY(data);
    const nlohmann::json expected = readExpected(path);
    const nlohmann::json& root = expected["top_down"][0];

    ProfileDocument document(data);
    FlameGraphPanel panel(&document);
    panel.resize(900, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    FlameGraphView* view = panel.view();
    QCOMPARE(view->focusPolicy(), Qt::StrongFocus);
    view->setFocus();
    QTRY_VERIFY(view->hasFocus());
    QVERIFY(!view->selectedBox());

    const auto selected = [view] { return view->describe(*view->selectedBox()); };
    QTest::keyClick(view, Qt::Key_Down); // no selection yet: the widest top frame
    QVERIFY(view->selectedBox());
    QCOMPARE(selected(), expectedSentence(root));
    QTest::keyClick(view, Qt::Key_Down);
    const nlohmann::json& child = widestChild(root);
    QCOMPARE(selected(), expectedSentence(child));
    QTest::keyClick(view, Qt::Key_Down);
    const nlohmann::json& grandChild = widestChild(child);
    QCOMPARE(selected(), expectedSentence(grandChild));
    // Right: the next sibling, widest first as in the oracle's children sorted by total.
    std::vector<nlohmann::json> siblings(child["children"].begin(), child["children"].end());
    std::stable_sort(siblings.begin(), siblings.end(), [](const auto& x, const auto& y) {
        return x["total"].template get<double>() > y["total"].template get<double>();
    });
    QVERIFY(siblings.size() >= 2);
    QTest::keyClick(view, Qt::Key_Right);
    QCOMPARE(selected(), expectedSentence(siblings[1]));
    QTest::keyClick(view, Qt::Key_Left);
    QCOMPARE(selected(), expectedSentence(siblings[0]));
    QTest::keyClick(view, Qt::Key_Left); // the first sibling: nowhere to go
    QCOMPARE(selected(), expectedSentence(siblings[0]));
    QTest::keyClick(view, Qt::Key_Up);
    QCOMPARE(selected(), expectedSentence(child));
    QVERIFY(view->accessibleDescription().contains(expectedSentence(child)));
    {
        // The chosen frame is outlined in the highlight colour.
        const QImage image = view->grab().toImage();
        const QRect box = view->selectedRect();
        const QColor edge = image.pixelColor(box.left() + 2, box.center().y());
        QCOMPARE(edge, view->palette().color(QPalette::Highlight));
    }

    // Enter zooms into the selected frame, which stays selected as the new top.
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(view->breadcrumb().size(), 3); // All › (root) › child
    QCOMPARE(view->selectedBox()->depth, 0u);
    QCOMPARE(selected(), expectedSentence(child));
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(selected(), expectedSentence(grandChild));
    QTest::keyClick(view, Qt::Key_Plus); // + in the graph: zoom to the selection, as Enter
    QCOMPARE(view->breadcrumb().size(), 4);
    QTest::keyClick(view, Qt::Key_Minus);
    QCOMPARE(view->breadcrumb().size(), 3);
    QTest::keyClick(view, Qt::Key_Backspace);
    QCOMPARE(view->breadcrumb().size(), 2);
    QVERIFY(view->selectedBox()); // found again after the zoom out
    QTest::keyClick(view, Qt::Key_Return);
    QTest::keyClick(view, Qt::Key_0);
    QCOMPARE(view->breadcrumb().size(), 1);
    QVERIFY(panel.breadcrumbLabel()->text().contains(QStringLiteral("All")));

    // The navigation itself, on the layout: Up from the top goes nowhere.
    const FlameGraphLayout& layout = view->layout();
    const int top = FlameGraphNavigation::first(layout);
    QCOMPARE(FlameGraphNavigation::step(layout, top, FlameGraphNavigation::Direction::Parent), -1);
}

void TestFlameGraphKeys::chartZoomsAndPansByKeys()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    // Without a range the chart spans the samples' whole time.
    const SampleTimes times(data->profile);
    const double start = times.start(), end = times.end();
    ProfileDocument document(data);
    FlameGraphPanel panel(&document);
    panel.resize(900, 500);
    panel.chartButton()->click();
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    FlameGraphView* view = panel.view();
    view->setFocus();
    const double whole = view->layout().span();
    QVERIFY(std::abs(whole - (end - start)) < 1.0);

    QTest::keyClick(view, Qt::Key_W);
    QCOMPARE(view->breadcrumb().size(), 2);
    QVERIFY(std::abs(view->layout().span() - whole / 2) < 1.0);
    QTest::keyClick(view, Qt::Key_Plus); // replaces the keyboard window: no breadcrumb per key
    QCOMPARE(view->breadcrumb().size(), 2);
    QVERIFY(std::abs(view->layout().span() - whole / 4) < 1.0);
    const double origin = view->layout().origin();
    QTest::keyClick(view, Qt::Key_D);
    QVERIFY(std::abs(view->layout().origin() - (origin + whole / 16)) < 1.0);
    QTest::keyClick(view, Qt::Key_A);
    QVERIFY(std::abs(view->layout().origin() - origin) < 1.0);
    QTest::keyClick(view, Qt::Key_S);
    QVERIFY(std::abs(view->layout().span() - whole / 2) < 1.0);
    QTest::keyClick(view, Qt::Key_Minus);
    QCOMPARE(view->breadcrumb().size(), 1); // the whole range again
    QVERIFY(std::abs(view->layout().span() - whole) < 1.0);

    // Arrows walk the chart's frames too; Enter zooms the time window to the frame.
    QTest::keyClick(view, Qt::Key_Down);
    QTest::keyClick(view, Qt::Key_Down);
    const Box box = *view->selectedBox();
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(view->breadcrumb().size(), 2);
    QVERIFY(std::abs(view->layout().span() - box.width) < 1.0);
    QTest::keyClick(view, Qt::Key_0);
    QCOMPARE(view->breadcrumb().size(), 1);
}

void TestFlameGraphKeys::timelineKeys()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    ProfileDocument document(data);
    TimelineWidget timeline(&document);
    timeline.resize(800, 120);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    QCOMPARE(timeline.focusPolicy(), Qt::StrongFocus);
    timeline.setFocus();
    const double t0 = timeline.visibleStart(), t1 = timeline.visibleEnd();
    const double whole = t1 - t0;

    QTest::keyClick(&timeline, Qt::Key_Plus);
    QVERIFY(std::abs((timeline.visibleEnd() - timeline.visibleStart()) - whole / 2) < 1.0);
    QTest::keyClick(&timeline, Qt::Key_W);
    const double window = timeline.visibleEnd() - timeline.visibleStart();
    QVERIFY(std::abs(window - whole / 4) < 1.0);
    const double left = timeline.visibleStart();
    QTest::keyClick(&timeline, Qt::Key_Right);
    QVERIFY(std::abs(timeline.visibleStart() - (left + window / 10)) < 1.0);
    QTest::keyClick(&timeline, Qt::Key_A);
    QVERIFY(std::abs(timeline.visibleStart() - left) < 1.0);

    // Shift+Right grows a range from the window's left edge; the document (and the views) hear
    // once, when the keys pause.
    QSignalSpy changed(&document, &ProfileDocument::requestedSelectionChanged);
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(&timeline, Qt::Key_Right, Qt::ShiftModifier);
    QVERIFY(timeline.hasSelection());
    QVERIFY(std::abs(timeline.selectionStart() - left) < 1.0);
    QVERIFY(std::abs(timeline.selectionEnd() - (left + 5 * window / 50)) < 1.0);
    QCOMPARE(changed.count(), 0);
    QVERIFY(changed.wait(2000));
    QCOMPARE(changed.count(), 1);
    QVERIFY(std::abs(document.requestedSelection().end - (left + 5 * window / 50)) < 1.0);
    QCOMPARE(document.requestedSelection(), timeline.selection());
    QTest::keyClick(&timeline, Qt::Key_Left, Qt::ShiftModifier);
    QVERIFY(std::abs(timeline.selectionEnd() - (left + 4 * window / 50)) < 1.0);
    QVERIFY(timeline.accessibleDescription().contains(QStringLiteral("selected")));

    QTest::keyClick(&timeline, Qt::Key_Escape);
    QCOMPARE(changed.count(), 2); // cleared
    QVERIFY(!document.requestedSelection().hasRange());
    QVERIFY(!timeline.hasSelection());
    QTest::keyClick(&timeline, Qt::Key_0);
    QVERIFY(std::abs(timeline.visibleStart() - t0) < 1.0 && std::abs(timeline.visibleEnd() - t1) < 1.0);
    QTest::qWait(400); // the cleared range must not come back from the timer
    QCOMPARE(changed.count(), 2);
    QVERIFY(!document.requestedSelection().hasRange());
}

void TestFlameGraphKeys::escapeInSearchKeepsTheRange()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    TimelineWidget* timeline = page.timeline();
    page.setTimeRange(timeline->profileStart(), (timeline->profileStart() + timeline->profileEnd()) / 2);
    QTRY_VERIFY(!page.isRangeBusy());
    QVERIFY(page.hasTimeRange());

    page.focusSearch();
    auto* field = page.findChild<SearchBar*>()->findChild<QLineEdit*>();
    QTRY_VERIFY(field->hasFocus());
    QTest::keyClicks(field, QStringLiteral("execute"));
    QTRY_VERIFY(page.matchCount() > 0);
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(field->text().isEmpty());
    QCOMPARE(page.matchCount(), 0);
    QVERIFY(page.hasTimeRange()); // Esc in the find field is not Esc in the timeline
    QTRY_VERIFY(page.currentView()->hasFocus());
    // Esc in the timeline still clears the range.
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Escape);
    QVERIFY(!page.hasTimeRange());
    // Also one the keys are still growing (not yet sent to the views): it does not come back.
    QTest::keyClick(timeline, Qt::Key_Right, Qt::ShiftModifier);
    QVERIFY(timeline->hasSelection());
    QTest::keyClick(timeline, Qt::Key_Escape);
    QVERIFY(!timeline->hasSelection());
    QTest::qWait(500);
    QVERIFY(!page.hasTimeRange());
}

void TestFlameGraphKeys::breadcrumbNeverWidensThePage()
{
    QTemporaryDir dir;
    const ProfileDataPtr data = loadData(writeLongNames(dir.path()));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    QApplication::processEvents();
    const QSize before = page.size();
    const QSize minimum = page.minimumSizeHint();

    FlameGraphView* view = page.flameGraph()->view();
    view->setFocus();
    for (int level = 0; level < 4; ++level) { // (root), then the three long names
        QTest::keyClick(view, Qt::Key_Down);
        QTest::keyClick(view, Qt::Key_Return);
        QApplication::processEvents();
        QCOMPARE(page.size(), before);
        QCOMPARE(page.minimumSizeHint(), minimum);
        QLabel* crumb = page.flameGraph()->breadcrumbLabel();
        QVERIFY(crumb->geometry().right() <= page.flameGraph()->width());
        QVERIFY(crumb->fontMetrics().horizontalAdvance(plainOf(crumb->text())) <= crumb->width() + 4);
    }
    QCOMPARE(view->breadcrumb().size(), 5);
    QVERIFY(view->breadcrumb().last().startsWith(QStringLiteral("ccc")));
    // The full path is still there for a screen reader.
    QVERIFY(page.flameGraph()->breadcrumbLabel()->accessibleDescription().contains(QString(500, QLatin1Char('c'))));
    QTest::keyClick(view, Qt::Key_0);
    QApplication::processEvents();
    QCOMPARE(page.size(), before);
    QCOMPARE(page.minimumSizeHint(), minimum);
}

void TestFlameGraphKeys::accessibleNamesAndSentences()
{
    const QString path = corpusPath(QStringLiteral("node_tree.cpuprofile"));
    const ProfileDataPtr data = loadData(path);
    QVERIFY(data);
    const nlohmann::json expected = readExpected(path);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));

    auto* field = page.findChild<SearchBar*>()->findChild<QLineEdit*>();
    QCOMPARE(accessibleText(field, QAccessible::Name), QStringLiteral("Find function or file"));
    QVERIFY(accessibleText(field, QAccessible::Description).contains(QStringLiteral("Esc")));
    QStringList buttons;
    for (QToolButton* button : page.findChildren<QToolButton*>()) {
        if (button->isVisible())
            buttons << accessibleText(button, QAccessible::Name);
    }
    for (const QString& name :
         {QStringLiteral("Previous match"), QStringLiteral("Next match"), QStringLiteral("Top-down"),
          QStringLiteral("Bottom-up"), QStringLiteral("Expand Hot Path")})
        QVERIFY2(buttons.contains(name), qPrintable(buttons.join(QStringLiteral(" | "))));
    bool clearNamed = false;
    for (QToolButton* button : field->findChildren<QToolButton*>())
        clearNamed = clearNamed || accessibleText(button, QAccessible::Name) == QStringLiteral("Clear search");
    QVERIFY(clearNamed);
    QCOMPARE(accessibleText(page.functionView(false), QAccessible::Name), QStringLiteral("Functions, top-down"));
    QCOMPARE(accessibleText(page.functionView(true), QAccessible::Name), QStringLiteral("Functions, bottom-up"));
    QCOMPARE(accessibleText(page.callTreeView(), QAccessible::Name), QStringLiteral("Call tree"));
    QCOMPARE(accessibleText(page.bottomUpTreeView(), QAccessible::Name), QStringLiteral("Bottom-up tree"));
    QCOMPARE(accessibleText(page.timeline(), QAccessible::Name), QStringLiteral("Timeline"));
    QCOMPARE(accessibleText(page.flameGraph()->view(), QAccessible::Name), QStringLiteral("Flame graph"));
    QVERIFY(accessibleText(page.timeline(), QAccessible::Description).startsWith(QStringLiteral("Showing")));

    // A call-tree row reads as one sentence, through the tree's accessible table.
    CostTreeView* tree = page.callTreeView();
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    QAccessibleInterface* table = QAccessible::queryAccessibleInterface(tree);
    QVERIFY(table && table->tableInterface());
    QAccessibleInterface* cell = table->tableInterface()->cellAt(0, 0);
    QVERIFY(cell);
    QCOMPARE(cell->text(QAccessible::Name), expectedSentence(expected["top_down"][0]));
    const QModelIndex first = tree->model()->index(0, 0, tree->model()->index(0, 0));
    const nlohmann::json* child =
        childNamed(expected["top_down"][0], first.data(CostTreeModel::NameRole).toString().toStdString());
    QVERIFY(child);
    QCOMPARE(first.data(Qt::AccessibleTextRole).toString(), expectedSentence(*child));

    // The flame graph tells what is selected.
    FlameGraphView* flame = page.flameGraph()->view();
    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    flame->setFocus();
    QTest::keyClick(flame, Qt::Key_Down);
    QCOMPARE(accessibleText(flame, QAccessible::Description),
             QStringLiteral("Selected: ") + expectedSentence(expected["top_down"][0]));
}

void TestFlameGraphKeys::narrowTreeKeepsTheFunctionColumn()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    CostTreeView* tree = page.functionView(false);
    tree->setParent(nullptr);
    tree->resize(900, 300);
    tree->show();
    QVERIFY(QTest::qWaitForWindowExposed(tree));
    const int wide = tree->header()->sectionSize(0);
    QCOMPARE(tree->header()->length(), tree->viewport()->width()); // the Function column takes the rest
    QCOMPARE(tree->header()->visualIndex(0), tree->header()->count() - 1); // after the numbers
    tree->resize(260, 300);                                                // narrower than the cost columns alone
    QApplication::processEvents();
    QCOMPARE(tree->header()->sectionSize(0), tree->columnLayout()->minimumNameWidth());
    QTRY_VERIFY(tree->horizontalScrollBar()->maximum() > 0); // the rest scrolls
    tree->resize(900, 300);
    QApplication::processEvents();
    QCOMPARE(tree->header()->sectionSize(0), wide); // fills the rest again
    tree->setParent(&page);
}

// A click on a flame-graph box zooms into it and selects it, as Enter on the selected box
// does: the timeline highlights its function and the source pane shows it, on one page by
// the mouse and on another by the keyboard, alike.
void TestFlameGraphKeys::aClickFollowsAsEnterDoes()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    struct Shown {
        xsprof::FrameId selected, highlighted;
        QString source;
        int zoomLevels = 0;
    };
    auto showPage = [&](ProfilePage& page) {
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
        QTRY_VERIFY(!page.flameGraph()->view()->layout().boxes().empty());
    };
    auto shownOn = [](ProfilePage& page) {
        return Shown{page.selectedFunction(), page.timeline()->highlightedFunction(), page.sourcePane()->title(),
                     int(page.flameGraph()->view()->breadcrumb().size())};
    };

    ProfilePage clicked(data);
    showPage(clicked);
    FlameGraphView* view = clicked.flameGraph()->view();
    // A box two levels down, where the mouse finds it.
    QPoint at;
    int targetIndex = -1;
    for (int y = view->rowHeight() / 2; y < view->height() && targetIndex < 0; y += view->rowHeight()) {
        for (int x = 3; x < view->width() && targetIndex < 0; x += 4) {
            const Box* box = view->boxAt(QPoint(x, y));
            if (box && box->depth == 2 && box->frame.isValid() && !box->merged && box->width > 0) {
                targetIndex = int(box - view->layout().boxes().data());
                at = QPoint(x, y);
            }
        }
    }
    QVERIFY(targetIndex >= 0);
    const xsprof::FrameId target = view->layout().boxes()[size_t(targetIndex)].frame;
    const QString sourceBefore = clicked.sourcePane()->title();
    QTest::mouseClick(view, Qt::LeftButton, {}, at);
    const Shown byMouse = shownOn(clicked);
    QCOMPARE(byMouse.zoomLevels, 4); // All › (root) › its caller › the box
    QVERIFY(view->selectedBox());
    QCOMPARE(view->selectedBox()->frame, target);
    QCOMPARE(byMouse.selected, target);
    QCOMPARE(byMouse.highlighted, target);
    QVERIFY(byMouse.source != sourceBefore);

    ProfilePage entered(data);
    showPage(entered);
    FlameGraphView* keys = entered.flameGraph()->view();
    keys->setFocus();
    keys->selectBox(targetIndex);
    QTest::keyClick(keys, Qt::Key_Return);
    const Shown byKeys = shownOn(entered);
    QCOMPARE(byKeys.selected, byMouse.selected);
    QCOMPARE(byKeys.highlighted, byMouse.highlighted);
    QCOMPARE(byKeys.source, byMouse.source);
    QCOMPARE(byKeys.zoomLevels, byMouse.zoomLevels);
}

QTEST_MAIN(TestFlameGraphKeys)
#include "tst_flamegraphkeys.moc"
