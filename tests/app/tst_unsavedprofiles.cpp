// Nothing received is lost without asking: a fake XS machine on a loopback socket profiles,
// then closing its tab, a tab made from its session, or the window asks Save… / Discard /
// Cancel, listing what would be lost; saved profiles and loaded files close without asking.
#include "app/debugger/debuggeepage.h"
#include "app/machines/machinetabs.h"
#include "app/machines/recoveryjournals.h"
#include "app/machines/servercontroller.h"
#include "app/machines/unsavedprofiles.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/settingskeys.h"
#include "app/tabs/tablabels.h"
#include "app/tabs/windowtabs.h"
#include "app/windowexports.h"
#include "model/profileloader.h"
#include "model/xs/sessionjournal.h"
#include "model/xs/xsbugelement.h"
#include "model/xs/xsbugframer.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray message(const QByteArray& body)
{
    return "\r\n<xsbug>" + body + "</xsbug>\r\n";
}

// One profiling session of eight samples (one batch), 5 µs each: main called from the host.
QByteArray oneSession(const QByteArray& start, const QByteArray& stop)
{
    QByteArray batch;
    for (int i = 0; i < 8; ++i)
        batch += (i ? "." : "") + QByteArray("5,1,0");
    return message("<pt name=\"start\" value=\"@" + start + "\"/>") + message("<pr name=\"(host)\" value=\"0\"/>") +
           message("<pr name=\"main\" value=\"1\" path=\"/app/main.js\" line=\"3\"/>") +
           message("<ps>" + batch + "</ps>") + message("<pt name=\"stop\" value=\"@" + stop + "\"/>");
}

QPushButton* button(QMessageBox* box, const QString& text)
{
    for (QAbstractButton* b : box->buttons()) {
        if (b->text() == text)
            return qobject_cast<QPushButton*>(b);
    }
    return nullptr;
}

size_t samplesOf(DebuggeePage* machine)
{
    size_t samples = 0;
    for (const SessionParser::SessionSummary& s : machine->session()->profileSummaries())
        samples += s.samples;
    return samples;
}

} // namespace

class TestUnsavedProfiles : public QObject
{
    Q_OBJECT
private slots:
    void recoveryLimitFromPreferences();
    void init();
    void cleanup();
    void closingMachineTabAsks();
    void savedMachineClosesWithoutAsking();
    void sessionTabAsks();
    void quitAsks();
    void liveJournalGoesWhenSaved();
    void recoveredProfilesReopen();
    void unsavedTabsAreMarkedAndNamedCleanly();

private:
    void connectMachine(QTcpSocket& engine, const QByteArray& traffic, DebuggeePage*& machine);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_savedPaths;
    QStringList m_savedProfiles; // as the Save dialogs named them
};

void TestUnsavedProfiles::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_settings->setValue(SettingsKeys::port, 0); // any free port: tests run in parallel
    m_window = std::make_unique<MainWindow>(m_settings.get());
    QVERIFY(m_window->machines()->startDebugServer());
    m_savedPaths.clear();
    m_savedProfiles.clear();
    m_window->machines()->unsavedProfiles()->setPathChooser([this](const QString& suggested, const QString& profile) {
        m_savedProfiles << profile;
        const QString path = m_dir->filePath(QStringLiteral("saved-%1-%2").arg(m_savedPaths.size()).arg(suggested));
        m_savedPaths << path;
        return path;
    });
}

void TestUnsavedProfiles::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestUnsavedProfiles::connectMachine(QTcpSocket& engine, const QByteArray& traffic, DebuggeePage*& machine)
{
    engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write(message("<login name=\"fake\" value=\"XS test\" flags=\"e\"/>") + traffic);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->machines()->currentDebuggee(), 10000);
    machine = m_window->machines()->currentDebuggee();
    QTRY_COMPARE_WITH_TIMEOUT(samplesOf(machine), size_t(traffic.count("5,1,0")), 10000);
}

void TestUnsavedProfiles::closingMachineTabAsks()
{
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine,
                   oneSession("0000000000001000", "0000000000002000") + oneSession("0000000000003000", "0000000000004000"),
                   machine);
    QVERIFY(machine);
    engine.disconnectFromHost();
    QTRY_VERIFY(!machine->isConnected());

    // Cancel keeps everything.
    m_window->closeDocument(m_window->indexOf(machine));
    QMessageBox* prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    // Wide enough for its title ("Close fake (disconnected)") and the title bar's buttons.
    QTRY_VERIFY(prompt->isVisible());
    QCOMPARE(prompt->windowTitle(), QStringLiteral("Close fake (disconnected)"));
    QVERIFY2(prompt->width() >= QFontMetrics(QApplication::font()).horizontalAdvance(prompt->windowTitle()) + 150,
             qPrintable(QString::number(prompt->width())));
    const QString listed = prompt->informativeText();
    QVERIFY2(listed.contains(QStringLiteral("fake")) && listed.contains(QStringLiteral("session 1")) &&
                 listed.contains(QStringLiteral("session 2")) && listed.contains(QStringLiteral("8 samples")),
             qPrintable(listed));
    QCOMPARE(prompt->text(), QStringLiteral("These 2 live profiles are not saved:"));
    QVERIFY(listed.endsWith(QStringLiteral("Save them before they are lost? Discard loses them; Cancel keeps everything.")));
    prompt->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!m_window->machines()->unsavedProfiles()->openPrompt());
    QCOMPARE(m_window->documentCount(), 1);

    // Save… writes each session, then the tab goes; the files read back with every sample.
    m_window->closeDocument(m_window->indexOf(machine));
    prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    button(prompt, QStringLiteral("Save…"))->click();
    QTRY_COMPARE(m_window->documentCount(), 0);
    QCOMPARE(m_savedPaths.size(), 2);
    for (const QString& path : std::as_const(m_savedPaths)) {
        const xsprof::LoadResult r = xsprof::loadProfileFile(QFile::encodeName(path).toStdString());
        QVERIFY(r.ok());
        QCOMPARE(r.profile->samples.size(), size_t(8));
    }
}

void TestUnsavedProfiles::savedMachineClosesWithoutAsking()
{
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine, oneSession("0000000000001000", "0000000000002000"), machine);
    QVERIFY(machine);
    QVERIFY(!m_window->machines()->unsavedProfiles()->unsaved(machine).isEmpty());
    QVERIFY(m_window->saveCurrentProfile(m_dir->filePath(QStringLiteral("menu.cpuprofile"))));
    QVERIFY(m_window->machines()->unsavedProfiles()->unsaved(machine).isEmpty());
    engine.disconnectFromHost();
    QTRY_VERIFY(!machine->isConnected());
    m_window->closeDocument(m_window->indexOf(machine));
    QVERIFY(!m_window->machines()->unsavedProfiles()->openPrompt());
    QTRY_COMPARE(m_window->documentCount(), 0);
}

void TestUnsavedProfiles::sessionTabAsks()
{
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine, oneSession("0000000000001000", "0000000000002000"), machine);
    QVERIFY(machine);
    emit machine->sessionOpenRequested(0);
    QTRY_COMPARE(m_window->documentCount(), 2);
    QWidget* sessionTab = m_window->tabs()->currentWidget();
    QVERIFY(sessionTab != machine);
    m_window->closeDocument(m_window->indexOf(sessionTab));
    QMessageBox* prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    QVERIFY(prompt->informativeText().contains(QStringLiteral("session 1")));
    button(prompt, QStringLiteral("Discard"))->click();
    QTRY_COMPARE(m_window->documentCount(), 1);
    // Discarding the copy in a tab does not save the machine's session.
    QCOMPARE(m_window->machines()->unsavedProfiles()->unsaved(machine).size(), qsizetype(1));
}

void TestUnsavedProfiles::quitAsks()
{
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine, oneSession("0000000000001000", "0000000000002000"), machine);
    QVERIFY(machine);
    // A second machine of that name, connected, nothing to save: "fake #2" as its tab says.
    QTcpSocket second;
    second.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(second.waitForConnected(5000));
    second.write(message("<login name=\"fake\" value=\"XS test\" flags=\"e\"/>"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 2, 10000);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::AltModifier); // File › Quit, by its keys: asks first
    QTRY_VERIFY(qobject_cast<QMenu*>(QApplication::activePopupWidget()));
    QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Q);
    QMessageBox* prompt = nullptr;
    QTRY_VERIFY((prompt = m_window->machines()->unsavedProfiles()->openPrompt()));
    // One profile: "it", not "them".
    QCOMPARE(prompt->text(), QStringLiteral("This live profile is not saved:"));
    QVERIFY2(prompt->informativeText().endsWith(
                 QStringLiteral("Save it before it is lost? Discard loses it; Cancel keeps everything.")),
             qPrintable(prompt->informativeText()));
    // The machines as their tabs name them (not "fake (127.0.0.1:…)"), and what quitting does to them.
    QVERIFY2(prompt->informativeText().startsWith(QStringLiteral("• fake — session 1: ")),
             qPrintable(prompt->informativeText()));
    QVERIFY2(prompt->informativeText().contains(
                 QStringLiteral("Quitting drops the connection of 2 machines still connected: fake, fake #2.")),
             qPrintable(prompt->informativeText()));
    prompt->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!m_window->machines()->unsavedProfiles()->openPrompt());
    QVERIFY(m_window->isVisible());

    QVERIFY(!m_window->close());
    prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    // Save…: the Save dialog names the profile it saves.
    button(prompt, QStringLiteral("Save…"))->click();
    QTRY_VERIFY(!m_window->isVisible());
    QCOMPARE(m_savedProfiles, QStringList{QStringLiteral("fake — session 1")});
    QVERIFY(QFileInfo::exists(m_savedPaths.value(0)));
}

// A machine's profiler messages are journalled while it streams; once its sessions are saved
// and its tab closed, the journal is gone.
void TestUnsavedProfiles::liveJournalGoesWhenSaved()
{
    const QString recovery = m_dir->filePath(QStringLiteral("recovery"));
    m_window->machines()->setRecoveryDirectory(recovery);
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine, oneSession("0000000000001000", "0000000000002000"), machine);
    QVERIFY(machine);
    const QString journal = machine->session()->journalPath();
    QVERIFY(journal.startsWith(recovery));
    // Flushed at the <pt stop>: what a SIGKILL now would leave.
    QTRY_VERIFY(xsprof::SessionJournal::recover(QFile::encodeName(journal).toStdString()).sessions.size() == 1);
    const auto recovered = xsprof::SessionJournal::recover(QFile::encodeName(journal).toStdString());
    QCOMPARE(recovered.sessions[0].samples.size(), size_t(8));
    QCOMPARE(recovered.machine, std::string("fake"));
    engine.disconnectFromHost();
    QTRY_VERIFY(!machine->isConnected());
    m_window->closeDocument(m_window->indexOf(machine));
    QMessageBox* prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    button(prompt, QStringLiteral("Save…"))->click();
    QTRY_COMPARE(m_window->documentCount(), 0);
    QVERIFY(!QFile::exists(journal));
}

// What a killed run left opens again as "<machine> (recovered)" tabs in front, unsaved;
// discarding one deletes its journal; a newer version's journal is refused and kept.
void TestUnsavedProfiles::recoveredProfilesReopen()
{
    const QString recovery = m_dir->filePath(QStringLiteral("recovery"));
    QVERIFY(QDir().mkpath(recovery));
    const QString journalPath = recovery + QStringLiteral("/20260101-000000-000-1-0.xsj");
    {
        QFile transcript(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start.xsbug"));
        QVERIFY(transcript.open(QIODevice::ReadOnly));
        const QByteArray bytes = transcript.readAll();
        xsprof::SessionJournal journal;
        xsprof::XsProfileRecorder recorder;
        recorder.setListener(&journal);
        QVERIFY(journal.open(QFile::encodeName(journalPath).toStdString()));
        xsprof::XsbugFramer framer;
        std::vector<std::string> payloads;
        framer.feed(std::string_view(bytes.constData(), size_t(bytes.size())), payloads);
        for (const std::string& payload : payloads) {
            for (xsprof::XsbugElement& e : xsprof::parseXsbugPayload(payload)) {
                xsprof::XsProfileMessage m;
                if (e.name == "login")
                    journal.appendLogin(*e.attribute("name"));
                else if (xsprof::decodeXsProfileMessage(e, m) == xsprof::XsProfileDecode::Decoded)
                    recorder.onMessage(m);
            }
        }
        journal.flush();
        // Killed here: no close(), the last record cut in half.
        QFile raw(journalPath);
        QVERIFY(raw.open(QIODevice::ReadWrite));
        raw.resize(raw.size() - 5);
    }
    const QString newer = recovery + QStringLiteral("/20260101-000000-000-1-1.xsj");
    {
        QFile f(newer);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("XSPROFJ\n\x09\x00\x00\x00", 12));
    }
    m_window->machines()->setRecoveryDirectory(recovery);
    QCOMPARE(m_window->machines()->recoverProfiles(), 1);
    // The dead writer's journals are this window's now: renamed to its PID.
    const QString pid = QString::number(QCoreApplication::applicationPid());
    const QString adoptedJournal = recovery + QStringLiteral("/20260101-000000-000-%1-0.xsj").arg(pid);
    const QString adoptedNewer = recovery + QStringLiteral("/20260101-000000-000-%1-1.xsj").arg(pid);
    QVERIFY(!QFile::exists(journalPath) && QFile::exists(adoptedJournal));
    QCOMPARE(m_window->documentCount(), 1);
    QWidget* tab = m_window->tabs()->currentWidget();
    QCOMPARE(m_window->tabs()->shownText(0), TabLabels::unsavedMark + QStringLiteral("xst (recovered)"));
    const QList<UnsavedProfiles::Item> unsaved = m_window->machines()->unsavedProfiles()->unsaved(tab);
    QCOMPARE(unsaved.size(), qsizetype(1));
    QVERIFY(unsaved[0].samples > 1000 && unsaved[0].samples <= 1208); // the torn last batch is dropped
    QVERIFY(QFile::exists(adoptedNewer)); // refused, kept for a newer xsprof

    m_window->closeDocument(0);
    QMessageBox* prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    button(prompt, QStringLiteral("Discard"))->click();
    QTRY_COMPARE(m_window->documentCount(), 0);
    QVERIFY(!QFile::exists(adoptedJournal));
    QVERIFY(QFile::exists(adoptedNewer));
}

// Preferences › Recovery journals kept up to: the bound the window applies, oldest first.
void TestUnsavedProfiles::recoveryLimitFromPreferences()
{
    const quint16 listening = m_window->machines()->serverController()->server()->port();
    PreferencesDialog dialog(m_window->preferences());
    QCOMPARE(dialog.portField()->value(), 0); // "any free port" stays so: OK does not move the server
    QCOMPARE(dialog.recoveryLimitField()->value(), 1024); // the default, 1 GB
    dialog.recoveryLimitField()->setValue(2);
    dialog.accept();
    QCOMPARE(m_window->preferences()->recoveryMaxBytes(), qint64(2) << 20);
    QCOMPARE(m_window->preferences()->port(), quint16(0));
    QCOMPARE(m_window->machines()->serverController()->server()->port(), listening);

    // Three journals of 1 MB each, oldest first by name: the bound keeps the newest two.
    const QString recovery = m_dir->filePath(QStringLiteral("bounded"));
    QVERIFY(QDir().mkpath(recovery));
    const QStringList names{QStringLiteral("20260101-000000-000-1-0.xsj"), QStringLiteral("20260102-000000-000-1-0.xsj"),
                            QStringLiteral("20260103-000000-000-1-0.xsj")};
    for (const QString& name : names) {
        QFile file(recovery + QLatin1Char('/') + name);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(qint64(1) << 20));
    }
    RecoveryJournals(recovery).enforceLimit(m_window->preferences()->recoveryMaxBytes());
    QCOMPARE(QDir(recovery).entryList({QStringLiteral("*.xsj")}, QDir::Files, QDir::Name), names.mid(1));
}

// A live profile's tab and the window title are marked until saved; Save As suggests the
// machine's name and the time in Documents, then the folder last saved to; Export names have
// no state words.
void TestUnsavedProfiles::unsavedTabsAreMarkedAndNamedCleanly()
{
    QTcpSocket engine;
    DebuggeePage* machine = nullptr;
    connectMachine(engine, oneSession("0000000000001000", "0000000000002000"), machine);
    QVERIFY(machine);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    WindowTabs* tabs = m_window->tabs();
    QTRY_COMPARE(tabs->shownText(m_window->indexOf(machine)), TabLabels::unsavedMark + QStringLiteral("fake"));
    QVERIFY(m_window->isWindowModified());
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("fake* — xsprof"));
    engine.disconnectFromHost();
    QTRY_VERIFY(!machine->isConnected());
    QTRY_COMPARE(tabs->shownText(m_window->indexOf(machine)), TabLabels::unsavedMark + QStringLiteral("fake (disconnected)"));

    const QRegularExpression stamped(QStringLiteral("^fake-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.cpuprofile$"));
    QAction* saveAs = nullptr;
    for (QAction* action : m_window->findChildren<QAction*>()) {
        if (action->text() == QStringLiteral("Save Profile &As…"))
            saveAs = action;
    }
    QVERIFY(saveAs && saveAs->isEnabled());
    saveAs->trigger();
    auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QCOMPARE(dialog->directory().absolutePath(),
             QDir(QFileInfo(documents).isDir() ? documents : QDir::homePath()).absolutePath());
    const QString suggested = QFileInfo(dialog->selectedFiles().value(0)).fileName();
    QVERIFY2(stamped.match(suggested).hasMatch(), qPrintable(suggested));
    const QString folder = m_dir->filePath(QStringLiteral("profiles"));
    QVERIFY(QDir().mkpath(folder));
    dialog->selectFile(folder + QStringLiteral("/live.cpuprofile"));
    static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept() is protected
    QTRY_VERIFY(QFile::exists(folder + QStringLiteral("/live.cpuprofile")));
    QTRY_COMPARE(tabs->shownText(m_window->indexOf(machine)), QStringLiteral("fake (disconnected)"));
    QVERIFY(!m_window->isWindowModified());
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("fake — xsprof"));

    // Next time, the folder saved to.
    saveAs->trigger();
    dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QCOMPARE(dialog->directory().absolutePath(), QDir(folder).absolutePath());
    dialog->reject();

    // Export: the machine and the time, no "disconnected", no double dashes.
    auto* exports = m_window->findChild<WindowExports*>();
    QVERIFY(exports);
    const QString image = exports->suggestedName(QStringLiteral("flame-graph"));
    QVERIFY2(QRegularExpression(QStringLiteral("^fake-\\d{4}-\\d{2}-\\d{2}-\\d{4}-flame-graph\\.svg$")).match(image).hasMatch(),
             qPrintable(image));

    // A second machine of that name is "fake #2": its files are "fake-2-…", without '#' or spaces.
    QTcpSocket second;
    second.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(second.waitForConnected(5000));
    second.write(message("<login name=\"fake\" value=\"XS test\" flags=\"e\"/>") +
                 oneSession("0000000000001000", "0000000000002000"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->documentCount(), 2, 10000);
    const int index = m_window->indexOf(m_window->machines()->debuggee(1));
    QVERIFY(index >= 0);
    QTRY_COMPARE(tabs->shownText(index), TabLabels::unsavedMark + QStringLiteral("fake #2"));
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(index).center());
    QCOMPARE(tabs->currentIndex(), index);
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("fake #2* — xsprof"));
    const QString secondName = QFileInfo(m_window->suggestedSavePath(index)).fileName();
    QVERIFY2(QRegularExpression(QStringLiteral("^fake-2-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.cpuprofile$")).match(secondName).hasMatch(),
             qPrintable(secondName));
}

QTEST_MAIN(TestUnsavedProfiles)
#include "tst_unsavedprofiles.moc"
