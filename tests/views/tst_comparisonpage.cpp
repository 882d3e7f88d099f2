// The comparison tab: its model (checked by QAbstractItemModelTester and against the oracle
// numbers of both runs), the page, and the differential flame graph.
#include "viewtestutils.h"

#include "views/comparisonmodel.h"
#include "views/deltadelegate.h"
#include "views/comparisonpage.h"
#include "views/deltacolors.h"
#include "views/diffflamegraphview.h"

#include "model/profileloader.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <array>
#include <cmath>

using namespace xsprof;

namespace {

std::shared_ptr<const Profile> loadProfile(const QString& relative, int index = -1)
{
    LoadOptions options;
    options.profileIndex = index;
    LoadResult r = loadProfileFile(ViewTestUtils::corpusPath(relative).toStdString(), options);
    if (!r.ok())
        qFatal("cannot load %s", qPrintable(relative));
    return std::make_shared<const Profile>(std::move(*r.profile));
}

ComparisonDataPtr compare(const QString& base, const QString& next)
{
    return ComparisonData::create(loadProfile(base), base, loadProfile(next), next);
}

QModelIndex rowNamed(const ComparisonModel& model, const QString& name, const QModelIndex& parent = {})
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex i = model.index(r, 0, parent);
        if (i.data(ComparisonModel::SortRole).toString() == name)
            return i;
    }
    return {};
}

double expectedOf(const nlohmann::json& expected, const std::string& name, const char* field)
{
    for (const auto& f : expected.at("functions")) {
        if (f.at("key")[0] == name)
            return f.at(field).get<double>();
    }
    return 0.0;
}

} // namespace

class TestComparisonPage : public QObject {
    Q_OBJECT

private slots:
    void modelPassesTesterAndMatchesOracle();
    void expandingShowsCallersAndCallees();
    void relativeToggleAndSorting();
    void pageShowsBothNames();
    void differentialFlameGraphColours();
    void graphEncodedSideHasNoFlameGraph();
    void deltaBarsStayUnderTheDigits();
    void aFunctionOnOneSideReadsDashInEveryColumnOfTheOther();
    void everyColumnHeaderSaysWhatItMeasures();
    void theFlameGraphCaptionNamesTheChosenMeasure();
    void oneColourMappingReadableWithRedGreenBlindness();
    void theNumbersStayOnScreenAt1024();
};

void TestComparisonPage::modelPassesTesterAndMatchesOracle()
{
    ComparisonModel model;
    QAbstractItemModelTester tester(&model);
    const ComparisonDataPtr data = compare(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("node_fib_i100.cpuprofile"));
    model.setData(data);
    QCOMPARE(size_t(model.rowCount()), data->comparison.functions().size());
    QVERIFY(ViewTestUtils::visitAll(model, 100000) > model.rowCount()); // edge rows too

    // main (fib.js): base/new divided totals and their change, as the oracle computed them.
    const auto eb = ViewTestUtils::readExpected(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile")));
    const auto en = ViewTestUtils::readExpected(ViewTestUtils::corpusPath(QStringLiteral("node_fib_i100.cpuprofile")));
    const QModelIndex main = rowNamed(model, QStringLiteral("main"));
    QVERIFY(main.isValid());
    const uint32_t row = model.functionRow(main);
    const ComparedFunction& f = data->comparison.functions()[row];
    QVERIFY(ViewTestUtils::closeEnough(f.base()->total, expectedOf(eb, "main", "divided_total")));
    QVERIFY(ViewTestUtils::closeEnough(f.next()->total, expectedOf(en, "main", "divided_total")));
    const double delta = expectedOf(en, "main", "divided_total") - expectedOf(eb, "main", "divided_total");
    QVERIFY(delta < 0); // the _i100 run was shorter
    const QModelIndex deltaCell = model.index(main.row(), ComparisonModel::TotalDelta);
    QVERIFY(ViewTestUtils::closeEnough(deltaCell.data(ComparisonModel::SortRole).toDouble(), std::abs(delta)));
    QVERIFY(deltaCell.data().toString().startsWith(QLatin1Char('-')));
    QCOMPARE(deltaCell.data(Qt::ForegroundRole).value<QColor>().green() > deltaCell.data(Qt::ForegroundRole).value<QColor>().red(), true);
    const double fraction = deltaCell.data(ComparisonModel::DeltaFractionRole).toDouble();
    QVERIFY(fraction < 0 && fraction >= -1);

    // Default order: |Δ total|, largest first.
    double previous = 1e300;
    for (int r = 0; r < model.rowCount(); ++r) {
        const double v = model.index(r, ComparisonModel::TotalDelta).data(ComparisonModel::SortRole).toDouble();
        QVERIFY(v <= previous + 1e-9);
        previous = v;
    }
    // A function present on one side only shows "—" on the other.
    bool sawDash = false;
    for (int r = 0; r < model.rowCount(); ++r) {
        const uint32_t fr = model.functionRow(model.index(r, 0));
        if (!data->comparison.functions()[fr].base()) {
            QCOMPARE(model.index(r, ComparisonModel::SelfBase).data().toString(), QStringLiteral("—"));
            sawDash = true;
        }
    }
    QVERIFY(sawDash);
}

void TestComparisonPage::expandingShowsCallersAndCallees()
{
    // diamond vs itself with D merged: D's callers B and C lose their edge to D on the new side.
    const auto base = loadProfile(QStringLiteral("tiny/diamond.cpuprofile"));
    ComparisonModel model;
    QAbstractItemModelTester tester(&model);
    model.setData(ComparisonData::create(base, QStringLiteral("a"), base, QStringLiteral("b")));
    const QModelIndex b = rowNamed(model, QStringLiteral("B"));
    QVERIFY(b.isValid());
    QVERIFY(model.hasChildren(b));
    // B: caller A (share 350 = total(B), one caller), callee D (share 250 = total(D)/2).
    const QModelIndex callerA = rowNamed(model, QStringLiteral("A"), b);
    const QModelIndex calleeD = rowNamed(model, QStringLiteral("D"), b);
    QVERIFY(callerA.isValid() && calleeD.isValid());
    QCOMPARE(callerA.data(ComparisonModel::RowKindRole).toInt(), 1);
    QCOMPARE(calleeD.data(ComparisonModel::RowKindRole).toInt(), 2);
    QCOMPARE(callerA.data().toString(), QStringLiteral("← A  tiny.js (2)"));
    QCOMPARE(callerA.row(), 0); // callers first
    QCOMPARE(model.index(callerA.row(), ComparisonModel::TotalBase, b).data(ComparisonModel::SortRole).toDouble(), 350.0);
    QCOMPARE(model.index(calleeD.row(), ComparisonModel::TotalNew, b).data(ComparisonModel::SortRole).toDouble(), 250.0);
    // Pair inclusive B->D: D's two samples under B.
    QCOMPARE(model.index(calleeD.row(), ComparisonModel::InclBase, b).data(ComparisonModel::SortRole).toDouble(), 200.0);
    QCOMPARE(model.index(calleeD.row(), ComparisonModel::TotalDelta, b).data().toString(), QStringLiteral("0.00 ms"));
    QCOMPARE(model.index(calleeD.row(), ComparisonModel::SelfBase, b).data().toString(), QString());
}

void TestComparisonPage::relativeToggleAndSorting()
{
    ComparisonModel model;
    QAbstractItemModelTester tester(&model);
    // linear (600 µs) vs diamond (800 µs): (root) is 100 % of both, so relative Δ is 0.
    model.setData(compare(QStringLiteral("tiny/linear.cpuprofile"), QStringLiteral("tiny/diamond.cpuprofile")));
    const auto rootDelta = [&] {
        return model.index(rowNamed(model, QStringLiteral("(root)")).row(), ComparisonModel::TotalDelta);
    };
    QCOMPARE(rootDelta().data().toString(), QStringLiteral("+0.20 ms"));
    model.setRelative(true);
    QCOMPARE(rootDelta().data().toString(), QStringLiteral("0.0 %"));
    QCOMPARE(model.index(rowNamed(model, QStringLiteral("D")).row(), ComparisonModel::SelfNew).data().toString(),
             QStringLiteral("62.5 %")); // 500 of 800
    model.setRelative(false);

    model.sort(ComparisonModel::Name, Qt::AscendingOrder);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("(root)"));
    model.sort(ComparisonModel::SelfNew, Qt::DescendingOrder);
    QCOMPARE(model.index(0, 0).data(ComparisonModel::SortRole).toString(), QStringLiteral("D"));
}

void TestComparisonPage::pageShowsBothNames()
{
    ComparisonPage page(compare(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("node_fib_i100.cpuprofile")));
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.title().contains(QLatin1String("node_fib.cpuprofile")) && page.title().contains(QLatin1String("node_fib_i100")));
    QCOMPARE(page.tree()->model(), page.model());
    QVERIFY(page.tree()->itemDelegateForColumn(ComparisonModel::TotalDelta) != nullptr);
    page.relativeToggle()->setChecked(true);
    QVERIFY(page.model()->isRelative());
    QVERIFY(page.flameGraph()->isAvailable());
    QVERIFY(page.flameGraph()->isRelative());
    // Sorted by |Δ total| on first show.
    QCOMPARE(page.tree()->header()->sortIndicatorSection(), int(ComparisonModel::TotalDelta));
}

void TestComparisonPage::differentialFlameGraphColours()
{
    // A profile against itself: nothing changed, every frame is neutral.
    const auto unchanged = ComparisonData::create(loadProfile(QStringLiteral("tiny/diamond.cpuprofile")), QStringLiteral("diamond"),
                                                loadProfile(QStringLiteral("tiny/diamond.cpuprofile")), QStringLiteral("same"));
    DiffFlameGraphView same;
    same.resize(800, 300);
    same.setData(unchanged);
    for (const auto& box : same.layout().boxes()) {
        if (box.frame.isValid())
            QCOMPARE(same.colorOf(box), QColor(0xee, 0xee, 0xee)); // no change anywhere: neutral
    }

    const auto data = ComparisonData::create(loadProfile(QStringLiteral("tiny/diamond.cpuprofile")), QStringLiteral("base"),
                                             loadProfile(QStringLiteral("tiny/linear.cpuprofile")), QStringLiteral("new"));
    DiffFlameGraphView view;
    view.resize(800, 300);
    view.setData(data);
    QVERIFY(view.isAvailable());
    // New = linear: (root) 600 now vs 800 before: cooler (blue); main is new: hotter (red).
    bool sawRoot = false, sawMain = false;
    for (const auto& box : view.layout().boxes()) {
        if (!box.frame.isValid())
            continue;
        const std::string_view name = data->next->frameName(box.frame);
        const QColor c = view.colorOf(box);
        if (name == "(root)") {
            QVERIFY(c.blue() > c.red());
            QCOMPARE(view.baseTotal(StackId(box.node)), 800.0);
            QVERIFY2(view.toolTipFor(box).contains(QStringLiteral("Δ: -0.20 ms")), qPrintable(view.toolTipFor(box)));
            sawRoot = true;
        }
        if (name == "main") {
            QVERIFY(c.red() > c.blue());
            QCOMPARE(view.baseTotal(StackId(box.node)), 0.0);
            QVERIFY2(view.toolTipFor(box).contains(QStringLiteral("Δ: +0.60 ms")), qPrintable(view.toolTipFor(box)));
            sawMain = true;
        }
    }
    QVERIFY(sawRoot && sawMain);
    // As shares of each duration, (root) is 100 % on both sides: no change.
    view.setRelative(true);
    for (const auto& box : view.layout().boxes()) {
        if (box.frame.isValid() && data->next->frameName(box.frame) == "(root)")
            QCOMPARE(view.change(StackId(box.node)), 0.0);
    }
}

void TestComparisonPage::graphEncodedSideHasNoFlameGraph()
{
    const auto data = compare(QStringLiteral("xsbug/gc_alloc.xst-p.cpuprofile"), QStringLiteral("xsbug/gc_alloc.profile-on-start.xsbug"));
    DiffFlameGraphView view;
    view.setData(data);
    QVERIFY(!view.isAvailable());
    QVERIFY(view.boxAt(QPoint(10, 5)) == nullptr);
    ComparisonModel model;
    QAbstractItemModelTester tester(&model);
    model.setData(data);
    // The xst -p side has no inclusive time: "n/a" (not a missing function), and it says why.
    QCOMPARE(model.index(0, ComparisonModel::InclBase).data().toString(), QStringLiteral("n/a"));
    QCOMPARE(model.index(0, ComparisonModel::InclDelta).data().toString(), QStringLiteral("n/a"));
    QVERIFY(
        model.index(0, ComparisonModel::InclDelta).data(Qt::ToolTipRole).toString().contains(QLatin1String("xst -p")));
}


// The Δ cell of the largest change, painted by the page's delegate: the bar's colour appears
// only in a strip under the text, and the text's rows hold no bar pixel.
void TestComparisonPage::deltaBarsStayUnderTheDigits()
{
    ComparisonPage page(compare(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("node_fib_i100.cpuprofile")));
    const ComparisonModel* model = page.model();
    QModelIndex widest;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex i = model->index(r, ComparisonModel::TotalDelta);
        if (std::abs(i.data(ComparisonModel::DeltaFractionRole).toDouble()) > 0.99)
            widest = i;
    }
    QVERIFY(widest.isValid());
    QStyleOptionViewItem option;
    option.initFrom(page.tree());
    option.font = page.tree()->font();
    option.palette.setColor(QPalette::Text, Qt::black);
    QAbstractItemDelegate* delegate = page.tree()->itemDelegateForColumn(ComparisonModel::TotalDelta);
    // As tall as the view makes the row: the delegate's own height, no spare pixels.
    option.rect = QRect(QPoint(0, 0), QSize(120, delegate->sizeHint(option, widest).height()));
    QImage cell(option.rect.size(), QImage::Format_RGB32);
    cell.fill(Qt::white);
    {
        QPainter painter(&cell);
        delegate->paint(&painter, option, widest);
    }
    const bool grew = widest.data(ComparisonModel::DeltaFractionRole).toDouble() > 0;
    const QColor bar = DeltaColors::strip(grew ? DeltaColors::slower(option.palette) : DeltaColors::faster(option.palette),
                                          option.palette);
    int barRowsLow = cell.height(), barRowsHigh = -1, barPixels = 0;
    for (int y = 0; y < cell.height(); ++y)
        for (int x = 0; x < cell.width(); ++x)
            if (QColor(cell.pixel(x, y)) == bar) {
                ++barPixels;
                barRowsLow = std::min(barRowsLow, y);
                barRowsHigh = std::max(barRowsHigh, y);
            }
    QVERIFY(barPixels >= 2 * 50); // half the cell's width, two rows
    QVERIFY(barRowsLow >= cell.height() - 4);
    // The text's own rows: every pixel of the text lies above the strip, with a row to spare.
    const int tickX = QRect(2, 0, cell.width() - 4, 1).center().x(); // the strip's centre: no change
    int textPixels = 0, textLowest = -1;
    for (int y = 0; y < cell.height(); ++y)
        for (int x = 0; x < cell.width(); ++x) {
            const QColor c(cell.pixel(x, y));
            if (c == QColor(Qt::white) || c == bar || (y >= barRowsLow && x == tickX))
                continue;
            ++textPixels;
            textLowest = std::max(textLowest, y);
        }
    QVERIFY(textPixels > 20);
    QVERIFY2(textLowest < barRowsLow - 1, qPrintable(QStringLiteral("text down to row %1, strip from row %2").arg(textLowest).arg(barRowsLow)));
}

// diamond (A, B, C, D) against linear (a, b, main): base-only and new-only rows. The missing
// side reads "—" in each of its columns, self, total and inclusive alike, its tooltip says where
// the function is missing; Δ counts the missing side as 0 and says so.
void TestComparisonPage::aFunctionOnOneSideReadsDashInEveryColumnOfTheOther()
{
    ComparisonModel model;
    QAbstractItemModelTester tester(&model);
    const auto data =
        ComparisonData::create(loadProfile(QStringLiteral("tiny/diamond.cpuprofile")), QStringLiteral("diamond"),
                               loadProfile(QStringLiteral("tiny/linear.cpuprofile")), QStringLiteral("linear"));
    model.setData(data);
    const QModelIndex baseOnly = rowNamed(model, QStringLiteral("B"));
    const QModelIndex newOnly = rowNamed(model, QStringLiteral("main"));
    QVERIFY(baseOnly.isValid() && newOnly.isValid());
    const auto text = [](const QModelIndex& row, int column) { return row.siblingAtColumn(column).data().toString(); };
    const QString dash = QStringLiteral("—");
    for (int column : {ComparisonModel::SelfNew, ComparisonModel::TotalNew, ComparisonModel::InclNew}) {
        QCOMPARE(text(baseOnly, column), dash);
        QVERIFY(text(newOnly, column).endsWith(QLatin1String(" ms")));
        QVERIFY(baseOnly.siblingAtColumn(column)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("B is not in linear")));
    }
    for (int column : {ComparisonModel::SelfBase, ComparisonModel::TotalBase, ComparisonModel::InclBase}) {
        QCOMPARE(text(newOnly, column), dash);
        QVERIFY(text(baseOnly, column).endsWith(QLatin1String(" ms")));
        QVERIFY(newOnly.siblingAtColumn(column)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("main is not in diamond")));
    }
    // Δ: the present side against 0, signed, never a dash; B had 0.35 ms of total.
    QCOMPARE(text(baseOnly, ComparisonModel::TotalDelta), QStringLiteral("-0.35 ms"));
    QVERIFY(text(newOnly, ComparisonModel::InclDelta).startsWith(QLatin1Char('+')));
    for (int column : {ComparisonModel::SelfDelta, ComparisonModel::TotalDelta, ComparisonModel::InclDelta}) {
        QVERIFY(!text(baseOnly, column).isEmpty() && text(baseOnly, column) != dash);
        QVERIFY(
            newOnly.siblingAtColumn(column).data(Qt::ToolTipRole).toString().contains(QLatin1String("counts as 0")));
    }
}

void TestComparisonPage::everyColumnHeaderSaysWhatItMeasures()
{
    ComparisonPage page(compare(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("node_fib_i100.cpuprofile")));
    const QAbstractItemModel* model = page.tree()->model();
    QSet<QString> tips;
    for (int c = 0; c < model->columnCount(); ++c) {
        const QString tip = model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.size() > 40, qPrintable(model->headerData(c, Qt::Horizontal).toString()));
        tips.insert(tip);
    }
    QCOMPARE(tips.size(), model->columnCount()); // each column its own
    const auto tip = [&](int c) { return model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(); };
    QVERIFY(tip(ComparisonModel::TotalDelta).contains(QLatin1String("divided")));
    QVERIFY(tip(ComparisonModel::TotalDelta).contains(QStringLiteral("new − base")));
    QVERIFY(tip(ComparisonModel::InclNew).contains(QLatin1String("Chrome DevTools")));
    QVERIFY(tip(ComparisonModel::InclNew).contains(QLatin1String("node_fib_i100.cpuprofile")));
    QVERIFY(tip(ComparisonModel::SelfBase).contains(QLatin1String("node_fib.cpuprofile")));
}

// The caption above the differential flame graph names what the colours measure; choosing
// another measure with the keyboard changes the caption, the colours and the tooltips.
void TestComparisonPage::theFlameGraphCaptionNamesTheChosenMeasure()
{
    const ComparisonDataPtr data =
        compare(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("node_fib_i100.cpuprofile"));
    ComparisonPage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    DiffFlameGraphView* flame = page.flameGraph();
    QCOMPARE(flame->measure(), DiffFlameGraphView::Measure::PathTime);
    QVERIFY(page.flameCaption()->text().contains(QLatin1String("call path's time")));
    QVERIFY(page.flameCaption()->text().contains(QLatin1String("orange slower, blue faster")));
    const FlameGraphLayout::Box* box = nullptr;
    for (const auto& b : flame->layout().boxes()) {
        if (b.frame.isValid() && data->next->frameName(b.frame) == "fib")
            box = &b;
    }
    QVERIFY(box);
    const StackId fibPath(box->node);
    QVERIFY(flame->toolTipFor(*box).contains(QLatin1String("Colour: call path time")));

    QComboBox* chooser = page.measureChooser();
    chooser->setFocus();
    QTest::keyClick(chooser, Qt::Key_Down);
    QTest::keyClick(chooser, Qt::Key_Down);
    QCOMPARE(flame->measure(), DiffFlameGraphView::Measure::FunctionTotal);
    QVERIFY(page.flameCaption()->text().contains(QLatin1String("total (xsbug, divided)")));
    QVERIFY(page.flameCaption()->text().contains(QStringLiteral("Total Δ")));
    // Each box now changes as its function's row in the table does.
    const uint32_t row = data->comparison.rowOf(Side::New, data->next->stacks.frame[fibPath.value]);
    const double tableDelta = *data->comparison.delta(data->comparison.functions()[row], CostKind::Total);
    QCOMPARE(flame->change(fibPath), tableDelta);
    QVERIFY(flame->toolTipFor(*box).contains(QLatin1String("Colour: function's total (xsbug, divided)")));
    QVERIFY(flame->colorOf(*box) != QColor(0xee, 0xee, 0xee) || tableDelta == 0.0);
    // The relative toggle says "as a share" in the caption too.
    QTest::mouseClick(page.relativeToggle(), Qt::LeftButton);
    QVERIFY(page.flameCaption()->text().contains(QLatin1String("as a share of each run")));
    flame->setMeasure(DiffFlameGraphView::Measure::PathTime); // the chooser follows
    QCOMPARE(chooser->currentText(), DiffFlameGraphView::measureName(DiffFlameGraphView::Measure::PathTime));
}

namespace {
// How a colour looks with protanopia or deuteranopia (Machado, Oliveira and Fernandes 2009,
// severity 1, on linear RGB), back in sRGB components 0..1.
std::array<double, 3> asSeenWith(const double (&m)[3][3], const QColor& c)
{
    auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    auto encoded = [](double v) {
        v = std::clamp(v, 0.0, 1.0);
        return v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055;
    };
    const double rgb[3] = {linear(c.redF()), linear(c.greenF()), linear(c.blueF())};
    std::array<double, 3> out{};
    for (int i = 0; i < 3; ++i)
        out[size_t(i)] = encoded(m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2]);
    return out;
}
constexpr double protanopia[3][3] = {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
                                     {-0.003882, -0.048116, 1.051998}};
constexpr double deuteranopia[3][3] = {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
                                       {-0.011820, 0.042940, 0.968881}};
// Apart as seen with either colour blindness: red and green (the old mapping) come out 0.05
// to 0.26 apart, both olive; orange and blue more than 0.6.
bool apartWithRedGreenBlindness(const QColor& a, const QColor& b)
{
    for (const auto* m : {&protanopia, &deuteranopia}) {
        const auto x = asSeenWith(*m, a), y = asSeenWith(*m, b);
        if (std::hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) < 0.4)
            return false;
    }
    return true;
}
} // namespace

// diamond against linear: (root) got faster, main slower. The table's Δ text and strips and
// the differential flame graph use one mapping (blue faster, orange slower), the caption and the
// header tooltip say so, and both pairs stay apart for red-green colour-blind eyes, on the
// light and the dark theme.
void TestComparisonPage::oneColourMappingReadableWithRedGreenBlindness()
{
    QVERIFY(!apartWithRedGreenBlindness(QColor(0xc6, 0x28, 0x28), QColor(0x2e, 0x7d, 0x32))); // the old pair
    const auto data = ComparisonData::create(loadProfile(QStringLiteral("tiny/diamond.cpuprofile")), QStringLiteral("base"),
                                             loadProfile(QStringLiteral("tiny/linear.cpuprofile")), QStringLiteral("new"));
    ComparisonPage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QAbstractItemModel* model = page.tree()->model();
    QColor tableFaster, tableSlower;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex cell = model->index(r, ComparisonModel::TotalDelta);
        const QString name = model->index(r, 0).data().toString();
        const QColor colour = cell.data(Qt::ForegroundRole).value<QColor>();
        if (name.startsWith(QLatin1String("(root)")))
            tableFaster = colour;
        if (name.startsWith(QLatin1String("main")))
            tableSlower = colour;
    }
    QVERIFY(tableFaster.isValid() && tableSlower.isValid());
    QColor flameFaster, flameSlower;
    for (const auto& box : page.flameGraph()->layout().boxes()) {
        if (!box.frame.isValid())
            continue;
        if (data->next->frameName(box.frame) == "(root)")
            flameFaster = page.flameGraph()->colorOf(box);
        if (data->next->frameName(box.frame) == "main")
            flameSlower = page.flameGraph()->colorOf(box);
    }
    QVERIFY(flameFaster.isValid() && flameSlower.isValid());
    // Blue for faster, orange (red above green, both above blue) for slower, in both views.
    for (const QColor& faster : {tableFaster, flameFaster})
        QVERIFY2(faster.blue() > faster.red() && faster.blue() > faster.green(), qPrintable(faster.name()));
    for (const QColor& slower : {tableSlower, flameSlower})
        QVERIFY2(slower.red() > slower.green() && slower.green() > slower.blue(), qPrintable(slower.name()));
    QVERIFY(apartWithRedGreenBlindness(tableFaster, tableSlower));
    QVERIFY(apartWithRedGreenBlindness(DeltaColors::fasterFill(), DeltaColors::slowerFill()));
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x2b, 0x2b, 0x2b));
    QVERIFY(apartWithRedGreenBlindness(DeltaColors::faster(dark), DeltaColors::slower(dark)));
    QVERIFY(DeltaColors::faster(dark).lightness() > DeltaColors::faster(page.palette()).lightness());
    // Said where the colours are read.
    const QString legend = DeltaColors::legend();
    QCOMPARE(legend, QStringLiteral("orange slower, blue faster"));
    QVERIFY(page.flameCaption()->text().contains(legend));
    QVERIFY(model->headerData(ComparisonModel::TotalDelta, Qt::Horizontal, Qt::ToolTipRole).toString().contains(legend));
    page.grab().save(QStringLiteral(XSPROF_SCREENSHOT_DIR "/comparison-colours.png"));
}

// At 1024 px the nine number columns come first and all fit; the function names take the
// rest, after them, elided in the middle rather than pushing the numbers away.
void TestComparisonPage::theNumbersStayOnScreenAt1024()
{
    ComparisonPage page(compare(QStringLiteral("node_dag_shared.cpuprofile"), QStringLiteral("node_dag_shared_noinline.cpuprofile")));
    page.resize(1024, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTreeView* tree = page.tree();
    const QHeaderView* head = tree->header();
    QCOMPARE(head->visualIndex(ComparisonModel::Name), head->count() - 1);
    const QString outside = ViewTestUtils::numbersOutsideViewport(tree, ComparisonModel::Name);
    QVERIFY2(outside.isEmpty(), qPrintable(outside));
    QVERIFY(head->sectionSize(ComparisonModel::Name) >= tree->fontMetrics().averageCharWidth() * 12);
    // The user's width for a number column stays when the window changes.
    tree->header()->resizeSection(ComparisonModel::SelfDelta, 120);
    page.resize(1200, 700);
    QApplication::processEvents();
    QCOMPARE(head->sectionSize(ComparisonModel::SelfDelta), 120);
    QCOMPARE(head->sectionViewportPosition(ComparisonModel::Name) + head->sectionSize(ComparisonModel::Name), tree->viewport()->width());
}

QTEST_MAIN(TestComparisonPage)
#include "tst_comparisonpage.moc"
