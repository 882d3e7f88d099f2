// Every format of model/readers/ opens in a profile page (offscreen): the header says what
// was opened, the trees hold its functions, and the views that place samples in time
// (hot path, timeline of a tracing profile with gaps) work on it.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/profilepage.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QTest>

#include <algorithm>

using namespace ViewTestUtils;

namespace {
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);
} // namespace

class TestNewFormatPages : public QObject
{
    Q_OBJECT
private slots:
    void opensEachFormat_data();
    void opensEachFormat();
};

void TestNewFormatPages::opensEachFormat_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("headerText");
    QTest::addColumn<QString>("function");
    QTest::newRow("safari") << corpusPath(QStringLiteral("peers/speedscope_safari13_simple.json")) << "Safari recording"
                            << "alpha";
    QTest::newRow("gecko") << corpusPath(QStringLiteral("peers/firefox153_fib.gecko.json"))
                           << "file:// Content, GeckoMain, pid 14798" << "fib";
    QTest::newRow("devtools gecko") << corpusPath(QStringLiteral("peers/speedscope_firefox61_recursion.json")) << "Firefox 61"
                                    << "alpha";
    QTest::newRow("processed") << fixtures + QStringLiteral("/firefox/gecko_tiny.processed-v70.json") << "Firefox 140" << "b";
    QTest::newRow("trace durations") << fixtures + QStringLiteral("/speedscope/bex-interaction.json") << "trace-event durations"
                                     << "B";
    QTest::newRow("hermes samples") << fixtures + QStringLiteral("/speedscope/multi-thread-with-samples.json")
                                    << "trace-event stack samples" << "function4";
    QTest::newRow("speedscope") << fixtures + QStringLiteral("/speedscope/two-sampled.speedscope.json") << "speedscope" << "c";
}

void TestNewFormatPages::opensEachFormat()
{
    QFETCH(QString, path);
    QFETCH(QString, headerText);
    QFETCH(QString, function);
    const ProfileDataPtr data = loadData(path);
    QVERIFY2(data, qPrintable(path));
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QList<QLabel*> labels = page.findChildren<QLabel*>();
    const bool described = std::any_of(labels.begin(), labels.end(), [&](QLabel* l) { return l->text().contains(headerText); });
    QVERIFY2(described, qPrintable(headerText));
    CostTreeView* functions = page.functionView(false);
    QVERIFY(functions);
    QAbstractItemModelTester tester(functions->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(functions->model()->rowCount() > 0);
    page.setSearchText(function);
    QVERIFY2(page.matchCount() >= 1, qPrintable(function));
    QVERIFY(page.currentView()->currentIndex().data(CostTreeModel::NameRole).toString().contains(function));
    page.setSearchText(QString());
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    page.expandHotPath();
    QVERIFY(page.currentView()->model()->rowCount() > 0);
}

QTEST_MAIN(TestNewFormatPages)
#include "tst_newformatpages.moc"
