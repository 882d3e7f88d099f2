// Pictures of the timeline (with a selection and a highlighted function) and of the flame
// graph and chart, saved into the build folder (screenshots/*.png) to look at by eye.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/flamegraphpanel.h"
#include "views/profilepage.h"
#include "views/qcustomplotinclude.h"
#include "model/sampletimes.h"
#include "views/timelinewidget.h"

#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace ViewTestUtils;

class TestFlameScreenshots : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void timelineAndFlameGraphArePainted();
    void aGraphEncodedProfileDrawsItsFunctionGraph();

private:
    void save(QWidget* widget, const QString& name);
    QDir m_out;
};

void TestFlameScreenshots::initTestCase()
{
    m_out = QDir(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    QVERIFY(m_out.mkpath(QStringLiteral(".")));
}

void TestFlameScreenshots::save(QWidget* widget, const QString& name)
{
    QCoreApplication::processEvents();
    for (auto* plot : widget->findChildren<QCustomPlot*>())
        plot->replot(QCustomPlot::rpImmediateRefresh);
    const QPixmap pixmap = widget->grab();
    QVERIFY(!pixmap.isNull());
    QVERIFY(pixmap.save(m_out.filePath(name + QStringLiteral(".png"))));
}

void TestFlameScreenshots::timelineAndFlameGraphArePainted()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_gc_heavy.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1280, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    save(&page, QStringLiteral("page-timeline"));

    const SampleTimes times(data->profile);
    const double span = times.end() - times.start();
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    page.setTimeRange(times.start() + span * 0.3, times.start() + span * 0.55);
    QTRY_COMPARE(changed.count(), 1);
    page.setBottomUp(true);
    CostTreeView* view = page.functionView(true);
    view->setCurrentIndex(view->model()->index(0, 0));
    save(page.timeline(), QStringLiteral("timeline-selection"));
    save(&page, QStringLiteral("page-range"));

    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    save(&page, QStringLiteral("flamegraph"));
    FlameGraphPanel* flame = page.flameGraph();
    page.setSearchText(QStringLiteral("gc"));
    save(flame, QStringLiteral("flamegraph-search"));
    page.setSearchText(QString());
    flame->coloringBox()->setCurrentIndex(1);
    save(flame, QStringLiteral("flamegraph-by-file"));
    flame->coloringBox()->setCurrentIndex(0);
    // Zoom into the widest frame of the second row: the breadcrumb shows the way back.
    const auto row = flame->view()->layout().row(1);
    QVERIFY(!row.empty());
    flame->view()->zoomInto(row[0]);
    QVERIFY(flame->view()->breadcrumb().size() >= 2);
    save(flame, QStringLiteral("flamegraph-zoomed"));
    flame->view()->zoomOutTo(0);
    flame->chartButton()->click();
    QCOMPARE(flame->view()->mode(), FlameGraphView::Mode::Chart);
    save(flame, QStringLiteral("flamechart"));
}

void TestFlameScreenshots::aGraphEncodedProfileDrawsItsFunctionGraph()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    QVERIFY(!page.flameGraph()->chartButton()->isEnabled());
    save(&page, QStringLiteral("flamegraph-xs-graph"));
}

QTEST_MAIN(TestFlameScreenshots)
#include "tst_flamescreenshots.moc"
