// The timeline's legend never covers the samples: at any height it sits in a strip of its own
// above the areas (100 % ends below it), or, on a timeline too short for both (instrument lanes
// took its room), it is hidden. On a real profile (node_tree.cpuprofile).
#include "viewtestutils.h"

#include "views/document/profiledocument.h"
#include "views/qcustomplotinclude.h"
#include "views/timelinewidget.h"

#include <QTest>

using namespace ViewTestUtils;

class TestTimelineLegend : public QObject
{
    Q_OBJECT
private slots:
    void theLegendNeverCoversTheSamples();
};

void TestTimelineLegend::theLegendNeverCoversTheSamples()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(data);
    ProfileDocument document(data);
    TimelineWidget timeline(&document);
    timeline.resize(900, 160);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    int shown = 0, hidden = 0;
    for (int height : {160, 90, 60, 48, 40, 34, 28}) {
        timeline.resize(900, height);
        QCustomPlot* plot = timeline.plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QCoreApplication::processEvents();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const double full = plot->yAxis->coordToPixel(100.0); // the top of a 100 % area
        if (plot->legend->visible()) {
            ++shown;
            QVERIFY2(plot->legend->outerRect().bottom() <= full + 0.5,
                     qPrintable(QStringLiteral("height %1: legend to %2 px, areas from %3 px")
                                    .arg(height)
                                    .arg(plot->legend->outerRect().bottom())
                                    .arg(full)));
        } else {
            ++hidden;
            QVERIFY2(full <= plot->axisRect()->top() + 0.5, qPrintable(QString::number(height))); // the areas use it all
        }
    }
    QVERIFY(shown > 0); // a timeline of ordinary height has its legend
}

QTEST_MAIN(TestTimelineLegend)
#include "tst_timelinelegend.moc"
