// Names and text from profiles and machines are shown as text, never markup: hostile function
// names and urls, a replayed machine whose name, logs, frames and values are markup, tooltips,
// Markdown export, and the offer of a path mapping for a source that is not there.
#include "desktopwindowfixture.h"
#include "viewtestutils.h"

#include "app/debugger/callstackview.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/variablesview.h"
#include "app/editorchooser.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "protocol/debugserver.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/plaintext.h"
#include "views/profilepage.h"
#include "views/treeexport.h"

#include <QComboBox>
#include <QLabel>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>
#include <QTimer>

using namespace ViewTestUtils;

namespace {

const QString hostileProfile = QStringLiteral(XSPROF_TEST_DATA_DIR "/hostile_names.cpuprofile");

// What a rich-text tooltip shows, as the user reads it.
QString shownText(const QString& tip)
{
    if (!Qt::mightBeRichText(tip))
        return tip;
    QTextDocument document;
    document.setHtml(tip);
    return document.toPlainText().remove(QChar(0x200B));
}

} // namespace

class TestHostileText : public DesktopWindowFixture
{
    Q_OBJECT
private slots:
    void hostileNamesAreText();
    void hostileMachineIsText();
    void plainTextToolTips();
    void markdownEscapesMarkup();
    void missingSourceOffersAPathMapping();
};

void TestHostileText::hostileNamesAreText()
{
    ProfilePage* page = openAndWait(hostileProfile);
    QVERIFY(page);
    const CostTreeModel* model = page->functionView(true)->costModel(); // every function with self time
    int checked = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        const QString name = index.data(CostTreeModel::NameRole).toString();
        if (name == QLatin1String("(root)"))
            continue;
        const QString tip = index.data(Qt::ToolTipRole).toString();
        const QString shown = shownText(tip);
        ++checked;
        if (name.size() > 1500) { // cut, and breakable so that it wraps
            QVERIFY(shown.startsWith(name.left(1000)));
            QVERIFY(shown.size() < 1700);
            QVERIFY(tip.contains(QChar(0x200B)));
            continue;
        }
        // Every tag, entity and control character reads as written (controls as symbols).
        QVERIFY2(shown.startsWith(PlainText::visibleControls(name)), qPrintable(shown));
        QVERIFY(!tip.contains(QLatin1String("<b>")) && !tip.contains(QLatin1String("<img")));
        QVERIFY(index.data(Qt::DisplayRole).toString() == name || name.isEmpty());
    }
    QCOMPARE(checked, 9);
    // The tooltip of the file with the tagged url shows the url literally.
    const QModelIndex bold = findRow(*model, QStringLiteral("<b>bold</b> & <i>x</i>"));
    QVERIFY(bold.isValid());
    QVERIFY(shownText(bold.data(Qt::ToolTipRole).toString()).contains(QLatin1String("file:///srv/<b>app</b>/R&D/")));
}

// A replayed machine whose name, log lines, frames, paths and values are markup, with a
// 10 000-character log line and value: everything reads as sent.
void TestHostileText::hostileMachineIsText()
{
    m_settings->setValue(SettingsKeys::port, 0); // any free port
    m_window = std::make_unique<MainWindow>(m_settings.get());
    QVERIFY(m_window->machines()->startDebugServer());
    m_window->show();
    bool checked = false;
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&](MachineSession* s) {
        connect(s, &MachineSession::broke, this, [&, s] {
            DebuggeePage* machine = m_window->machines()->currentDebuggee();
            QVERIFY(machine && machine->session() == s);
            const QString name = QStringLiteral("<b>evil</b> & <img src=x>");
            QVERIFY(machine->title().contains(name));
            const int tab = m_window->indexOf(machine);
            QVERIFY(m_window->tabs()->shownText(tab).startsWith(PlainText::escapeMnemonics(name)));
            QVERIFY(shownText(m_window->tabs()->toolTip(tab)).contains(name));
            QVERIFY(m_window->windowTitle().contains(name));
            DebuggerPanes* panes = machine->debuggerPanes();
            QCOMPARE(panes->statusLabel()->textFormat(), Qt::PlainText);
            QVERIFY2(panes->statusLabel()->text().contains(QLatin1String("<b>debugger</b> & <i>more</i>")),
                     qPrintable(panes->statusLabel()->text()));
            // Call stack: names as sent; tooltips show the tagged path literally.
            const QAbstractItemModel* stack = panes->callStack()->model();
            QTRY_VERIFY(stack->rowCount() == 2);
            QCOMPARE(stack->index(0, 0).data().toString(), QStringLiteral("<img src=x onerror=alert(1)>"));
            QVERIFY(shownText(stack->index(0, 0).data(Qt::ToolTipRole).toString()).contains(QLatin1String("/srv/<b>app</b>/R&D.js")));
            QCOMPARE(shownText(stack->index(1, 0).data(Qt::ToolTipRole).toString()), QStringLiteral("/srv/app/main.js:9"));
            // Locals: the value's tooltip is the value, wrapped and cut, never markup.
            const QAbstractItemModel* locals = panes->locals()->model();
            QTRY_VERIFY(locals->rowCount() >= 2);
            bool sawScript = false, sawLong = false;
            for (int row = 0; row < locals->rowCount(); ++row) {
                const QString tip = locals->index(row, 1).data(Qt::ToolTipRole).toString();
                sawScript = sawScript || shownText(tip) == QStringLiteral("'<script>alert(1)</script> &amp;'");
                if (locals->index(row, 0).data().toString() == QLatin1String("long")) {
                    sawLong = true;
                    QVERIFY(shownText(tip).size() < 1700);
                }
                QVERIFY(!tip.contains(QLatin1String("<script")));
            }
            QVERIFY(sawScript && sawLong);
            checked = true;
            QTimer::singleShot(50, s, &MachineSession::go);
        });
    });
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), QStringLiteral(XSPROF_TEST_DATA_DIR "/hostile_machine.xsbug"),
                  QStringLiteral("--connect"),
                  QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port()),
                  QStringLiteral("--quiet"), QStringLiteral("--timeout"), QStringLiteral("60")});
    QDeadlineTimer deadline(70000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20);
    QVERIFY2(checked, python.readAll().constData());
    // The console lines are the log text, tags and all (the list shows plain strings).
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QVERIFY(machine);
    ConsoleModel* console = machine->debuggerPanes()->consoleModel();
    QStringList lines;
    for (int row = 0; row < console->rowCount(); ++row)
        lines << console->index(row, 0).data().toString();
    const QString all = lines.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("<b>bold log</b> &amp; <a href=\"https://example.com/\">link</a>")), qPrintable(all.left(500)));
    QVERIFY(all.contains(QLatin1String("after the break <u>underlined</u>")));
    QVERIFY(all.contains(QString(10000, QLatin1Char('L'))));
}

void TestHostileText::plainTextToolTips()
{
    QCOMPARE(shownText(PlainText::toolTip(QStringLiteral("a <b>b</b> &amp; c\nnext"))),
             QStringLiteral("a <b>b</b> &amp; c\nnext"));
    QCOMPARE(PlainText::visibleControls(QStringLiteral("a\x01" "b\x1b")), QStringLiteral("a\u2401b\u241b"));
    QCOMPARE(PlainText::escapeMnemonics(QStringLiteral("R&D")), QStringLiteral("R&&D"));
    QCOMPARE(PlainText::singleLine(QStringLiteral("a\nb\tc\x01")), QStringLiteral("a\u21b5b c\u2401"));
    QCOMPARE(PlainText::html(QStringLiteral("<i>&")), QStringLiteral("&lt;i&gt;&amp;"));
    const QString tip = PlainText::toolTip(QString(10000, QLatin1Char('y')));
    QVERIFY(shownText(tip).endsWith(QChar(0x2026)));
    QVERIFY(Qt::mightBeRichText(tip)); // so that Qt wraps it
}

void TestHostileText::markdownEscapesMarkup()
{
    QCOMPARE(TreeExport::markdownCell(QStringLiteral("<b>x</b> | a_b *c*\nd")),
             QStringLiteral("&lt;b&gt;x&lt;/b&gt; \\| a\\_b \\*c\\* d"));
    ProfilePage* page = openAndWait(hostileProfile);
    QVERIFY(page);
    const QString markdown = TreeExport::text(page->functionView(true), TreeExport::Format::Markdown);
    QVERIFY(!markdown.contains(QLatin1String("<img")));
    QVERIFY(markdown.contains(QLatin1String("&lt;img src=x onerror=alert(1)&gt;")));
    // One line per row: names with line breaks stay on their row.
    QCOMPARE(markdown.count(QLatin1Char('\n')), page->functionView(true)->model()->rowCount() + 2);
}

void TestHostileText::missingSourceOffersAPathMapping()
{
    ProfilePage* page = openAndWait(hostileProfile);
    QVERIFY(page);
    const QModelIndex row = findRow(*page->functionView(true)->model(), QStringLiteral("<img src=x onerror=alert(1)>"));
    QVERIFY(row.isValid());
    QSignalSpy unavailable(page, &ProfilePage::sourceUnavailable);
    emit page->functionView(true)->doubleClicked(row);
    QCOMPARE(unavailable.count(), 1);
    QMessageBox* offer = nullptr;
    for (QMessageBox* box : m_window->findChildren<QMessageBox*>()) {
        if (box->windowTitle() == QLatin1String("Source not available"))
            offer = box;
    }
    QVERIFY(offer);
    QCOMPARE(offer->textFormat(), Qt::PlainText);
    QVERIFY(offer->informativeText().contains(QStringLiteral("Preferences › Source files")));
    QPushButton* map = nullptr;
    for (QAbstractButton* button : offer->buttons()) {
        if (button->text().remove(QLatin1Char('&')) == QStringLiteral("Map Folder…"))
            map = qobject_cast<QPushButton*>(button);
    }
    QVERIFY(map);
    map->click();
    auto* preferences = m_window->findChild<PreferencesDialog*>();
    QVERIFY(preferences);
    QCOMPARE(preferences->pathMappingsField()->toPlainText(), QStringLiteral("/srv/app => "));
    // A folder picker asks for the local folder, which completes the rule.
    auto* picker = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(picker);
    QCOMPARE(picker->fileMode(), QFileDialog::Directory);
    const QString local = QDir(QDir::tempPath()).absolutePath();
    picker->selectFile(local);
    static_cast<QDialog*>(picker)->accept(); // QFileDialog::accept() is protected
    QCOMPARE(preferences->pathMappingsField()->toPlainText(), QStringLiteral("/srv/app => ") + local);
    QVERIFY(preferences->minimumWidth() >= 560);
    // The editor choice is saved with the rest.
    preferences->editorChooser()->setCommand(QStringLiteral("subl {file}:{line}"));
    QCOMPARE(preferences->editorChooser()->presetBox()->currentText(), QStringLiteral("Sublime Text"));
    preferences->accept();
    QCOMPARE(m_window->preferences()->openSourceCommand(), QStringLiteral("subl {file}:{line}"));
}

QTEST_MAIN(TestHostileText)
#include "tst_hostiletext.moc"
