// The transform context menu and keys: what each action requests, and that focus and
// collapse are offered only where the profile has per-path stacks.
#include "viewtestutils.h"

#include "views/functionlistmodel.h"
#include "views/transformmenu.h"

#include "model/profileloader.h"

#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace xsprof;

namespace {

ProfileSource sourceOf(const QString& relative)
{
    LoadResult r = loadProfileFile(ViewTestUtils::corpusPath(relative).toStdString());
    if (!r.ok())
        qFatal("cannot load %s", qPrintable(relative));
    ProfileSource s;
    s.profile = std::make_shared<const Profile>(std::move(*r.profile));
    s.analysis = std::make_shared<const ProfileAnalysis>(ProfileAnalysis::compute(*s.profile));
    return s;
}

QModelIndex rowOf(const FunctionListModel& model, const QString& name)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(FunctionListModel::SortRole).toString() == name)
            return model.index(r, 0);
    }
    return {};
}

} // namespace

class TestTransformMenu : public QObject {
    Q_OBJECT

private slots:
    void menuAndKeysRequestTransforms();
    void graphEncodedOffersMergeAndDropOnly();
};

void TestTransformMenu::menuAndKeysRequestTransforms()
{
    const ProfileSource s = sourceOf(QStringLiteral("tiny/diamond.cpuprofile"));
    FunctionListModel model;
    model.setSource(s);
    QTreeView view;
    view.setModel(&model);
    TransformMenu menu(&view, s.profile.get(), [&model](const QModelIndex& i) { return model.frame(i.row()); });
    QSignalSpy requested(&menu, &TransformMenu::transformRequested);
    QSignalSpy callers(&menu, &TransformMenu::callersCalleesRequested);

    const QModelIndex d = rowOf(model, QStringLiteral("D"));
    std::unique_ptr<QMenu> m(menu.menuFor(d, &view));
    QVERIFY(m);
    const QList<QAction*> actions = m->actions();
    QCOMPARE(actions.at(0)->text(), QStringLiteral("Focus on D"));
    actions.at(1)->trigger(); // merge
    QCOMPARE(requested.count(), 1);
    const Transform t = requested.last().at(0).value<Transform>();
    QVERIFY(t.kind == TransformKind::Merge);
    QVERIFY(t.key && t.key->name == "D" && t.key->line == 14); // one function, by its key
    actions.at(4)->trigger(); // merge file
    QVERIFY(requested.last().at(0).value<Transform>().kind == TransformKind::MergeUrl);
    QCOMPARE(requested.last().at(0).value<Transform>().url, std::string("file:///tiny.js"));
    actions.last()->trigger();
    QCOMPARE(callers.count(), 1);
    QVERIFY(!menu.menuFor(QModelIndex(), &view)); // no row: no menu

    // Keys on the current row: F, D, R.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCurrentIndex(d);
    for (auto [key, kind] : {std::pair{Qt::Key_F, TransformKind::Focus}, std::pair{Qt::Key_D, TransformKind::Drop},
                             std::pair{Qt::Key_R, TransformKind::CollapseRecursion}}) {
        QTest::keyClick(&view, key);
        QVERIFY(requested.last().at(0).value<Transform>().kind == kind);
    }
    QCOMPARE(requested.count(), 5);
}

void TestTransformMenu::graphEncodedOffersMergeAndDropOnly()
{
    const ProfileSource s = sourceOf(QStringLiteral("tiny/xs_graph.cpuprofile"));
    FunctionListModel model;
    model.setSource(s);
    QTreeView view;
    view.setModel(&model);
    TransformMenu menu(&view, s.profile.get(), [&model](const QModelIndex& i) { return model.frame(i.row()); });
    QSignalSpy requested(&menu, &TransformMenu::transformRequested);
    std::unique_ptr<QMenu> m(menu.menuFor(rowOf(model, QStringLiteral("c")), &view));
    const QList<QAction*> actions = m->actions();
    QVERIFY(!actions.at(0)->isEnabled()); // focus
    QVERIFY(actions.at(1)->isEnabled());  // merge
    QVERIFY(actions.at(2)->isEnabled());  // drop
    QVERIFY(!actions.at(3)->isEnabled()); // collapse
    QVERIFY(actions.at(0)->toolTip().contains(QLatin1String("graph-encoded")));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCurrentIndex(rowOf(model, QStringLiteral("c")));
    QTest::keyClick(&view, Qt::Key_F);
    QCOMPARE(requested.count(), 0); // does not apply: nothing requested
    QTest::keyClick(&view, Qt::Key_M);
    QCOMPARE(requested.count(), 1);
}

QTEST_MAIN(TestTransformMenu)
#include "tst_transformmenu.moc"
