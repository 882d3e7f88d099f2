// Every format of model/readers/ opens in a profile page (offscreen): the header says what
// was opened, the trees hold its functions, and the views that place samples in time
// (hot path, timeline of a tracing profile with gaps) work on it.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profileopenjob.h"
#include "views/document/sourcemapswitch.h"
#include "views/elidedlabel.h"
#include "views/profilepage.h"
#include "views/readerwarningsbanner.h"
#include "views/sourcepane.h"
#include "views/sourceview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDropEvent>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QToolButton>
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
    void readerWarningsShowInThePage();
    void sourceMapDroppedOnThePage();
    void evalCodeShowsItsScript();
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
    // The reader's description is among the summary bar's facts (an ElidedLabel), or a label's.
    const QList<QLabel*> labels = page.findChildren<QLabel*>();
    const QList<ElidedLabel*> elided = page.findChildren<ElidedLabel*>();
    const bool described =
        std::any_of(labels.begin(), labels.end(), [&](QLabel* l) { return l->text().contains(headerText); })
        || std::any_of(elided.begin(), elided.end(), [&](ElidedLabel* l) { return l->text().contains(headerText); });
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

namespace {
// Opens `path` as the window does (ProfileOpenJob, off the GUI thread).
ProfileDataPtr openAsTheWindowDoes(const QString& path)
{
    ProfileOpenJob job;
    QSignalSpy loaded(&job, &ProfileOpenJob::loaded);
    job.load(path);
    if (!loaded.wait(30000))
        return {};
    return loaded.at(0).at(0).value<ProfileDataPtr>();
}
} // namespace

// Issue 18: what a reader repaired is said in the window (a strip in the page with the full
// list behind Details), not only by the command line; a clean file shows no strip.
void TestNewFormatPages::readerWarningsShowInThePage()
{
    const ProfileDataPtr repaired = openAsTheWindowDoes(fixtures + QStringLiteral("/speedscope/too-many-end-events.json"));
    QVERIFY(repaired);
    QVERIFY(!repaired->warnings.isEmpty());
    ProfilePage page(repaired);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    ReaderWarningsBanner* banner = page.warningsBanner();
    QVERIFY(banner);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->summaryLabel()->text().contains(QLatin1String("did not match the innermost open event")),
             qPrintable(banner->summaryLabel()->text()));
    QVERIFY(!banner->details()->isVisible());
    QTest::mouseClick(banner->detailsButton(), Qt::LeftButton);
    QVERIFY(banner->details()->isVisible());
    QCOMPARE(banner->details()->toPlainText(), repaired->warnings.join(QLatin1Char('\n')));
    if (const QByteArray shots = qgetenv("XSPROF_SHOTS"); !shots.isEmpty()) // to look at it
        QVERIFY(page.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/reader-warnings.png")));

    const ProfileDataPtr clean = openAsTheWindowDoes(fixtures + QStringLiteral("/speedscope/simple.json"));
    QVERIFY(clean);
    QVERIFY(clean->warnings.isEmpty());
    ProfilePage cleanPage(clean);
    QVERIFY(!cleanPage.warningsBanner());
}

namespace {
// The line of the first function of the page's whole profile whose url ends with `suffix`; 0: none.
int lineOfUrl(const ProfilePage& page, const char* suffix)
{
    const xsprof::Profile& p = page.data()->profile;
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameUrl(xsprof::FrameId(f)).ends_with(suffix))
            return p.frames.line[f];
    }
    return 0;
}
} // namespace

// Issue 18: a .map dropped on a profile maps it on a worker and shows the original sources;
// the switch goes back to the generated code and forth again. Expected locations: speedscope's
// remapping of the same file (corpus/peers/source-maps/speedscope-expected-remapping.txt).
void TestNewFormatPages::sourceMapDroppedOnThePage()
{
    const QString dir = corpusPath(QStringLiteral("peers/source-maps"));
    const ProfileDataPtr data = loadData(dir + QStringLiteral("/chrome-85-webpack.json"));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QCOMPARE(lineOfUrl(page, "beta.ts"), 0);
    SourceMapSwitch* maps = page.sourceMaps();
    QVERIFY(!maps->hasMaps());
    QSignalSpy searched(maps, &SourceMapSwitch::searched);

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dir + QStringLiteral("/webpack/typescript-source-map-test.js.map"))});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&page, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&page, &drop);
    QVERIFY(searched.wait(20000));
    QCOMPARE(searched.at(0).at(0).toBool(), true);
    QVERIFY(maps->showsOriginal());
    QVERIFY2(maps->summary().contains(QLatin1String("by 1 source map")), qPrintable(maps->summary()));
    // speedscope: (o @ …/typescript-source-map-test.js:1:88) is beta.ts line 3, (r …:1:130) delta.ts line 3.
    QTRY_COMPARE(lineOfUrl(page, "beta.ts"), 3);
    QCOMPARE(lineOfUrl(page, "delta.ts"), 3);
    QCOMPARE(lineOfUrl(page, "kludge.ts") > 0, true);
    QAbstractItemModelTester tester(page.functionView(false)->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.setSearchText(QStringLiteral("beta"));
    QVERIFY(page.matchCount() >= 1);
    page.setSearchText(QString());

    // The source pane shows beta.ts as the map embeds it (sourcesContent), at the function's line.
    CostTreeView* functions = page.functionView(false);
    QModelIndex beta;
    QList<QModelIndex> todo{QModelIndex()};
    while (!todo.isEmpty() && !beta.isValid()) {
        const QModelIndex parent = todo.takeFirst();
        if (functions->model()->canFetchMore(parent))
            functions->model()->fetchMore(parent);
        for (int row = 0; row < functions->model()->rowCount(parent); ++row) {
            const QModelIndex index = functions->model()->index(row, 0, parent);
            if (index.data(CostTreeModel::LocationRole).toString() == QLatin1String("beta.ts (3)"))
                beta = index;
            todo << index;
        }
    }
    QVERIFY(beta.isValid());
    emit functions->sourceRequested(beta);
    QVERIFY(page.sourcePane()->isVisible());
    QVERIFY(page.sourcePane()->currentPath().endsWith(QLatin1String("/beta.ts")));
    QVERIFY(page.sourcePane()->view()->toPlainText().contains(QLatin1String("export function beta()")));
    QCOMPARE(page.sourcePane()->view()->highlightedLine(), 3);

    maps->setShowsOriginal(false);
    QTRY_COMPARE(lineOfUrl(page, "beta.ts"), 0);
    QVERIFY(lineOfUrl(page, "typescript-source-map-test.js") > 0);
    maps->setShowsOriginal(true);
    QTRY_COMPARE(lineOfUrl(page, "beta.ts"), 3);

    // A profile files without a map anywhere: searched, nothing found, the switch stays off.
    const ProfileDataPtr plain = loadData(corpusPath(QStringLiteral("peers/speedscope_safari13_simple.json")));
    QVERIFY(plain);
    ProfilePage other(plain);
    QSignalSpy none(other.sourceMaps(), &SourceMapSwitch::searched);
    other.sourceMaps()->setFolder(dir + QStringLiteral("/webpack"));
    QVERIFY(none.wait(20000));
    QCOMPARE(none.at(0).at(0).toBool(), false);
    other.sourceMaps()->setShowsOriginal(true);
    QVERIFY(!other.sourceMaps()->showsOriginal());
}

// Issue 16: code from eval (an empty url, a real line) shows its script id in the trees'
// location and tooltip (a real Chromium profile: script 4, line 1).
void TestNewFormatPages::evalCodeShowsItsScript()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("chromium_cdp_shared.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    QAbstractItemModel* model = page.functionView(false)->model();
    QModelIndex eval;
    QList<QModelIndex> todo{QModelIndex()};
    for (int visited = 0; !todo.isEmpty() && !eval.isValid() && visited < 20000; ++visited) {
        const QModelIndex parent = todo.takeFirst();
        if (model->canFetchMore(parent))
            model->fetchMore(parent);
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex index = model->index(row, 0, parent);
            if (index.data(CostTreeModel::LocationRole).toString() == QLatin1String("script 4:1"))
                eval = index;
            todo << index;
        }
    }
    QVERIFY(eval.isValid());
    QVERIFY2(eval.data(Qt::ToolTipRole).toString().contains(QLatin1String("script 4, line 1")),
             qPrintable(eval.data(Qt::ToolTipRole).toString()));
}

QTEST_MAIN(TestNewFormatPages)
#include "tst_newformatpages.moc"
