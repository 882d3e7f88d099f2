// The window end to end: File > Open's code path, errors, cancelling, choosing a profile,
// Save As, sessions, shortcuts, drops.
#include "viewtestutils.h"

#include "app/loadstatuswidget.h"
#include "app/mainwindow.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profileopenjob.h"
#include "views/functiontreemodel.h"
#include "views/profilepage.h"
#include "views/sourcepane.h"
#include "views/sourceview.h"
#include "views/totalcolumns.h"

#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>
#include <QWindow>

using namespace ViewTestUtils;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void anOpenedFileShowsTheOraclesNumbers_data();
    void anOpenedFileShowsTheOraclesNumbers();
    void severalFilesOpenInTheirOrder();
    void aMalformedFileIsNamedAndTheOpenTabsStay();
    void aMissingFileIsNamedInADialog();
    void cancellingALoadOpensNothing();
    void aMultiProfileFileAsksWhichProfile();
    void savedProfileReopensWithTheSameNumbers();
    void theOpenFilesAreKeptForTheNextSession();
    void shortcutsActOnTheCurrentPage();
    void aDroppedFileOpens();
    void closingDocumentsLeavesNothingToSave();
    void theExampleOpensOutsideOpenRecent();
    void anEmptyProfileSaysWhy();
    void theExampleFillsASmallLaptopScreen();
    void theViewMenuChoosesTheTotalColumns();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_window = std::make_unique<MainWindow>(m_settings.get());
}

void TestMainWindow::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestMainWindow::anOpenedFileShowsTheOraclesNumbers_data()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"node_fib.cpuprofile", "tiny/diamond.cpuprofile", "tiny/xs_graph.cpuprofile",
                             "tiny/xs_stacks.cpuprofile", "chromium_selfprof_shared.json"})
        QTest::addRow("%s", file) << QString::fromLatin1(file);
}

// Through openFiles, as File > Open does: the shown Self/Total/Inclusive are the oracle's.
void TestMainWindow::anOpenedFileShowsTheOraclesNumbers()
{
    QFETCH(QString, file);
    m_window->openFiles({corpusPath(file)});
    QTRY_COMPARE(m_window->documentCount(), 1);
    ProfilePage* page = m_window->currentPage();
    QVERIFY(page);
    const nlohmann::json expected = readExpected(corpusPath(file));
    QCOMPARE(page->data()->analysis.functions.sampleCount(), expected.at("sample_count").get<size_t>());
    QVERIFY(closeEnough(page->data()->duration(), expected.at("duration").get<double>()));

    // The bottom-up view lists every function with self time, through the sorting proxy.
    page->setBottomUp(true);
    QAbstractItemModel* shown = page->currentView()->model();
    const auto* source = page->currentView()->costModel();
    const int self = source->columnOf(CostTreeModel::Cost::Self);
    const int total = source->columnOf(CostTreeModel::Cost::Total);
    const int inclusive = source->columnOf(CostTreeModel::Cost::Inclusive);
    int withSelf = 0;
    for (const auto& function : expected.at("functions"))
        withSelf += function.at("self").get<double>() > 0 ? 1 : 0;
    QCOMPARE(shown->rowCount(), withSelf);
    for (int row = 0; row < shown->rowCount(); ++row) {
        const QModelIndex index = shown->index(row, 0);
        const auto function = expectedFunction(expected, *page->data(),
                                               xsprof::FrameId(index.data(CostTreeModel::FrameRole).toUInt()));
        QVERIFY(function);
        auto cost = [&](int column) { return index.siblingAtColumn(column).data(CostTreeModel::CostRole).toDouble(); };
        QVERIFY(closeEnough(cost(self), function->at("self").get<double>()));
        QVERIFY(closeEnough(cost(total), function->at("divided_total").get<double>()));
        if (inclusive > 0)
            QVERIFY(closeEnough(cost(inclusive), function->at("total").get<double>()));
        else
            QVERIFY(function->at("total").is_null());
    }
    QVERIFY(m_settings->value(SettingsKeys::recentFiles).toStringList().contains(QFileInfo(corpusPath(file)).absoluteFilePath()));
}

void TestMainWindow::severalFilesOpenInTheirOrder()
{
    m_window->openFiles({corpusPath(QStringLiteral("tiny/diamond.cpuprofile")),
                         corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile")),
                         corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 3);
    QCOMPARE(m_window->page(0)->title(), QStringLiteral("diamond.cpuprofile"));
    QCOMPARE(m_window->page(1)->title(), QStringLiteral("xs_graph.cpuprofile"));
    QCOMPARE(m_window->page(2)->title(), QStringLiteral("node_fib.cpuprofile"));
}

void TestMainWindow::aMalformedFileIsNamedAndTheOpenTabsStay()
{
    m_window->openFiles({corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 1);
    ProfilePage* before = m_window->page(0);

    const QString bad = m_dir->filePath(QStringLiteral("broken.cpuprofile"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(root)")json");
    file.close();
    QSignalSpy failed(m_window->loader(), &ProfileOpenJob::failed);
    m_window->openFiles({bad});
    QVERIFY(failed.wait());
    QMessageBox* box = m_window->findChild<QMessageBox*>();
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY(box->text().contains(QLatin1String("broken.cpuprofile")));
    QVERIFY(box->informativeText().contains(QLatin1String("broken.cpuprofile"))); // the loader's message
    QCOMPARE(box->informativeText(), failed.at(0).at(1).toString());
    box->accept();
    // The other document is untouched and still works.
    QCOMPARE(m_window->documentCount(), 1);
    QCOMPARE(m_window->page(0), before);
    before->setSearchText(QStringLiteral("D"));
    QCOMPARE(before->matchCount() > 0, true);
}

void TestMainWindow::aMissingFileIsNamedInADialog()
{
    QSignalSpy failed(m_window->loader(), &ProfileOpenJob::failed);
    m_window->openFile(m_dir->filePath(QStringLiteral("nothing-here.cpuprofile")));
    QVERIFY(failed.wait());
    QTRY_VERIFY(m_window->findChild<QMessageBox*>());
    QVERIFY(m_window->findChild<QMessageBox*>()->text().contains(QLatin1String("nothing-here.cpuprofile")));
    QCOMPARE(m_window->documentCount(), 0);
}

void TestMainWindow::cancellingALoadOpensNothing()
{
    auto* status = m_window->findChild<LoadStatusWidget*>();
    QVERIFY(status);
    QSignalSpy cancelled(m_window->loader(), &ProfileOpenJob::cancelled);
    QSignalSpy finished(m_window->loader(), &ProfileOpenJob::finished);
    m_window->openFiles({corpusPath(QStringLiteral("chromium_traceevents_shared.json")),
                         corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QVERIFY(m_window->loader()->isBusy());
    QVERIFY(!status->isHidden());
    status->cancelButton()->click(); // before the worker's result is handed over: always wins
    QVERIFY(finished.wait());
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(m_window->documentCount(), 0); // the queued file is dropped too
    QVERIFY(status->isHidden());
    QVERIFY(!m_window->findChild<QMessageBox*>());

    // The loader keeps working afterwards.
    m_window->openFiles({corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 1);
}

// A trace-event file with two profiles: the window asks, then loads the chosen one.
void TestMainWindow::aMultiProfileFileAsksWhichProfile()
{
    const QString path = corpusPath(QStringLiteral("chromium_traceevents_shared.json"));
    const nlohmann::json expected = readExpected(path);
    m_window->openFiles({path});
    QTRY_VERIFY(m_window->findChild<QInputDialog*>());
    auto* dialog = m_window->findChild<QInputDialog*>();
    const QStringList items = dialog->comboBoxItems();
    QCOMPARE(items.size(), 2);
    QCOMPARE(m_window->documentCount(), 0);
    dialog->setTextValue(items.at(1));
    dialog->accept();
    QTRY_COMPARE(m_window->documentCount(), 1);
    const ProfileDataPtr data = m_window->currentPage()->data();
    QCOMPARE(data->profileIndex, 1);
    QCOMPARE(data->analysis.functions.sampleCount(),
             expected.at("profiles").at(1).at("sample_count").get<size_t>());
    QVERIFY(closeEnough(data->duration(), expected.at("profiles").at(1).at("duration").get<double>()));
    // Named so as not to read as a duplicate counter, in the tab and the window title.
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("chromium_traceevents_shared.json — profile 2 of 2"));
    m_window->winId();
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("chromium_traceevents_shared.json — profile 2 of 2 — xsprof"));
    QVERIFY(!m_window->isWindowModified()); // a file is never unsaved
    // The page's own header too.
    QCOMPARE(m_window->currentPage()->title(), QStringLiteral("chromium_traceevents_shared.json — profile 2"));
    // The next start names it the same.
    m_window->close();
    m_window = std::make_unique<MainWindow>(m_settings.get());
    QVERIFY(m_window->reopenLastSession());
    QTRY_COMPARE(m_window->documentCount(), 1);
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("chromium_traceevents_shared.json — profile 2 of 2"));
}

void TestMainWindow::savedProfileReopensWithTheSameNumbers()
{
    for (const char* file : {"node_fib.cpuprofile", "tiny/xs_graph.cpuprofile", "tiny/xs_stacks.cpuprofile"}) {
        m_window->openFiles({corpusPath(QString::fromLatin1(file))});
        QTRY_VERIFY(m_window->currentPage()
                    && m_window->currentPage()->data()->path == corpusPath(QString::fromLatin1(file)));
        const int before = m_window->documentCount();
        const QString saved = m_dir->filePath(QFileInfo(QString::fromLatin1(file)).baseName()
                                              + QStringLiteral("-saved.cpuprofile"));
        QVERIFY(m_window->saveCurrentProfile(saved));
        ProfilePage* original = m_window->currentPage();
        m_window->openFiles({saved});
        QTRY_COMPARE(m_window->documentCount(), before + 1);
        ProfilePage* reopened = m_window->currentPage();
        QVERIFY(reopened != original);
        // Same rows, same numbers, in both orders (source order is key order, format-independent).
        for (bool bottomUp : {false, true}) {
            const CostTreeModel* a = original->functionView(bottomUp)->costModel();
            const CostTreeModel* b = reopened->functionView(bottomUp)->costModel();
            QCOMPARE(printModel(*b, 6), printModel(*a, 6));
        }
    }
}

void TestMainWindow::theOpenFilesAreKeptForTheNextSession()
{
    const QStringList files{corpusPath(QStringLiteral("tiny/diamond.cpuprofile")),
                            corpusPath(QStringLiteral("node_fib.cpuprofile"))};
    m_window->openFiles(files);
    QTRY_COMPARE(m_window->documentCount(), 2);
    m_window->currentPage()->setBottomUp(true);
    m_window->close();
    QCOMPARE(m_settings->value(SettingsKeys::sessionFiles).toStringList(), files);
    QCOMPARE(m_settings->value(SettingsKeys::version).toInt(), SettingsKeys::currentVersion);

    MainWindow next(m_settings.get());
    QVERIFY(next.reopenLastSession());
    QTRY_COMPARE(next.documentCount(), 2);
    QVERIFY(next.page(0)->isBottomUp()); // the view state of the last page is kept

    // A session whose files are gone opens nothing (the caller then shows the example).
    m_settings->setValue(SettingsKeys::sessionFiles, QStringList{m_dir->filePath(QStringLiteral("gone.cpuprofile"))});
    MainWindow third(m_settings.get());
    QVERIFY(!third.reopenLastSession());
}

void TestMainWindow::shortcutsActOnTheCurrentPage()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->openFiles({corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 1);
    ProfilePage* page = m_window->currentPage();
    page->currentView()->setFocus();

    QTest::keyClick(m_window.get(), Qt::Key_B, Qt::ControlModifier);
    QVERIFY(page->isBottomUp());
    QTest::keyClick(m_window.get(), Qt::Key_B, Qt::ControlModifier);
    QVERIFY(!page->isBottomUp());

    QTest::keyClick(m_window.get(), Qt::Key_E, Qt::ControlModifier);
    QCOMPARE(page->currentView()->currentIndex().data(CostTreeModel::NameRole).toString(), QStringLiteral("sumLoop"));

    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QWidget* field = QApplication::focusWidget();
    QVERIFY(field);
    QTest::keyClicks(field, QStringLiteral("fib"));
    QTest::keyClick(field, Qt::Key_Return); // searches at once instead of waiting for the pause
    QTRY_VERIFY(page->matchCount() > 0);
    const QModelIndex first = page->currentView()->currentIndex();
    QTest::keyClick(m_window.get(), Qt::Key_F3);
    QVERIFY(page->currentView()->currentIndex() != first);
    QTest::keyClick(m_window.get(), Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(page->currentView()->currentIndex(), first);

    QTest::keyClick(m_window.get(), Qt::Key_W, Qt::ControlModifier);
    QCOMPARE(m_window->documentCount(), 0);
}

void TestMainWindow::aDroppedFileOpens()
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(corpusPath(QStringLiteral("tiny/diamond.cpuprofile")))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    QTRY_COMPARE(m_window->documentCount(), 1);
}

void TestMainWindow::closingDocumentsLeavesNothingToSave()
{
    m_window->openFiles({corpusPath(QStringLiteral("tiny/diamond.cpuprofile")),
                         corpusPath(QStringLiteral("tiny/linear.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 2);
    m_window->closeDocument(0);
    QCOMPARE(m_window->documentCount(), 1);
    QCOMPARE(m_window->currentPage()->title(), QStringLiteral("linear.cpuprofile"));
    m_window->closeDocument(0);
    QCOMPARE(m_window->currentPage(), nullptr);
    QVERIFY(!m_window->saveCurrentProfile(m_dir->filePath(QStringLiteral("x.cpuprofile"))));
}

// With no file and no session, the window opens the example compiled into the program.
void TestMainWindow::theExampleOpensOutsideOpenRecent()
{
    if (!QFile::exists(MainWindow::exampleProfile))
        QSKIP("xsprof_resources is not built with the example profile");
    QVERIFY(m_window->openExample());
    QTRY_COMPARE(m_window->documentCount(), 1);
    QVERIFY(m_window->currentPage()->data()->duration() > 0.0);
    QVERIFY(!m_window->currentPage()->title().isEmpty());
    // Not a file the user chose: stays out of Open Recent.
    QVERIFY(m_settings->value(SettingsKeys::recentFiles).toStringList().isEmpty());
}

// An XS session shorter than one batch of samples is saved as an empty profile: it opens, and
// the status bar says why it is empty.
void TestMainWindow::anEmptyProfileSaysWhy()
{
    const QString path = m_dir->filePath(QStringLiteral("empty.cpuprofile"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(host)","scriptId":"0","url":"","lineNumber":-1,)json"
               R"json("columnNumber":-1,"xsId":0}}],"startTime":100,"endTime":100,"samples":[],"timeDeltas":[]})json");
    file.close();
    m_window->openFile(path);
    QTRY_COMPARE(m_window->documentCount(), 1);
    const QString message = m_window->statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("no samples")) && message.contains(QStringLiteral("batches of 8")),
             qPrintable(message));
}

// At 1366×768 the first window shows the trees and, under them, the source pane with the
// selected function (checksum, from the script bundled with the example) and its line times.
void TestMainWindow::theExampleFillsASmallLaptopScreen()
{
    if (!QFile::exists(MainWindow::exampleProfile))
        QSKIP("xsprof_resources is not built with the example profile");
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openExample());
    QTRY_COMPARE(m_window->documentCount(), 1);
    ProfilePage* page = m_window->currentPage();
    QApplication::processEvents();
    CostTreeView* tree = page->functionView(false);
    QCOMPARE(tree->currentIndex().data(CostTreeModel::NameRole).toString(), QStringLiteral("checksum"));
    SourcePane* source = page->sourcePane();
    QVERIFY(source->isVisible());
    QVERIFY(source->currentPath().endsWith(QLatin1String("dag_shared.js")));
    QCOMPARE(source->view()->highlightedLine(), 11);
    QVERIFY(source->view()->toPlainText().contains(QLatin1String("function checksum(n, seed)")));
    // Both have room: the tree a dozen rows, the pane several lines.
    const int row = tree->sizeHintForRow(0);
    QVERIFY2(tree->viewport()->height() >= 12 * row, qPrintable(QString::number(tree->viewport()->height())));
    QVERIFY2(source->view()->height() >= 6 * source->view()->fontMetrics().height(),
             qPrintable(QString::number(source->view()->height())));
    QVERIFY(tree->height() > source->height());

    // A click on another row shows its function; Close hides the pane, Enter opens it again.
    const QModelIndex caller = tree->currentIndex().parent(); // normalize
    tree->scrollTo(caller);
    QApplication::processEvents();
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(caller).center());
    QCOMPARE(source->view()->highlightedLine(), caller.data(CostTreeModel::FrameRole).isValid()
                 ? int(page->data()->profile.frames.line[caller.data(CostTreeModel::FrameRole).toUInt()])
                 : -1);
    QVERIFY(source->view()->highlightedLine() != 11);
    QToolButton* close = nullptr;
    for (QToolButton* button : source->findChildren<QToolButton*>()) {
        if (button->text() == QLatin1String("Close"))
            close = button;
    }
    QVERIFY(close);
    QTest::mouseClick(close, Qt::LeftButton);
    QVERIFY(source->isHidden());
    QTest::keyClick(tree, Qt::Key_Return);
    QVERIFY(source->isVisible());
}

namespace {
QMenu* subMenu(const QList<QAction*>& actions, const QString& text)
{
    for (QAction* action : actions) {
        if (action->text() == text)
            return action->menu();
    }
    return nullptr;
}
} // namespace

// View › Total Columns shows VS Code's total in the open tab, the choice lands in the
// window's settings; Help lists the page that explains the totals.
void TestMainWindow::theViewMenuChoosesTheTotalColumns()
{
    m_window->openFiles({corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 1);
    QMenu* columns = subMenu(subMenu(m_window->menuBar()->actions(), QStringLiteral("&View"))->actions(),
                             QStringLiteral("Total Colu&mns"));
    QVERIFY(columns);
    QStringList texts;
    for (QAction* action : columns->actions())
        texts << action->text();
    QCOMPARE(texts, QStringList({QStringLiteral("Total (xsbug, divided)"), QStringLiteral("Inclusive (Chrome DevTools)"),
                                 QStringLiteral("Total (VS Code, summed paths)"), QString(),
                                 QStringLiteral("What the &Totals Mean")}));
    const CostTreeView* view = m_window->currentPage()->functionView(false);
    const int vscode = view->costModel()->columnOf(CostTreeModel::Cost::SummedPaths);
    QVERIFY(view->isColumnHidden(vscode));
    columns->actions().at(2)->trigger();
    QVERIFY(!view->isColumnHidden(vscode));
    QCOMPARE(m_settings->value(TotalColumns::settingsKey).toStringList(),
             QStringList({QStringLiteral("total"), QStringLiteral("inclusive"), QStringLiteral("vscode")}));
    QMenu* help = subMenu(m_window->menuBar()->actions(), QStringLiteral("&Help"));
    QVERIFY(help && help->actions().contains(TotalColumns::instance()->helpAction()));
    columns->actions().at(2)->trigger();
    QVERIFY(view->isColumnHidden(vscode));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
