// File › Compare With… and View › Callers and Callees in the window: tabs made from the
// profiles of other tabs, closed like any tab.
#include "viewtestutils.h"

#include "app/comparetabs.h"
#include "app/comparisonopener.h"
#include "app/mainwindow.h"
#include "app/tabs/windowtabs.h"
#include "views/callerscalleespage.h"
#include "views/comparisonmodel.h"
#include "views/comparisonpage.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/flamegraphpanel.h"
#include "views/functionlistmodel.h"
#include "views/profilepage.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QTabBar>
#include <QTreeView>
#include <QWindow>
#include <QMenuBar>
#include <QMimeData>
#include <QSignalSpy>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace ViewTestUtils;

class TestCompareTabs : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void compareTwoOpenProfiles();
    void compareWithDialog();
    void compareWithAFileAlone();
    void aFileOfAnotherMeasureIsRefusedInABox();
    void compareWithOffersProfilesOfOneMeasure();
    void shiftDropComparesWithTheTab();
    void callersAndCalleesTab();
    void callersAndCalleesFollowTransforms();
    void callersAndCalleesOpenOnTheSelectedFunctionOnce();

private:
    QAction* action(const QString& text) const;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void TestCompareTabs::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_window = std::make_unique<MainWindow>(m_settings.get());
    m_window->openFiles({corpusPath(QStringLiteral("node_fib.cpuprofile")), corpusPath(QStringLiteral("node_fib_i100.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 2);
}

void TestCompareTabs::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

QAction* TestCompareTabs::action(const QString& text) const
{
    for (QAction* a : m_window->findChildren<QAction*>()) {
        if (a->text() == text)
            return a;
    }
    return nullptr;
}

void TestCompareTabs::compareTwoOpenProfiles()
{
    const int base = m_window->page(0)->title() == QLatin1String("node_fib.cpuprofile") ? 0 : 1;
    ComparisonOpener* opener = CompareTabs::openComparison(m_window->tabs(), base, 1 - base);
    QVERIFY(opener);
    QSignalSpy opened(opener, &ComparisonOpener::opened);
    QVERIFY(opener->isBusy()); // matched on a worker: no tab yet
    QCOMPARE(m_window->documentCount(), 2);
    QVERIFY(opened.wait(20000));
    auto* page = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(m_window->documentCount(), 3);
    QCOMPARE(m_window->tabs()->currentWidget(), page);
    QCOMPARE(page->data()->baseName, QStringLiteral("node_fib.cpuprofile"));
    QVERIFY(page->model()->rowCount() > 50);
    // The page actions do not apply to a comparison tab, and closing it works.
    QVERIFY(!action(QStringLiteral("&Bottom-up Order"))->isEnabled());
    m_window->closeDocument(2);
    QTRY_COMPARE(m_window->documentCount(), 2);
}

// The base suggested is the tab viewed before the current one; a file not open can be the
// base too; the comparison tab and the window title name both sides.
void TestCompareTabs::compareWithDialog()
{
    m_window->openFiles({corpusPath(QStringLiteral("node_dag_shared.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 3);
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTabBar* bar = m_window->tabs()->tabBar();
    const int fib = m_window->page(0)->data()->path.endsWith(QLatin1String("node_fib.cpuprofile")) ? 0 : 1;
    QCOMPARE(m_window->tabs()->currentIndex(), 2); // node_dag_shared, just opened
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(fib).center());
    QCOMPARE(m_window->tabs()->currentIndex(), fib);

    QAction* compare = action(QStringLiteral("Compare &With…"));
    QVERIFY(compare && compare->isEnabled());
    compare->trigger();
    auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog && dialog->objectName() == QLatin1String("compareDialog"));
    auto* bases = dialog->findChild<QComboBox*>(QStringLiteral("compareBase"));
    QVERIFY(bases);
    QCOMPARE(bases->count(), 2);
    QCOMPARE(bases->currentText(), QStringLiteral("node_dag_shared.cpuprofile")); // viewed last, not the first tab
    QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 4, 20000);
    auto* page = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->data()->baseName, QStringLiteral("node_dag_shared.cpuprofile"));
    QCOMPARE(page->data()->nextName, QStringLiteral("node_fib.cpuprofile"));
    const QString title = QStringLiteral("node_dag_shared.cpuprofile ↔ node_fib.cpuprofile");
    QCOMPARE(m_window->tabs()->shownText(3), title);
    QCOMPARE(m_window->windowHandle()->title(), title + QStringLiteral(" — xsprof"));

    // A file that is not open, chosen in a file dialog, as the base.
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(fib).center());
    compare->trigger();
    dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    auto* browse = dialog->findChild<QPushButton*>(QStringLiteral("compareBrowse"));
    QVERIFY(browse);
    QTest::mouseClick(browse, Qt::LeftButton);
    auto* files = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(files);
    files->selectFile(corpusPath(QStringLiteral("tiny/diamond.cpuprofile")));
    static_cast<QDialog*>(files)->accept(); // QFileDialog::accept() is protected
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 5, 20000);
    page = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->data()->baseName, QStringLiteral("diamond.cpuprofile"));
    QCOMPARE(page->data()->nextName, QStringLiteral("node_fib.cpuprofile"));
    QVERIFY(!QApplication::activeModalWidget());
}

// Compare With… offers the open profiles of the front one's measure only: a heap profile's
// bytes are not compared with a CPU profile's time (the worker would refuse them).
void TestCompareTabs::compareWithOffersProfilesOfOneMeasure()
{
    m_window->openFiles({QStringLiteral(XSPROF_VIEW_FIXTURES_DIR "/Heap.20261128.153139.15955.0.001.heapprofile")});
    QTRY_COMPARE(m_window->documentCount(), 3);
    QCOMPARE(m_window->tabs()->currentIndex(), 2);
    struct Offer {
        int count = -1;
        bool enabled = false;
        QString placeholder;
    };
    const auto offered = [this] {
        action(QStringLiteral("Compare &With…"))->trigger();
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return Offer{};
        auto* combo = dialog->findChild<QComboBox*>(QStringLiteral("compareBase"));
        const Offer offer{combo->count(), combo->isEnabled(), combo->placeholderText()};
        dialog->reject();
        return offer;
    };
    // From the heap profile: neither CPU profile, and the field says why.
    const Offer fromHeap = offered();
    QCOMPARE(fromHeap.count, 0);
    QVERIFY(!fromHeap.enabled);
    QVERIFY2(fromHeap.placeholder.contains(QLatin1String("no other profile in bytes open")), qPrintable(fromHeap.placeholder));
    // From a CPU profile: the other CPU profile, not the heap profile.
    m_window->tabs()->setCurrent(0);
    QCOMPARE(offered().count, 1);
}

// With no other profile open, Compare With… still offers a file as the base.
void TestCompareTabs::compareWithAFileAlone()
{
    m_window->closeDocument(0);
    QTRY_COMPARE(m_window->documentCount(), 1);
    const QString alone = m_window->tabs()->shownText(0);
    action(QStringLiteral("Compare &With…"))->trigger();
    auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QVERIFY(!dialog->findChild<QComboBox*>(QStringLiteral("compareBase"))->isEnabled());
    QVERIFY(!dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog->findChild<QPushButton*>(QStringLiteral("compareBrowse"))->click();
    auto* files = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(files);
    files->selectFile(corpusPath(QStringLiteral("node_dag_shared.cpuprofile")));
    static_cast<QDialog*>(files)->accept(); // QFileDialog::accept() is protected
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 2, 20000);
    auto* page = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->data()->baseName, QStringLiteral("node_dag_shared.cpuprofile"));
    QCOMPARE(page->data()->nextName, alone);
}

// A heap profile chosen as the base of a CPU profile: refused, and a box says why, naming both
// profiles and both measures (the status bar alone cut it at 1024 px).
void TestCompareTabs::aFileOfAnotherMeasureIsRefusedInABox()
{
    const QString front = m_window->tabs()->shownText(m_window->tabs()->currentIndex());
    action(QStringLiteral("Compare &With…"))->trigger();
    auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    dialog->findChild<QPushButton*>(QStringLiteral("compareBrowse"))->click();
    auto* files = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(files);
    files->selectFile(QStringLiteral(XSPROF_VIEW_FIXTURES_DIR "/Heap.20261128.153139.15955.0.001.heapprofile"));
    static_cast<QDialog*>(files)->accept();
    QMessageBox* box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = m_window->findChild<QMessageBox*>(QStringLiteral("comparisonFailed"))), 20000);
    QCOMPARE(box->icon(), QMessageBox::Warning);
    QVERIFY2(box->text().contains(QStringLiteral("Heap.20261128.153139.15955.0.001.heapprofile measures bytes")),
             qPrintable(box->text()));
    QVERIFY2(box->text().contains(front + QStringLiteral(" measures time")), qPrintable(box->text()));
    QVERIFY2(!box->text().contains(QStringLiteral("failed")), qPrintable(box->text())); // a refusal, told as one
    QCOMPARE(m_window->documentCount(), 2); // nothing opened
    box->button(QMessageBox::Ok)->click();
    QTRY_VERIFY(!m_window->findChild<QMessageBox*>(QStringLiteral("comparisonFailed")));
}

void TestCompareTabs::callersAndCalleesTab()
{
    QAction* callers = action(QStringLiteral("&Callers and Callees"));
    QVERIFY(callers);
    QCOMPARE(callers->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    callers->trigger();
    QCOMPARE(m_window->documentCount(), 3);
    auto* page = qobject_cast<CallersCalleesPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QVERIFY(page->functions()->rowCount() > 50);
    QVERIFY(page->selectedFunction().isValid()); // the function selected in the profile's tab
    // The tab and the window title name the function selected, and follow the selection.
    const auto nameOf = [&](xsprof::FrameId f) {
        const QString name = QString::fromStdString(std::string(m_window->page(1)->data()->profile.frameName(f)));
        return name.isEmpty() ? QStringLiteral("(anonymous)") : name;
    };
    const QString source = m_window->tabs()->shownText(1);
    QCOMPARE(m_window->tabs()->shownText(2),
             QStringLiteral("Callers of %1 — %2").arg(nameOf(page->selectedFunction()), source));
    m_window->winId();
    QCOMPARE(m_window->windowHandle()->title(), m_window->tabs()->shownText(2) + QStringLiteral(" — xsprof"));
    QTreeView* list = page->functionView();
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const QModelIndex second = list->model()->index(1, 0);
    list->scrollTo(second); // the list opens scrolled to the function selected in the profile
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(second).center());
    QCOMPARE(list->currentIndex().row(), 1);
    QCOMPARE(m_window->tabs()->shownText(2),
             QStringLiteral("Callers of %1 — %2").arg(nameOf(page->selectedFunction()), source));
    QVERIFY(m_window->windowHandle()->title().startsWith(QStringLiteral("Callers of ") + nameOf(page->selectedFunction())));
    m_window->closeDocument(2);
    QTRY_COMPARE(m_window->documentCount(), 2);
}

void TestCompareTabs::shiftDropComparesWithTheTab()
{
    // Drop node_dag_shared.cpuprofile with Shift on the node_fib tab: a comparison, base =
    // the tab, new = the file, which is not opened as a tab of its own.
    const int fib = m_window->page(0)->title() == QLatin1String("node_fib.cpuprofile") ? 0 : 1;
    m_window->tabs()->setCurrent(fib);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(corpusPath(QStringLiteral("node_dag_shared.cpuprofile")))});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 3, 20000);
    auto* page = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->data()->baseName, QStringLiteral("node_fib.cpuprofile"));
    QCOMPARE(page->data()->nextName, QStringLiteral("node_dag_shared.cpuprofile"));
    QVERIFY(page->model()->rowCount() > 10);
    // Without Shift, a drop opens the file.
    QDragEnterEvent plainEnter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &plainEnter);
    QDropEvent plain(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &plain);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 4, 20000);
    QVERIFY(m_window->tabs()->currentWidget() != page);
}

void TestCompareTabs::callersAndCalleesFollowTransforms()
{
    // A Callers / Callees tab shows its tab's profile after the transforms, and follows them.
    ProfilePage* source = m_window->page(0);
    auto* page = CompareTabs::openCallersCallees(m_window->tabs(), 0);
    QVERIFY(page);
    const int before = page->functions()->rowCount();
    xsprof::FrameId fib;
    const xsprof::Profile& p = source->data()->profile;
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(xsprof::FrameId(f)) == "fib")
            fib = xsprof::FrameId(f);
    }
    QVERIFY(fib.isValid());
    QSignalSpy changed(source->document(), &ProfileDocument::resultsChanged);
    QVERIFY(source->document()->pushTransform(xsprof::Transform::byFrame(xsprof::TransformKind::Merge, p, fib)));
    QVERIFY(changed.wait(20000));
    QCOMPARE(page->functions()->rowCount(), before - 1); // fib merged away
    QCOMPARE(page->functions()->rowOf(fib), -1);
}

// Ctrl+Shift+C opens on the function selected in the view in front; pressed again for the
// same function it brings that tab forward; another function gets a tab of its own.
void TestCompareTabs::callersAndCalleesOpenOnTheSelectedFunctionOnce()
{
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->tabs()->setCurrent(0);
    ProfilePage* source = m_window->page(0);
    CostTreeView* tree = source->functionView(false);
    tree->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), tree);
    QTest::keyClick(tree, Qt::Key_Up); // the hot path's end's caller: not (root)
    const xsprof::FrameId selected(tree->currentIndex().data(CostTreeModel::FrameRole).toUInt());
    QVERIFY(tree->currentIndex().parent().isValid());
    QTest::keyClick(tree, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->documentCount(), 3);
    auto* page = qobject_cast<CallersCalleesPage*>(m_window->tabs()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->selectedFunction(), selected);

    m_window->tabs()->setCurrent(0);
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->documentCount(), 3);
    QCOMPARE(m_window->tabs()->currentWidget(), page);

    // In the flame graph: its chosen frame.
    m_window->tabs()->setCurrent(0);
    source->tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    FlameGraphView* flame = source->flameGraph()->view();
    flame->setFocus();
    QTest::keyClick(flame, Qt::Key_Down);
    QTest::keyClick(flame, Qt::Key_Down);
    QVERIFY(flame->selectedBox() && flame->selectedBox()->frame != selected);
    QTest::keyClick(flame, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->documentCount(), 4);
    auto* second = qobject_cast<CallersCalleesPage*>(m_window->tabs()->currentWidget());
    QVERIFY(second && second != page);
    QCOMPARE(second->selectedFunction(), flame->selectedBox()->frame);
}

QTEST_MAIN(TestCompareTabs)
#include "tst_comparetabs.moc"
