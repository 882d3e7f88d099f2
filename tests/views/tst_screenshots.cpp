// Saves pictures of every view into the build folder (screenshots/*.png) to look at by eye.
#include "viewtestutils.h"

#include "app/mainwindow.h"
#include "views/costtreeview.h"
#include "views/profilepage.h"
#include "views/sourcepane.h"

#include <QDir>
#include <QMessageBox>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace ViewTestUtils;

class TestScreenshots : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void everyViewOfTheWindowIsPainted();

private:
    void save(QWidget* widget, const QString& name);
    QDir m_out;
};

void TestScreenshots::initTestCase()
{
    m_out = QDir(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    QVERIFY(m_out.mkpath(QStringLiteral(".")));
}

void TestScreenshots::save(QWidget* widget, const QString& name)
{
    QCoreApplication::processEvents();
    const QPixmap pixmap = widget->grab();
    QVERIFY(!pixmap.isNull());
    QVERIFY(pixmap.save(m_out.filePath(name + QStringLiteral(".png"))));
}

void TestScreenshots::everyViewOfTheWindowIsPainted()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    save(&window, QStringLiteral("welcome"));

    window.openFiles({corpusPath(QStringLiteral("node_fib.cpuprofile"))});
    QTRY_COMPARE(window.documentCount(), 1);
    ProfilePage* page = window.currentPage();
    page->expandHotPath();
    save(&window, QStringLiteral("functions-topdown"));

    page->setBottomUp(true);
    page->functionView(true)->expandToDepth(0);
    save(&window, QStringLiteral("functions-bottomup"));

    page->setBottomUp(false);
    page->tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    page->expandHotPath();
    save(&window, QStringLiteral("calltree"));

    page->tabs()->setCurrentIndex(ProfilePage::BottomUpTreeTab);
    page->currentView()->expandToDepth(1);
    save(&window, QStringLiteral("bottomuptree"));

    page->tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
    page->setSearchText(QStringLiteral("fib"));
    QVERIFY(page->sourcePane()->showFile(corpusPath(QStringLiteral("workloads/fib.js")), 8));
    page->sourcePane()->show();
    save(&window, QStringLiteral("search-and-source"));

    window.openFiles({corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile"))});
    QTRY_COMPARE(window.documentCount(), 2);
    window.currentPage()->currentView()->expandAll();
    save(&window, QStringLiteral("xs-graph-functions"));
    window.currentPage()->tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    save(&window, QStringLiteral("xs-graph-calltree"));

    window.openFiles({corpusPath(QStringLiteral("README.md"))});
    QTRY_VERIFY(window.findChild<QMessageBox*>());
    save(window.findChild<QMessageBox*>(), QStringLiteral("load-error"));
}

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
