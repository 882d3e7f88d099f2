// `xsprof report`, `convert` and `listen` as a user runs them: exit statuses, output, files.
#include "expectedprofile.h"

#include "model/profileloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void reportJsonMatchesOracle();
    void reportText();
    void badInputExitsWithOne();
    void usageErrorsExitWithTwo_data();
    void usageErrorsExitWithTwo();
    void convertThenReportGivesSameNumbers();
    void traceEventProfilesByIndex();
    void sourceMapsOnReportAndConvert();
    void listenSavesWhatTheMachineSent();
    void listenSavesOnlyMachinesWithSamplesNamedByMachine();
    void listenSerialSavesWhatTheOracleComputes();
    void helpAndVersionWithoutDisplay_data();
    void helpAndVersionWithoutDisplay();
    void unknownCommandNamesTheCommands();
    void windowWithoutDisplaySaysSo();
    void windowIsTheExecutableBeside();
    void missingWindowExecutableIsNamed();
    void headlessCommandsMapNoGuiLibrary();
    void listenReportsAFailedWrite();
    void nonUtf8FileNames();

private:
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run xsprof(const QStringList& arguments, int timeoutMs = 60000);
    // As from a text console: no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM.
    static Run xsprofWithoutDisplay(const QStringList& arguments);
    QTemporaryDir m_dir;
};

TestCli::Run TestCli::xsprof(const QStringList& arguments, int timeoutMs)
{
    QProcess p;
    p.start(QStringLiteral(XSPROF_EXECUTABLE), arguments);
    Run r;
    if (!p.waitForFinished(timeoutMs))
        p.kill();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

TestCli::Run TestCli::xsprofWithoutDisplay(const QStringList& arguments)
{
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    p.setProcessEnvironment(environment);
    p.start(QStringLiteral(XSPROF_EXECUTABLE), arguments);
    Run r;
    if (!p.waitForFinished(30000))
        p.kill();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1; // -1: crashed (Qt's abort)
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void TestCli::reportJsonMatchesOracle()
{
    const QString file = QStringLiteral(XSPROF_CORPUS_DIR "/node_dag_shared.cpuprofile");
    const Run r = xsprof({QStringLiteral("report"), file, QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const nlohmann::json got = nlohmann::json::parse(r.out.toStdString());
    const nlohmann::json want = ExpectedProfile::readFile(XSPROF_CORPUS_DIR "/node_dag_shared.expected.json");
    QCOMPARE(got.at("format").get<std::string>(), std::string("cpuprofile"));
    QCOMPARE(got.at("encoding").get<std::string>(), std::string("tree"));
    QCOMPARE(got.at("sample_count").get<int>(), want.at("sample_count").get<int>());
    QVERIFY(ExpectedProfile::close(got.at("duration_us").get<double>(), want.at("duration").get<double>()));
    QCOMPARE(got.at("functions").size(), want.at("functions").size());
    QCOMPARE(got.at("function_count").get<size_t>(), want.at("functions").size());
    // Sorted by total; the first is the root, with the whole duration.
    const auto& first = got.at("functions").at(0);
    QCOMPARE(first.at("name").get<std::string>(), std::string("(root)"));
    QVERIFY(first.at("id").is_null());
    QVERIFY(ExpectedProfile::close(first.at("total_us").get<double>(), want.at("duration").get<double>()));
    for (const auto& f : got.at("functions")) {
        QVERIFY(f.at("line").get<int>() >= 0);
        QVERIFY(f.at("self_us").get<double>() <= f.at("total_us").get<double>() + 1e-6);
    }
}

void TestCli::reportText()
{
    const Run r = xsprof({QStringLiteral("report"), QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.xst-p.cpuprofile"),
                          QStringLiteral("--top"), QStringLiteral("3"), QStringLiteral("--sort"), QStringLiteral("self")});
    QCOMPARE(r.code, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(QLatin1String("graph encoding")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("inclusive: not available")));
    // Header, blank, column titles, then exactly three rows; (gc) has the most self time.
    const QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.filter(QLatin1String("  (gc)")).size(), 1);
    QVERIFY(lines.last().contains(QLatin1String(" - ")) || lines.last().contains(QLatin1String("     -")));
    const int header = int(lines.indexOf(lines.filter(QLatin1String("self ms")).value(0)));
    QCOMPARE(lines.size() - header - 1, 3);
    QVERIFY(lines.at(header + 1).contains(QLatin1String("(gc)")));
}

void TestCli::badInputExitsWithOne()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.cpuprofile"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"nodes":[{"id":1,"callFrame":{"functionName":"x"}}],"samples":[1,2],"timeDeltas":[1,1]})");
    f.close();
    const Run r = xsprof({QStringLiteral("report"), bad});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err).trimmed();
    QCOMPARE(err.count(QLatin1Char('\n')), 0); // one line
    QVERIFY2(err.contains(bad) && err.contains(QLatin1String("unknown node id 2")) && err.contains(QLatin1String("sample 1")),
             qPrintable(err));
    QCOMPARE(xsprof({QStringLiteral("report"), m_dir.filePath(QStringLiteral("missing"))}).code, 1);
    QCOMPARE(xsprof({QStringLiteral("convert"), bad, m_dir.filePath(QStringLiteral("out.cpuprofile"))}).code, 1);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.cpuprofile"))));
}

void TestCli::usageErrorsExitWithTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    const QString file = QStringLiteral(XSPROF_CORPUS_DIR "/tiny/linear.cpuprofile");
    QTest::newRow("report without file") << QStringList{QStringLiteral("report")};
    QTest::newRow("report two files") << QStringList{QStringLiteral("report"), file, file};
    QTest::newRow("bad sort") << QStringList{QStringLiteral("report"), file, QStringLiteral("--sort"), QStringLiteral("name")};
    QTest::newRow("bad top") << QStringList{QStringLiteral("report"), file, QStringLiteral("--top"), QStringLiteral("-3")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("report"), file, QStringLiteral("--bogus")};
    QTest::newRow("convert one file") << QStringList{QStringLiteral("convert"), file};
    QTest::newRow("listen bad port") << QStringList{QStringLiteral("listen"), QStringLiteral("--port"), QStringLiteral("70000")};
}

void TestCli::usageErrorsExitWithTwo()
{
    QFETCH(QStringList, arguments);
    const Run r = xsprof(arguments);
    QCOMPARE(r.code, 2);
    QVERIFY(!r.err.isEmpty());
}

void TestCli::convertThenReportGivesSameNumbers()
{
    const QString in = QStringLiteral(XSPROF_CORPUS_DIR "/chromium_selfprof_shared.json");
    const QString out = m_dir.filePath(QStringLiteral("selfprof.cpuprofile"));
    QCOMPARE(xsprof({QStringLiteral("convert"), in, out}).code, 0);
    const Run a = xsprof({QStringLiteral("report"), in, QStringLiteral("--json")});
    const Run b = xsprof({QStringLiteral("report"), out, QStringLiteral("--json")});
    QCOMPARE(a.code, 0);
    QCOMPARE(b.code, 0);
    nlohmann::json ja = nlohmann::json::parse(a.out.toStdString()), jb = nlohmann::json::parse(b.out.toStdString());
    QCOMPARE(ja.at("format").get<std::string>(), std::string("js-self-profiling"));
    QCOMPARE(jb.at("format").get<std::string>(), std::string("cpuprofile"));
    QVERIFY(ExpectedProfile::close(jb.at("duration_us").get<double>(), ja.at("duration_us").get<double>()));
    QCOMPARE(ja.at("functions").size(), jb.at("functions").size());
    for (size_t i = 0; i < ja.at("functions").size(); ++i) {
        const auto& x = ja.at("functions")[i];
        const auto& y = jb.at("functions")[i];
        QVERIFY(x.at("name") == y.at("name"));
        QVERIFY(x.at("line") == y.at("line"));
        QVERIFY(ExpectedProfile::close(y.at("total_us").get<double>(), x.at("total_us").get<double>()));
        QVERIFY(ExpectedProfile::close(y.at("inclusive_us").get<double>(), x.at("inclusive_us").get<double>()));
    }
}

void TestCli::traceEventProfilesByIndex()
{
    const QString file = QStringLiteral(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json");
    const Run chosen = xsprof({QStringLiteral("report"), file, QStringLiteral("--json")});
    QCOMPARE(chosen.code, 0);
    QVERIFY2(chosen.err.contains("holds 2 profiles"), chosen.err.constData()); // tells the user about the other
    const nlohmann::json want = ExpectedProfile::readFile(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.expected.json");
    for (int k = 0; k < 2; ++k) {
        const Run r = xsprof({QStringLiteral("report"), file, QStringLiteral("--json"), QStringLiteral("--profile"),
                              QString::number(k)});
        QCOMPARE(r.code, 0);
        const nlohmann::json got = nlohmann::json::parse(r.out.toStdString());
        QVERIFY(got.at("sample_count") == want.at("profiles")[size_t(k)].at("sample_count"));
    }
    // Default: the profile with the most samples (the page's renderer, 17380 samples).
    QCOMPARE(nlohmann::json::parse(chosen.out.toStdString()).at("sample_count").get<int>(), 17380);
    QCOMPARE(xsprof({QStringLiteral("report"), file, QStringLiteral("--profile"), QStringLiteral("2")}).code, 1);
}

void TestCli::sourceMapsOnReportAndConvert()
{
    const QString dir = QStringLiteral(XSPROF_CORPUS_DIR "/peers/source-maps");
    const QString in = dir + QStringLiteral("/chrome-85-webpack.json");
    const Run plain = xsprof({QStringLiteral("report"), in});
    QCOMPARE(plain.code, 0);
    QVERIFY(!plain.out.contains("gamma.ts"));
    const Run mapped = xsprof({QStringLiteral("report"), in, QStringLiteral("--source-maps"), dir + QStringLiteral("/webpack")});
    QCOMPARE(mapped.code, 0);
    QVERIFY2(mapped.out.contains("gamma.ts"), mapped.out.constData());
    QVERIFY2(mapped.err.contains("mapped by 1 source maps"), mapped.err.constData());
    // convert keeps the original locations: the converted file reports them without maps.
    const QString out = m_dir.filePath(QStringLiteral("mapped.cpuprofile"));
    QCOMPARE(xsprof({QStringLiteral("convert"), in, out, QStringLiteral("--source-maps"), dir + QStringLiteral("/webpack")}).code, 0);
    const Run reread = xsprof({QStringLiteral("report"), out});
    QCOMPARE(reread.code, 0);
    QVERIFY(reread.out.contains("gamma.ts"));
}

void TestCli::listenSavesWhatTheMachineSent()
{
    QTcpServer probe; // find a free port
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const QString port = QString::number(probe.serverPort());
    probe.close();
    const QString saved = m_dir.filePath(QStringLiteral("live.cpuprofile"));
    const QString json = m_dir.filePath(QStringLiteral("live.json"));
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE),
                 {QStringLiteral("listen"), QStringLiteral("--port"), port, QStringLiteral("--profile-on-start"),
                  QStringLiteral("--save"), saved, QStringLiteral("--json"), json, QStringLiteral("--report"),
                  QStringLiteral("--log"), QStringLiteral("--once"), QStringLiteral("--duration"), QStringLiteral("60")});
    QVERIFY(listen.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("listening"), 10000);
    QProcess replay;
    replay.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                  QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/break_while_profiling.suspend-resume.xsbug"),
                  QStringLiteral("--connect"), QStringLiteral("127.0.0.1:") + port, QStringLiteral("--quiet")});
    QVERIFY(replay.waitForFinished(60000));
    QCOMPARE(replay.exitCode(), 0); // every break was continued
    QVERIFY(listen.waitForFinished(30000));
    QCOMPARE(listen.exitCode(), 0);
    const QString out = QString::fromUtf8(listen.readAllStandardOutput());
    QVERIFY2(out.contains(QLatin1String("break: /home/dev/xs-app/break_while_profiling.js:21 # Break: debugger!")),
             qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("samples:   640")), qPrintable(out)); // the report
    const nlohmann::json got = ExpectedProfile::readFile(json.toStdString());
    const nlohmann::json want =
        ExpectedProfile::readFile(XSPROF_CORPUS_DIR "/xsbug/break_while_profiling.suspend-resume.expected.json");
    QVERIFY(ExpectedProfile::close(got.at("duration_us").get<double>(), want.at("profiles")[0].at("duration").get<double>()));
    const Run reopened = xsprof({QStringLiteral("report"), saved, QStringLiteral("--json")});
    QCOMPARE(reopened.code, 0);
    QCOMPARE(nlohmann::json::parse(reopened.out.toStdString()).at("functions").size(), got.at("functions").size());
}

// A Moddable app twice, and between them five of its Workers, which send no profile samples:
// --save writes the two apps' profiles, the second named by machine name and number, and says
// how many machines it skipped.
void TestCli::listenSavesOnlyMachinesWithSamplesNamedByMachine()
{
    QTcpServer probe; // find a free port
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const QString port = QString::number(probe.serverPort());
    probe.close();
    QDir out(m_dir.filePath(QStringLiteral("storm")));
    QVERIFY(out.mkpath(QStringLiteral(".")));
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE),
                 {QStringLiteral("listen"), QStringLiteral("--port"), port, QStringLiteral("--profile-on-start"),
                  QStringLiteral("--save"), out.filePath(QStringLiteral("app.cpuprofile")), QStringLiteral("--duration"),
                  QStringLiteral("60")});
    QVERIFY(listen.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("listening"), 10000);
    const QString address = QStringLiteral("127.0.0.1:") + port;
    const auto play = [&](const char* tool, const char* transcript, QStringList extra) {
        QProcess python;
        python.start(QStringLiteral("python3"), QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/") + QLatin1String(tool),
                                                            QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/") + QLatin1String(transcript),
                                                            QStringLiteral("--connect"), address}
                                                    << extra);
        return python.waitForFinished(60000) && python.exitCode() == 0;
    };
    QVERIFY(play("xs_replay.py", "sim_worker_main.xsbug", {QStringLiteral("--quiet")}));
    QVERIFY(play("machine_storm.py", "sim_worker.xsbug", {QStringLiteral("--count"), QStringLiteral("5")}));
    QVERIFY(play("xs_replay.py", "sim_worker_main.xsbug", {QStringLiteral("--quiet")}));
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("app-simple-2.cpuprofile"), 10000);
    listen.terminate(); // SIGTERM: finishes as at SIGINT
    QVERIFY(listen.waitForFinished(30000));
    err += listen.readAllStandardError();
    QCOMPARE(listen.exitCode(), 0);
    QCOMPARE(out.entryList(QDir::Files), QStringList({QStringLiteral("app-simple-2.cpuprofile"), QStringLiteral("app.cpuprofile")}));
    QVERIFY2(err.contains("5 of 7 machines left without profile samples; 2 profiles written"), err.constData());
    QCOMPARE(err.count("left without profile samples: nothing to save"), 1); // the first Worker, then the count
    const Run reopened = xsprof({QStringLiteral("report"), out.filePath(QStringLiteral("app-simple-2.cpuprofile"))});
    QCOMPARE(reopened.code, 0);
}

void TestCli::helpAndVersionWithoutDisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << QStringLiteral("xsprof report FILE");
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << QStringLiteral("xsprof convert IN OUT");
    QTest::newRow("--help after a file") << QStringList{QStringLiteral("some.cpuprofile"), QStringLiteral("--help")}
                                         << QStringLiteral("xsprof listen");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")}
                               << QStringLiteral("xsprof " XSPROF_VERSION "\n");
    QTest::newRow("report --help") << QStringList{QStringLiteral("report"), QStringLiteral("--help")}
                                   << QStringLiteral("--sort");
}

void TestCli::helpAndVersionWithoutDisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run r = xsprofWithoutDisplay(arguments);
    QCOMPARE(r.code, 0);
    QVERIFY2(QString::fromUtf8(r.out).contains(expected), r.out.constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

void TestCli::unknownCommandNamesTheCommands()
{
    for (const Run& r : {xsprofWithoutDisplay({QStringLiteral("reprot"), QStringLiteral("f")}),
                         xsprof({QStringLiteral("reprot"), QStringLiteral("f")})}) {
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        for (const char* word : {"reprot", "report", "convert", "listen"})
            QVERIFY2(err.contains(QLatin1String(word)), qPrintable(err));
        QVERIFY(r.out.isEmpty());
    }
}

void TestCli::windowWithoutDisplaySaysSo()
{
    const QString file = QStringLiteral(XSPROF_CORPUS_DIR "/tiny/linear.cpuprofile");
    for (const QStringList& arguments : {QStringList{file}, QStringList{}}) {
        const Run r = xsprofWithoutDisplay(arguments);
        QCOMPARE(r.code, 1);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QVERIFY2(err.contains(QLatin1String("no display")) && err.contains(QLatin1String("xvfb-run"))
                     && err.contains(QLatin1String("xsprof report")),
                 qPrintable(err));
    }
}

// `xsprof FILE` becomes the window executable beside it (same process, same arguments).
void TestCli::windowIsTheExecutableBeside()
{
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("HOME"), m_dir.path()); // settings and recovery journals stay here
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    p.setProcessEnvironment(environment);
    p.start(QStringLiteral(XSPROF_EXECUTABLE), {QStringLiteral(XSPROF_CORPUS_DIR "/tiny/linear.cpuprofile")});
    QVERIFY(p.waitForStarted());
    const QString exe = QStringLiteral("/proc/%1/exe").arg(p.processId());
    const QString window = QFileInfo(QStringLiteral(XSPROF_EXECUTABLE)).absolutePath() + QStringLiteral("/xsprof-window");
    QTRY_COMPARE_WITH_TIMEOUT(QFileInfo(exe).symLinkTarget(), QFileInfo(window).canonicalFilePath(), 10000);
    QCOMPARE(p.state(), QProcess::Running); // the window is up, not an error
    p.kill();
    p.waitForFinished();
}

void TestCli::missingWindowExecutableIsNamed()
{
    const QString alone = m_dir.filePath(QStringLiteral("alone/xsprof"));
    QVERIFY(QDir().mkpath(QFileInfo(alone).absolutePath()));
    QVERIFY(QFile::copy(QStringLiteral(XSPROF_EXECUTABLE), alone));
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(environment);
    p.start(alone, {});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 1);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QLatin1String("cannot open the window")) && err.contains(m_dir.filePath(QStringLiteral("alone/xsprof-window")))
                 && err.contains(QLatin1String("No such file")),
             qPrintable(err));
}

// The headless commands keep their memory for the profile: no Qt Gui or Widgets mapped.
void TestCli::headlessCommandsMapNoGuiLibrary()
{
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE), {QStringLiteral("listen"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(listen.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("listening"), 10000);
    QFile maps(QStringLiteral("/proc/%1/maps").arg(listen.processId()));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QByteArray mapped = maps.readAll();
    listen.kill();
    listen.waitForFinished();
    QVERIFY(mapped.contains("libQt6Core"));
    QVERIFY2(!mapped.contains("libQt6Gui") && !mapped.contains("libQt6Widgets"), "a GUI library is mapped");
}

// --json to a full disk (/dev/full: opening works, writing fails): said, and exit status 1.
void TestCli::listenReportsAFailedWrite()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const QString port = QString::number(probe.serverPort());
    probe.close();
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE),
                 {QStringLiteral("listen"), QStringLiteral("--port"), port, QStringLiteral("--profile-on-start"),
                  QStringLiteral("--json"), QStringLiteral("/dev/full"), QStringLiteral("--once"),
                  QStringLiteral("--duration"), QStringLiteral("60")});
    QVERIFY(listen.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += listen.readAllStandardError()).contains("listening"), 10000);
    QProcess replay;
    replay.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                  QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/break_while_profiling.suspend-resume.xsbug"),
                  QStringLiteral("--connect"), QStringLiteral("127.0.0.1:") + port, QStringLiteral("--quiet")});
    QVERIFY(replay.waitForFinished(60000));
    QVERIFY(listen.waitForFinished(30000));
    err += listen.readAllStandardError();
    QCOMPARE(listen.exitCode(), 1);
    QVERIFY2(err.contains("cannot write /dev/full: No space left on device"), err.constData());
}

// A file name that is not UTF-8 (Latin-1 "café"): opened by the bytes the shell passed.
void TestCli::nonUtf8FileNames()
{
    const QByteArray dir = QFile::encodeName(m_dir.path());
    const std::string in = dir.toStdString() + "/caf\xe9.cpuprofile";
    const std::string out = dir.toStdString() + "/caf\xe9-out.cpuprofile";
    std::filesystem::copy_file(XSPROF_CORPUS_DIR "/node_fib.cpuprofile", in);
    // QProcess would re-encode the arguments as UTF-8: let the shell pass the raw bytes.
    const auto run = [](const QString& script) {
        QProcess p;
        p.start(QStringLiteral("sh"), {QStringLiteral("-c"), script, QStringLiteral(XSPROF_EXECUTABLE)});
        p.waitForFinished(60000);
        return std::make_pair(p.exitCode(), QByteArray(p.readAllStandardError() + p.readAllStandardOutput()));
    };
    const QString folder = QString::fromUtf8(dir);
    const auto converted = run(QStringLiteral("exec \"$0\" convert \"$(printf '%1/caf\\351.cpuprofile')\" "
                                              "\"$(printf '%1/caf\\351-out.cpuprofile')\"")
                                   .arg(folder));
    QVERIFY2(converted.first == 0, converted.second.constData());
    QVERIFY(std::filesystem::exists(out));
    const auto reported = run(QStringLiteral("exec \"$0\" report \"$(printf '%1/caf\\351-out.cpuprofile')\" --json").arg(folder));
    QVERIFY2(reported.first == 0, reported.second.constData());
    QVERIFY(reported.second.contains("\"sample_count\""));
}

void TestCli::listenSerialSavesWhatTheOracleComputes()
{
    // A scripted ESP32 on a pseudo-terminal (tests/protocol/serial_device.py), garbage first.
    const QString link = m_dir.filePath(QStringLiteral("tty"));
    const QString stem = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.profile-on-start");
    QProcess device;
    device.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_SERIAL_DEVICE), QStringLiteral("--link"), link,
                                             QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + stem + QStringLiteral(".xsbug"),
                                             QStringLiteral("--garbage")});
    QByteArray ready;
    QTRY_VERIFY_WITH_TIMEOUT((ready += device.readAllStandardOutput()).contains("ready"), 10000);
    const QString saved = m_dir.filePath(QStringLiteral("serial.cpuprofile"));
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE),
                 {QStringLiteral("listen"), QStringLiteral("--serial"), link + QStringLiteral("@460800"),
                  QStringLiteral("--profile-on-start"), QStringLiteral("--save"), saved, QStringLiteral("--once"),
                  QStringLiteral("--duration"), QStringLiteral("60")});
    QVERIFY(listen.waitForFinished(70000));
    const QString err = QString::fromUtf8(listen.readAllStandardError());
    QVERIFY2(listen.exitCode() == 0, qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("at 460800 baud")), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("fibapp (tty #3FFB0001) connected")), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("| rst:0x1 (POWERON_RESET)")), qPrintable(err)); // the device log
    QVERIFY2(!err.contains(QLatin1String(":5002")), qPrintable(err));                    // no TCP without --port
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const xsprof::LoadResult loaded = xsprof::loadProfileData(file.readAll().toStdString(), "serial.cpuprofile");
    QVERIFY(loaded.ok());
    const nlohmann::json expected = ExpectedProfile::readFile(stem.toStdString() + ".expected.json");
    const auto errors = ExpectedProfile::compare(*loaded.profile, xsprof::ProfileAnalysis::compute(*loaded.profile),
                                                 ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
    QVERIFY(device.waitForFinished(10000));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
