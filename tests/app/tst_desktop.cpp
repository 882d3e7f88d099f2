// The window as a desktop user meets it: already-open files, same names, '&' in names, Open
// Recent, files that are not profiles, keyboard shortcuts, themes, export, the editor
// preference, the first-start layout and source maps. Hostile names are in tst_hostiletext.
#include "desktopwindowfixture.h"
#include "viewtestutils.h"

#include "app/editorlauncher.h"
#include "app/firststart.h"
#include "app/loaderrordialog.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/settingskeys.h"
#include "app/shortcutsdialog.h"
#include "app/tabs/windowtabs.h"
#include "app/theme.h"
#include "app/windowexports.h"
#include "app/xscpathfield.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profileopenjob.h"
#include "views/document/sourcemapswitch.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/imageexport.h"
#include "views/profilepage.h"
#include "views/sourcepane.h"
#include "views/timelinewidget.h"
#include "views/treeexport.h"

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProxyStyle>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace ViewTestUtils;

namespace {

QAction* findAction(const QWidget* root, const QString& text)
{
    const QList<QAction*> actions = root->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (QString(action->text()).remove(QLatin1Char('&')) == text)
            return action;
    }
    return nullptr;
}

} // namespace

class TestDesktop : public DesktopWindowFixture
{
    Q_OBJECT
private slots:
    void openingAnOpenFileSwitchesToIt();
    void sameNamesShowTheirFolder();
    void ampersandsAreNotMnemonics();
    void openRecentDropsMissingFiles();
    void notAProfileSaysWhatItIs();
    void emptyAndPlainTextFilesSayWhatTheyAre();
    void oneDialogForSeveralBadFiles();
    void keyboardShortcutsDialogListsTheMenus();
    void themeIsAppliedAndKept();
    void exportImagesAndTables();
    void editorCommandLine();
    void doubleClickOpensTheEditor();
    void firstStartUsesTheScreen();
    void originalSourcesFollowTheMaps();
    void preferencesMakeRoomForTheCompilersAnswer();
};

void TestDesktop::openingAnOpenFileSwitchesToIt()
{
    const QString a = corpusPath(QStringLiteral("tiny/diamond.cpuprofile"));
    QVERIFY(openAndWait(a));
    QVERIFY(openAndWait(corpusPath(QStringLiteral("tiny/linear.cpuprofile"))));
    QCOMPARE(m_window->tabs()->currentIndex(), 1);
    QSignalSpy started(m_window->loader(), &ProfileOpenJob::loaded);
    m_window->openFile(a);
    QCOMPARE(m_window->tabs()->currentIndex(), 0); // at once, without loading again
    QTest::qWait(300);
    QCOMPARE(m_window->documentCount(), 2);
    QCOMPARE(started.count(), 0);
    // Through a relative spelling of the same file as well.
    QDir::setCurrent(QFileInfo(a).absolutePath());
    m_window->tabs()->setCurrent(1);
    m_window->openFile(QStringLiteral("./diamond.cpuprofile"));
    QCOMPARE(m_window->tabs()->currentIndex(), 0);
}

void TestDesktop::sameNamesShowTheirFolder()
{
    const QString a = copyCorpusFile(QStringLiteral("tiny/diamond.cpuprofile"), QStringLiteral("dirA/same.cpuprofile"));
    const QString b = copyCorpusFile(QStringLiteral("tiny/linear.cpuprofile"), QStringLiteral("dirB/same.cpuprofile"));
    QVERIFY(openAndWait(a));
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("same.cpuprofile"));
    QVERIFY(openAndWait(b));
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("same.cpuprofile — dirA"));
    QCOMPARE(m_window->tabs()->shownText(1), QStringLiteral("same.cpuprofile — dirB"));
    // Open Recent tells them apart too.
    QMenu* recent = m_window->menuBar()->findChild<QMenu*>();
    QStringList texts;
    for (QMenu* menu : m_window->menuBar()->findChildren<QMenu*>()) {
        if (QString(menu->title()).remove(QLatin1Char('&')) == QLatin1String("Open Recent"))
            recent = menu;
    }
    for (QAction* action : recent->actions())
        texts << action->text();
    QVERIFY2(texts.filter(QStringLiteral("same.cpuprofile — dirA")).size() == 1, qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(texts.filter(QStringLiteral("same.cpuprofile — dirB")).size() == 1);
    // Closing one: the other is alone with its name again.
    m_window->closeDocument(0);
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("same.cpuprofile"));
}

void TestDesktop::ampersandsAreNotMnemonics()
{
    const QString path = copyCorpusFile(QStringLiteral("tiny/diamond.cpuprofile"), QStringLiteral("R&D profile.cpuprofile"));
    QVERIFY(openAndWait(path));
    // "&&" is how a tab or an action shows one '&'; a lone '&' would underline the next letter.
    QCOMPARE(m_window->tabs()->shownText(0), QStringLiteral("R&&D profile.cpuprofile"));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("R&D profile.cpuprofile")));
    bool found = false;
    for (QMenu* menu : m_window->menuBar()->findChildren<QMenu*>()) {
        for (QAction* action : menu->actions())
            found = found || action->text().endsWith(QStringLiteral("R&&D profile.cpuprofile"));
    }
    QVERIFY(found);
}

void TestDesktop::openRecentDropsMissingFiles()
{
    const QString kept = copyCorpusFile(QStringLiteral("tiny/diamond.cpuprofile"), QStringLiteral("kept.cpuprofile"));
    const QString gone = copyCorpusFile(QStringLiteral("tiny/linear.cpuprofile"), QStringLiteral("gone.cpuprofile"));
    QVERIFY(openAndWait(kept));
    QVERIFY(openAndWait(gone));
    QCOMPARE(m_settings->value(SettingsKeys::recentFiles).toStringList().size(), 2);
    QVERIFY(QFile::remove(gone));
    QMenu* recent = nullptr;
    for (QMenu* menu : m_window->menuBar()->findChildren<QMenu*>()) {
        if (QString(menu->title()).remove(QLatin1Char('&')) == QLatin1String("Open Recent"))
            recent = menu;
    }
    QVERIFY(recent);
    emit recent->aboutToShow(); // as when the user opens the menu
    const QStringList files = m_settings->value(SettingsKeys::recentFiles).toStringList();
    QCOMPARE(files, QStringList{QFileInfo(kept).absoluteFilePath()});
    for (QAction* action : recent->actions())
        QVERIFY(!action->text().contains(QLatin1String("gone")));
}

void TestDesktop::notAProfileSaysWhatItIs()
{
    const QString png = m_dir->filePath(QStringLiteral("screenshot.png"));
    QImage image(4, 4, QImage::Format_RGB32);
    image.fill(Qt::red);
    QVERIFY(image.save(png));
    QSignalSpy failed(m_window->loader(), &ProfileOpenJob::failed);
    m_window->openFiles({png});
    QVERIFY(failed.wait());
    LoadErrorDialog* box = m_window->loadErrorDialog();
    QVERIFY(box);
    QVERIFY2(box->informativeText().contains(QLatin1String("screenshot.png is a PNG image, not a profile")),
             qPrintable(box->informativeText()));
    QVERIFY(!box->informativeText().contains(QLatin1String("syntax")));
}

// An empty file and a plain-text one: the dialog says so in plain words and lists what xsprof
// reads, never the parser's "expected '[', '{', or a literal". A file with only an empty
// "nodes" opens empty, and the status bar says what was missing.
void TestDesktop::emptyAndPlainTextFilesSayWhatTheyAre()
{
    auto write = [this](const QString& name, const QByteArray& bytes) {
        QFile file(m_dir->filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return QString();
        return file.fileName();
    };
    const QString empty = write(QStringLiteral("empty.json"), QByteArray());
    const QString notes = write(QStringLiteral("notes.txt"), "hello world\nsecond line\n");
    QSignalSpy failed(m_window->loader(), &ProfileOpenJob::failed);
    m_window->openFiles({empty, notes});
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 20000);
    LoadErrorDialog* box = m_window->loadErrorDialog();
    QVERIFY(box);
    const QString text = box->informativeText();
    QVERIFY2(text.contains(QLatin1String("empty.json: the file is empty. xsprof reads ")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String(".cpuprofile files (V8, Node, Chrome DevTools, XS)")));
    QVERIFY2(text.contains(QStringLiteral("notes.txt: the file is not JSON: it starts with “hello world”. xsprof reads")),
             qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("literal")) && !text.contains(QLatin1String("syntax")), qPrintable(text));
    QTest::keyClick(box, Qt::Key_Return); // OK
    QTRY_VERIFY(!m_window->loadErrorDialog());

    const QString bare = write(QStringLiteral("bare.json"), R"({"nodes":[],"foo":1})");
    m_window->openFiles({bare});
    QTRY_VERIFY(m_window->currentPage());
    const QString status = m_window->statusBar()->currentMessage();
    QVERIFY2(status.contains(QLatin1String("empty \"nodes\" list and no \"samples\"")), qPrintable(status));
    QCOMPARE(m_window->currentPage()->data()->warnings.size(), 1);
}

void TestDesktop::oneDialogForSeveralBadFiles()
{
    QStringList bad;
    for (const QString& name : {QStringLiteral("a.cpuprofile"), QStringLiteral("<b>b<i>.cpuprofile"),
                                QStringLiteral("c.cpuprofile")}) {
        QFile file(m_dir->filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"nodes\": [");
        bad << file.fileName();
    }
    QSignalSpy failed(m_window->loader(), &ProfileOpenJob::failed);
    m_window->openFiles(bad);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 3, 20000);
    QCOMPARE(m_window->findChildren<QMessageBox*>().size(), 1);
    LoadErrorDialog* box = m_window->loadErrorDialog();
    QCOMPARE(box->errorCount(), 3);
    QVERIFY(box->text().contains(QLatin1String("3")));
    QCOMPARE(box->textFormat(), Qt::PlainText);
    for (const QString& path : bad)
        QVERIFY(box->informativeText().contains(QFileInfo(path).fileName()));
    auto* informative = box->findChild<QLabel*>(QStringLiteral("qt_msgbox_informativelabel"));
    QVERIFY(informative);
    QCOMPARE(informative->textFormat(), Qt::PlainText); // "<b>b</b>" is shown, not bold
    box->accept();
    QTRY_VERIFY(!m_window->loadErrorDialog());
    // The next failure opens a fresh dialog.
    m_window->openFiles({bad.first()});
    QTRY_VERIFY(m_window->loadErrorDialog());
    QCOMPARE(m_window->loadErrorDialog()->errorCount(), 1);
}

void TestDesktop::keyboardShortcutsDialogListsTheMenus()
{
    const QList<ShortcutsDialog::Entry> entries = ShortcutsDialog::entries(m_window->menuBar());
    const auto keysOf = [&](const QString& command) {
        for (const ShortcutsDialog::Entry& e : entries) {
            if (e.command == command)
                return e.keys;
        }
        return QString();
    };
    QCOMPARE(keysOf(QStringLiteral("Open")), QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText));
    QCOMPARE(keysOf(QStringLiteral("Expand Hot Path")), QKeySequence(Qt::CTRL | Qt::Key_E).toString(QKeySequence::NativeText));
    QVERIFY(!keysOf(QStringLiteral("Keyboard Shortcuts")).isEmpty());
    QVERIFY(!keysOf(QStringLiteral("Find")).isEmpty());
    QCOMPARE(keysOf(QStringLiteral("Reset Zoom")), QKeySequence(Qt::CTRL | Qt::Key_0).toString(QKeySequence::NativeText));
    QCOMPARE(keysOf(QStringLiteral("Flame Graph")), QKeySequence(Qt::ALT | Qt::Key_4).toString(QKeySequence::NativeText));
    QVERIFY(keysOf(QStringLiteral("Next Document")).contains(QKeySequence(Qt::CTRL | Qt::Key_Tab).toString(QKeySequence::NativeText)));
    QVERIFY(keysOf(QStringLiteral("Previous Document")).contains(QKeySequence(Qt::CTRL | Qt::Key_PageUp).toString(QKeySequence::NativeText)));
    // The keys the views handle themselves are listed too.
    QVERIFY(keysOf(QStringLiteral("Select a time range")).contains(QStringLiteral("Shift+Left")));
    // The transforms' keys (TransformMenu) and Backspace's two meanings, as the README has them.
    for (const char* key : {"F", "Shift+F", "M", "D", "R", "Backspace"}) {
        const bool listed = std::any_of(entries.begin(), entries.end(),
                                        [&](const ShortcutsDialog::Entry& e) { return e.keys == QLatin1String(key); });
        QVERIFY2(listed, key);
    }
    QCOMPARE(keysOf(QStringLiteral("Zoom out one level")), QStringLiteral("−, S, Backspace while zoomed in"));
    // Every menu action with a key is listed.
    int withKeys = 0;
    for (QAction* action : m_window->menuBar()->findChildren<QAction*>()) {
        if (!action->shortcut().isEmpty() && !action->menu())
            ++withKeys;
    }
    QVERIFY(withKeys > 0);
    QAction* open = findAction(m_window.get(), QStringLiteral("Keyboard Shortcuts"));
    QVERIFY(open);
    open->trigger();
    auto* dialog = m_window->findChild<ShortcutsDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), int(entries.size()));
    // Every row one line and as tall as the others, shown (not rows sized before the dialog had
    // its width, some wrapped and some not).
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QTableWidget* table = dialog->table();
    for (int row = 1; row < table->rowCount(); ++row)
        QCOMPARE(table->rowHeight(row), table->rowHeight(0));
    QVERIFY(table->rowHeight(0) < 2 * table->fontMetrics().height());
    QVERIFY(!table->wordWrap());
    // Wide enough for the longest command where the screen allows; its whole text in the tooltip.
    int longest = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        longest = std::max(longest, table->fontMetrics().horizontalAdvance(table->item(row, 1)->text()));
        QCOMPARE(table->item(row, 1)->toolTip(), table->item(row, 1)->text());
    }
    if (dialog->width() < dialog->screen()->availableGeometry().width() - 60)
        QVERIFY2(table->columnWidth(1) >= longest, qPrintable(QStringLiteral("%1 < %2").arg(table->columnWidth(1)).arg(longest)));
    const QString markdown = ShortcutsDialog::markdown(entries);
    QVERIFY(markdown.startsWith(QLatin1String("| Where | Command | Keys |")));
    QCOMPARE(markdown.count(QLatin1Char('\n')), int(entries.size()) + 2);
    if (qEnvironmentVariableIsSet("XSPROF_PRINT_SHORTCUTS"))
        std::fputs(qPrintable(markdown), stdout); // the README's table
    dialog->close();
}

void TestDesktop::themeIsAppliedAndKept()
{
    QAction* dark = findAction(m_window.get(), QStringLiteral("Dark"));
    QVERIFY(dark && dark->isCheckable());
    dark->trigger();
    QVERIFY(Theme::isDark());
    auto* proxy = qobject_cast<QProxyStyle*>(QApplication::style());
    QVERIFY(proxy && proxy->baseStyle());
    QCOMPARE(proxy->baseStyle()->name().toLower(), QStringLiteral("fusion"));
    QCOMPARE(Theme::load(*m_settings), Theme::Mode::Dark);
    // A new window (the next start) shows Dark checked.
    m_window = std::make_unique<MainWindow>(m_settings.get());
    QVERIFY(findAction(m_window.get(), QStringLiteral("Dark"))->isChecked());
    // The views follow the palette: the timeline's background and the tree's text.
    ProfilePage* page = openAndWait(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(page);
    QVERIFY(page->palette().color(QPalette::Base).lightnessF() < 0.3);
    // Which of Top-down / Bottom-up is on shows: the checked button's face is clearly another colour.
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QToolButton* topDown = nullptr;
    QToolButton* bottomUp = nullptr;
    for (QToolButton* button : page->findChildren<QToolButton*>()) {
        if (button->text() == QLatin1String("Top-down"))
            topDown = button;
        else if (button->text() == QLatin1String("Bottom-up"))
            bottomUp = button;
    }
    QVERIFY(topDown && bottomUp && topDown->isChecked() && !bottomUp->isChecked());
    const auto face = [](QToolButton* button) {
        const QImage image = button->grab().toImage();
        return image.pixelColor(3, image.height() / 2);
    };
    const auto distance = [](const QColor& a, const QColor& b) {
        return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
    };
    QVERIFY2(distance(face(topDown), face(bottomUp)) > 40,
             qPrintable(face(topDown).name() + QStringLiteral(" vs ") + face(bottomUp).name()));
    QTest::mouseClick(bottomUp, Qt::LeftButton); // and it follows a click
    QVERIFY(bottomUp->isChecked());
    QVERIFY(distance(face(bottomUp), face(topDown)) > 40);
    findAction(m_window.get(), QStringLiteral("Light"))->trigger();
    QVERIFY(!Theme::isDark());
    QCOMPARE(Theme::load(*m_settings), Theme::Mode::Light);
}

void TestDesktop::exportImagesAndTables()
{
    ProfilePage* page = openAndWait(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(page);
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    page->tabs()->setCurrentWidget(page->flameGraph());
    FlameGraphView* flame = WindowExports::flameView(m_window->tabs()->currentWidget());
    QCOMPARE(flame, page->flameGraph()->view());
    QTRY_VERIFY(!flame->layout().boxes().empty());
    const QString svg = m_dir->filePath(QStringLiteral("flame.svg"));
    QString error;
    QVERIFY2(ImageExport::save(flame, svg, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY2(svgText.contains(">fib<") || svgText.contains("fib"), "the frame names are text in the SVG");
    const QString png = m_dir->filePath(QStringLiteral("flame.png"));
    QVERIFY(ImageExport::save(flame, png, &error));
    QCOMPARE(QImage(png).size(), flame->size() * flame->devicePixelRatio());

    QWidget* timeline = WindowExports::timeline(m_window->tabs()->currentWidget());
    QVERIFY(timeline);
    const QString timelineSvg = m_dir->filePath(QStringLiteral("timeline.svg"));
    QVERIFY(ImageExport::save(timeline, timelineSvg, &error));
    QFile timelineFile(timelineSvg);
    QVERIFY(timelineFile.open(QIODevice::ReadOnly));
    const QByteArray timelineText = timelineFile.readAll();
    QVERIFY(timelineText.contains("<path") || timelineText.contains("<polyline"));
    QVERIFY(!timelineText.contains("<image")); // vectors, not the plot's pixmap buffer

    // The function table: header with columns, then every visible row.
    page->tabs()->setCurrentIndex(0);
    CostTreeView* tree = page->functionView(false);
    tree->setFocus();
    tree->clearSelection();
    const QString tsv = TreeExport::text(tree, TreeExport::Format::TabSeparated);
    const QStringList lines = tsv.trimmed().split(QLatin1Char('\n'));
    int visibleRows = 0;
    for (QModelIndex row = tree->model()->index(0, 0); row.isValid(); row = tree->indexBelow(row))
        ++visibleRows;
    QVERIFY(visibleRows > tree->model()->rowCount()); // expanded rows count too
    QCOMPARE(lines.size(), visibleRows + 1);
    QVERIFY(lines.first().startsWith(QStringLiteral("Function\tLocation\t")));
    QCOMPARE(lines.first().count(QLatin1Char('\t')), lines.at(1).count(QLatin1Char('\t')));
    // A selection exports just the selection.
    const QModelIndex second = tree->indexBelow(tree->model()->index(0, 0));
    QVERIFY(second.isValid());
    tree->selectionModel()->select(second, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const QString one = TreeExport::text(tree, TreeExport::Format::Markdown);
    QCOMPARE(one.count(QLatin1Char('\n')), 3);
    QVERIFY(one.contains(QLatin1String("|---|")));
    QVERIFY(one.contains(TreeExport::markdownCell(second.data().toString())));
}

void TestDesktop::editorCommandLine()
{
    QCOMPARE(EditorLauncher::commandLine(QStringLiteral("code --goto {file}:{line}"), QStringLiteral("/a b/c.js"), 3),
             (QStringList{QStringLiteral("code"), QStringLiteral("--goto"), QStringLiteral("/a b/c.js:3")}));
    QCOMPARE(EditorLauncher::commandLine(QStringLiteral("kate --line {line} {file}"), QStringLiteral("/x/\"q\".js"), 0),
             (QStringList{QStringLiteral("kate"), QStringLiteral("--line"), QStringLiteral("1"), QStringLiteral("/x/\"q\".js")}));
    QVERIFY(EditorLauncher::commandLine(QStringLiteral("  "), QStringLiteral("/f"), 1).isEmpty());
    QString error;
    QVERIFY(!EditorLauncher::open(QString(), QStringLiteral("/f"), 1, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!EditorLauncher::open(QStringLiteral("/nonexistent/editor {file}"), QStringLiteral("/f"), 1, &error));
    QVERIFY(error.contains(QLatin1String("/nonexistent/editor")));
}

void TestDesktop::doubleClickOpensTheEditor()
{
    // A profile whose function lives in a file here.
    const QString source = m_dir->filePath(QStringLiteral("my app/main.js"));
    QDir().mkpath(QFileInfo(source).absolutePath());
    QFile js(source);
    QVERIFY(js.open(QIODevice::WriteOnly));
    js.write("function work() {}\n\nwork();\n");
    js.close();
    const QString profile = m_dir->filePath(QStringLiteral("editor.cpuprofile"));
    QFile out(profile);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QStringLiteral(R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},
        {"id":2,"callFrame":{"functionName":"work","url":"%1","lineNumber":2,"columnNumber":0}}],
        "startTime":0,"endTime":2000,"samples":[2,2],"timeDeltas":[0,1000]})json")
                  .arg(QUrl::fromLocalFile(source).toString())
                  .toUtf8());
    out.close();
    // The "editor" writes what it was given into a file.
    const QString record = m_dir->filePath(QStringLiteral("opened.txt"));
    const QString editor = m_dir->filePath(QStringLiteral("editor.sh"));
    QFile script(editor);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QStringLiteral("#!/bin/sh\nprintf '%s|%s' \"$1\" \"$2\" > '%1'\n").arg(record).toUtf8());
    script.close();
    script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
    m_window->preferences()->setOpenSourceCommand(QStringLiteral("\"%1\" {file} {line}").arg(editor));
    ProfilePage* page = openAndWait(profile);
    QVERIFY(page);
    CostTreeView* functions = page->functionView(true);
    const QModelIndex work = findRow(*functions->model(), QStringLiteral("work"));
    QVERIFY(work.isValid());
    emit functions->doubleClicked(work);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(record).size() > 0, 10000);
    QFile opened(record);
    QVERIFY(opened.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(opened.readAll()), source + QStringLiteral("|3"));
    QVERIFY(!page->sourcePane()->isVisible()); // the editor, not the built-in pane

    // Back to the built-in pane.
    m_window->preferences()->setOpenSourceCommand(QString());
    m_window->show();
    emit functions->doubleClicked(work);
    QVERIFY(page->sourcePane()->isVisibleTo(page));
}

void TestDesktop::firstStartUsesTheScreen()
{
    // Laptop and desktop screens (a 27 px panel at the top).
    const QRect laptop = FirstStart::windowGeometry(QRect(0, 27, 1366, 741));
    QVERIFY(laptop.width() >= 1300 && laptop.height() >= 670);
    QVERIFY(QRect(0, 27, 1366, 741).contains(laptop));
    const QRect desktop = FirstStart::windowGeometry(QRect(0, 27, 1920, 1053));
    QCOMPARE(desktop.width(), 1632);
    QCOMPARE(desktop.center(), QRect(0, 27, 1920, 1053).center());
    QVERIFY(FirstStart::windowGeometry(QRect(0, 0, 5120, 2880)).width() <= 2200);
    const QRect available = m_window->screen()->availableGeometry();
    QVERIFY(m_window->width() >= int(available.width() * 0.8));
    QVERIFY(m_window->height() >= int(available.height() * 0.8));
    QVERIFY(m_window->width() <= available.width() && m_window->height() <= available.height());
    // The shared console waits for a second machine.
    auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("allMachinesConsole"));
    QVERIFY(dock);
    m_window->show();
    QVERIFY(!dock->isVisible());
    // What the user chooses is remembered.
    dock->toggleViewAction()->trigger();
    QVERIFY(dock->isVisible());
    QCOMPARE(m_settings->value(SettingsKeys::consoleDockChoice).toString(), QStringLiteral("shown"));
}

// Issue 18: with Preferences › Source maps naming a folder that holds the bundle's map, the
// profile opens at its original sources and View › Original Sources switches to the generated
// code and back; clearing the folder leaves the profile without maps and the action disabled.
void TestDesktop::originalSourcesFollowTheMaps()
{
    const QString dir = corpusPath(QStringLiteral("peers/source-maps"));
    m_window->preferences()->setSourceMapFolder(dir + QStringLiteral("/webpack"));
    QAction* original = findAction(m_window.get(), QStringLiteral("Original Sources"));
    QVERIFY(original);
    QVERIFY(!original->isEnabled());
    ProfilePage* page = openAndWait(dir + QStringLiteral("/chrome-85-webpack.json"));
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(original->isEnabled(), 20000);
    QVERIFY(original->isChecked());
    QVERIFY(page->sourceMaps()->showsOriginal());
    const auto showsTs = [page] {
        const xsprof::Profile& p = page->data()->profile;
        for (uint32_t f = 0; f < p.frames.size(); ++f) {
            if (p.frameUrl(xsprof::FrameId(f)).ends_with(".ts"))
                return true;
        }
        return false;
    };
    QTRY_VERIFY(showsTs());
    original->trigger();
    QVERIFY(!original->isChecked());
    QTRY_VERIFY(!showsTs());
    original->trigger();
    QTRY_VERIFY(showsTs());

    PreferencesDialog dialog(m_window->preferences());
    QCOMPARE(dialog.sourceMapFolderField()->text(), dir + QStringLiteral("/webpack"));
    dialog.sourceMapFolderField()->clear();
    dialog.accept();
    QCOMPARE(m_window->preferences()->sourceMapFolder(), QString());
    QTRY_VERIFY_WITH_TIMEOUT(!original->isEnabled(), 20000);
    QTRY_VERIFY(!showsTs());
}

// The compiler's Test answers in a wrapped line or two: the dialog grows, nothing overlaps.
void TestDesktop::preferencesMakeRoomForTheCompilersAnswer()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    PreferencesDialog* preferences = m_window->showPreferences();
    QVERIFY(QTest::qWaitForWindowExposed(preferences));
    XscPathField* xsc = preferences->xscField();
    xsc->field()->setText(QStringLiteral(XSPROF_TEST_DATA_DIR "/../fixtures/xsc/fake-xsc"));
    QSignalSpy tested(xsc, &XscPathField::tested);
    QTest::mouseClick(xsc->testButton(), Qt::LeftButton);
    QVERIFY(tested.wait(10000));
    QCOMPARE(tested.first().first().toBool(), true);
    QVERIFY(xsc->resultLabel()->text().contains(QStringLiteral("works")));
    const auto rectIn = [preferences](QWidget* w) { return QRect(w->mapTo(preferences, QPoint(0, 0)), w->size()); };
    QTRY_VERIFY2(rectIn(preferences->pathMappingsField()).bottom() < rectIn(preferences->sourceMapFolderField()).top(),
                 "the path-mapping box overlaps the source-maps row");
    QVERIFY(rectIn(xsc->resultLabel()).bottom() < rectIn(preferences->consoleLinesField()).top());
    QVERIFY(preferences->geometry().height() >= preferences->layout()->totalHeightForWidth(preferences->width()));
}

QTEST_MAIN(TestDesktop)
#include "tst_desktop.moc"
