// The English plural forms (resources/translations/xsprof_en.ts) as the window shows them:
// "Copied 1 row." and "Copied 3 rows.", never "Copied 3 row(s).".
#include "viewtestutils.h"
#include "app/loaderrordialog.h"
#include "app/mainwindow.h"
#include "model/sampletimes.h"
#include "views/costtreeview.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "xsprofresources.h"

#include <QAction>
#include <QClipboard>
#include <QInputDialog>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace ViewTestUtils;

class TestPluralForms : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void copyingRowsCountsThem();
    void failedFilesAreCounted();
    void theProfileChoiceCountsSamples();
    void aMergedFlameBoxCountsItsFrames();
};

void TestPluralForms::initTestCase()
{
    QVERIFY(XsprofResources::installPluralForms());
}

void TestPluralForms::copyingRowsCountsThem()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.openFiles({corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QTRY_COMPARE(window.documentCount(), 1);
    QAction* copy = nullptr;
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == QStringLiteral("Copy Table as Tab-&Separated Text"))
            copy = action;
    QVERIFY(copy);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTreeView* tree = window.currentPage()->currentView();
    tree->setFocus();
    for (const int rows : {1, 3}) {
        tree->clearSelection();
        QModelIndex index = tree->model()->index(0, 0);
        for (int row = 0; row < rows; ++row, index = tree->indexBelow(index)) {
            QVERIFY(index.isValid());
            tree->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
            tree->expand(index);
        }
        copy->trigger();
        const int copied = int(QApplication::clipboard()->text().count(QLatin1Char('\n'))) - 1; // less the header
        QCOMPARE(copied, rows);
        QCOMPARE(window.statusBar()->currentMessage(),
                 rows == 1 ? QStringLiteral("Copied 1 row.") : QStringLiteral("Copied %1 rows.").arg(rows));
    }
}

void TestPluralForms::failedFilesAreCounted()
{
    LoadErrorDialog dialog(nullptr);
    dialog.addError(QStringLiteral("/nowhere/a.cpuprofile"), QStringLiteral("No such file")); // one is named
    dialog.addError(QStringLiteral("/nowhere/b.cpuprofile"), QStringLiteral("No such file"));
    QCOMPARE(dialog.text(), QStringLiteral("Could not open 2 files."));
}

void TestPluralForms::theProfileChoiceCountsSamples()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    const QString path = corpusPath(QStringLiteral("chromium_traceevents_shared.json"));
    const nlohmann::json expected = readExpected(path);
    window.openFiles({path});
    QTRY_VERIFY(window.findChild<QInputDialog*>());
    const QStringList items = window.findChild<QInputDialog*>()->comboBoxItems();
    QCOMPARE(items.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const auto samples = expected.at("profiles").at(i).at("sample_count").get<size_t>();
        QVERIFY(samples > 1);
        QVERIFY2(items.at(i).endsWith(QStringLiteral(" (%1 samples)").arg(samples)), qPrintable(items.at(i)));
    }
}

// A narrow flame graph merges frames thinner than a pixel into one grey box.
void TestPluralForms::aMergedFlameBoxCountsItsFrames()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    FlameGraphView view;
    view.resize(300, 400);
    const SampleTimes times(data->profile);
    view.setData(data, times.start(), times.end());
    int checked = 0;
    for (const FlameGraphLayout::Box& box : view.layout().boxes()) {
        if (box.frame.isValid() || box.merged < 2)
            continue;
        const QString frames = QStringLiteral("%1 frames thinner than a pixel<br/>together ").arg(box.merged);
        QVERIFY2(view.toolTipFor(box).startsWith(frames), qPrintable(view.toolTipFor(box)));
        const QString small = QStringLiteral("%1 small frames, together ").arg(box.merged);
        QVERIFY2(view.describe(box).startsWith(small), qPrintable(view.describe(box)));
        ++checked;
    }
    QVERIFY(checked > 0);
}

QTEST_MAIN(TestPluralForms)
#include "tst_pluralforms.moc"
