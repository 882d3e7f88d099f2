// The transform breadcrumb: shows the stack, clicking a step and Backspace ask to go back,
// and driving a real profile through it gives the numbers of the transforms kept.
#include "viewtestutils.h"

#include "views/transformbreadcrumb.h"

#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace xsprof;

class TestTransformBreadcrumb : public QObject {
    Q_OBJECT

private slots:
    void showsTheStack();
    void clickGoesBackAndBackspaceUndoes();
};

void TestTransformBreadcrumb::showsTheStack()
{
    QWidget page; // as above a profile's views
    auto& crumb = *new TransformBreadcrumb(&page);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(!crumb.isVisible()); // nothing applied: hidden
    crumb.setTransforms({Transform::byName(TransformKind::Merge, "fib"), Transform::byName(TransformKind::Focus, "main"),
                         Transform::mergeUrl("node:internal/modules/cjs/loader")});
    QVERIFY(crumb.isVisible());
    QCOMPARE(crumb.stepCount(), 4);
    QCOMPARE(crumb.stepButton(0)->text(), QStringLiteral("Full profile"));
    QCOMPARE(crumb.stepButton(1)->text(), QStringLiteral("Merge fib"));
    QCOMPARE(crumb.stepButton(2)->text(), QStringLiteral("Focus on main"));
    QCOMPARE(crumb.stepButton(3)->text(), QStringLiteral("Merge file loader"));
    QVERIFY(crumb.stepButton(0)->isEnabled());
    QVERIFY(!crumb.stepButton(3)->isEnabled()); // the current step
}

void TestTransformBreadcrumb::clickGoesBackAndBackspaceUndoes()
{
    // The owner of the stack, as the document will be: applies what is kept.
    LoadResult loaded = loadProfileFile(ViewTestUtils::corpusPath(QStringLiteral("tiny/diamond.cpuprofile")).toStdString());
    QVERIFY(loaded.ok());
    const Profile& original = *loaded.profile;
    TransformBreadcrumb crumb;
    std::vector<Transform> stack;
    double duration = 0.0;
    const auto apply = [&](std::vector<Transform> transforms) {
        stack = std::move(transforms);
        duration = ProfileAnalysis::compute(*applyTransforms(original, stack).profile).functions.duration();
        crumb.setTransforms(stack);
    };
    connect(&crumb, &TransformBreadcrumb::goBackRequested, this, [&](int count) {
        apply(std::vector<Transform>(stack.begin(), stack.begin() + count));
    });
    QSignalSpy requests(&crumb, &TransformBreadcrumb::goBackRequested);

    // diamond: 800 µs; drop C -> 400 (A, B, D via B ×2); then focus D -> 200.
    apply({Transform::byName(TransformKind::Drop, "C"), Transform::byName(TransformKind::Focus, "D")});
    QCOMPARE(duration, 200.0);
    crumb.show();
    QVERIFY(QTest::qWaitForWindowExposed(&crumb));

    // Backspace undoes the focus: drop C only.
    crumb.setFocus();
    QTest::keyClick(&crumb, Qt::Key_Backspace);
    QCOMPARE(requests.count(), 1);
    QCOMPARE(requests.last().at(0).toInt(), 1);
    QCOMPARE(stack.size(), size_t(1));
    QCOMPARE(duration, 400.0);
    QCOMPARE(crumb.stepCount(), 2);

    // Apply another, then click "Full profile": everything goes.
    apply({stack[0], Transform::byName(TransformKind::Merge, "D")});
    QCOMPARE(duration, 400.0); // merging keeps every sample
    QTest::mouseClick(crumb.stepButton(0), Qt::LeftButton);
    QCOMPARE(requests.last().at(0).toInt(), 0);
    QVERIFY(stack.empty());
    QCOMPARE(duration, 800.0);
    QVERIFY(!crumb.isVisible());
    QTest::keyClick(&crumb, Qt::Key_Backspace); // nothing to undo: no request
    QCOMPARE(requests.count(), 2);
}

QTEST_MAIN(TestTransformBreadcrumb)
#include "tst_transformbreadcrumb.moc"
