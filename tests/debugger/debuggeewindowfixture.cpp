// The debuggee suites' window: set-up, the replayed machine and the checks against the oracle.
#include "debuggeewindowfixture.h"

#include "app/machines/machinetabs.h"
#include "app/preferences.h"
#include "app/machines/servercontroller.h"
#include "app/settingskeys.h"
#include "expectedprofile.h"
#include "protocol/debugserver.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

const QString DebuggeeWindowFixture::transcriptStem = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start");

void DebuggeeWindowFixture::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_settings->setValue(SettingsKeys::port, 0); // any free port: tests run in parallel
    m_window = std::make_unique<MainWindow>(m_settings.get());
    m_window->resize(1100, 700);
}

void DebuggeeWindowFixture::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void DebuggeeWindowFixture::startServer(bool profileOnStart)
{
    m_window->preferences()->setProfileOnStart(profileOnStart);
    QVERIFY2(m_window->machines()->startDebugServer(), qPrintable(m_window->machines()->serverController()->errorString()));
    QVERIFY(m_window->machines()->serverController()->server()->port() != 0);
}

DebuggeeWindowFixture::Replay DebuggeeWindowFixture::replay(const QStringList& extra, const QString& stem)
{
    Replay r;
    const QString received = m_dir->filePath(QStringLiteral("received.bin"));
    QFile::remove(received);
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), stem + QStringLiteral(".xsbug"),
                             QStringLiteral("--connect"),
                             QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port()),
                             QStringLiteral("--save-received"), received, QStringLiteral("--quiet"),
                             QStringLiteral("--timeout"), QStringLiteral("120")}
                     << extra);
    QDeadlineTimer deadline(130000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20);
    r.output = QString::fromUtf8(python.readAll());
    r.ok = python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0;
    QFile f(received);
    if (f.open(QIODevice::ReadOnly))
        r.received = f.readAll();
    return r;
}

void DebuggeeWindowFixture::compareWithExpected(const xsprof::Profile& profile, const xsprof::ProfileAnalysis& analysis)
{
    const nlohmann::json expected = ExpectedProfile::readFile(QString(transcriptStem + QStringLiteral(".expected.json")).toStdString());
    const auto errors = ExpectedProfile::compare(profile, analysis, ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
}

void DebuggeeWindowFixture::saveScreenshot(QWidget* widget, const QString& name)
{
    QDir out(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    QVERIFY(out.mkpath(QStringLiteral(".")));
    QCoreApplication::processEvents();
    QVERIFY(widget->grab().save(out.filePath(name + QStringLiteral(".png"))));
}
