// Serial devices: the demultiplexer on its own (any split, garbage, reboots, binary frames),
// then SerialConnection over a pseudo-terminal against serial_device.py, a scripted ESP32
// playing the recorded simulator sessions of ../shared/corpus/xsbug with <?xs.ID?> markers.
#include "expectedprofile.h"
#include "transcriptmessages.h"

#include "protocol/serial/serialbinary.h"
#include "protocol/serial/serialconnection.h"
#include "protocol/serial/serialdemux.h"
#include "protocol/serial/serialdevicetasks.h"
#include "protocol/serial/serialmachinechannel.h"
#include "protocol/serial/serialportspec.h"
#include "protocol/xsbugmessagereader.h"


#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace xsprof;

namespace {

constexpr quint32 machineA = 0x3FFB0001;
constexpr quint32 machineB = 0x3FFB0002;

QString corpus(const char* stem)
{
    return QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/") + QLatin1String(stem);
}

QByteArray onTheLine(quint32 machine, const QByteArray& message)
{
    return "\r\n" + SerialDemux::processingInstruction('.', machine) + "\r\n" + message + "\r\n";
}

struct Demuxed {
    QHash<quint32, QByteArray> machines;
    QStringList log, notes;
    QList<QByteArray> frames;
    int opened = 0, closed = 0, reboots = 0;
    void take(std::vector<SerialDemux::Event> events)
    {
        using Kind = SerialDemux::Event::Kind;
        for (const auto& e : events) {
            switch (e.kind) {
            case Kind::MachineOpened: ++opened; break;
            case Kind::Message: machines[e.machine] += e.bytes; break;
            case Kind::MachineClosed: ++closed; break;
            case Kind::Rebooted: ++reboots; break;
            case Kind::BinaryFrame: frames << e.bytes; break;
            case Kind::DeviceLog: log << e.text; break;
            case Kind::Note: notes << e.text; break;
            }
        }
    }
};

// Feeds `stream` in pieces of 1..maxPiece bytes (seeded), then flushes.
Demuxed demux(const QByteArray& stream, int maxPiece, quint32 seed = 1)
{
    SerialDemux d;
    Demuxed out;
    QRandomGenerator random(seed);
    for (qsizetype at = 0; at < stream.size();) {
        const qsizetype n = qMin<qsizetype>(stream.size() - at, 1 + random.bounded(maxPiece));
        out.take(d.feed(QByteArrayView(stream).sliced(at, n)));
        at += n;
    }
    out.take(d.flushIdle());
    return out;
}

// A connection to the scripted device whose machines stay logged in (binary requests need one).
struct LiveDevice {
    SerialConnection port;
    QList<MachineSession*> machines;
    QStringList log;
    explicit LiveDevice(const QString& link) : port(*SerialPortSpec::parse(link, nullptr))
    {
        QObject::connect(&port, &SerialConnection::machineConnected, &port, [this](MachineSession* s) { machines << s; });
        QObject::connect(&port, &SerialConnection::deviceLog, &port, [this](const QString& t, bool) { log << t; });
    }
};

QByteArray modArchive(int size)
{
    QByteArray archive = QByteArray::fromHex("00000000") + "XS_A" + QByteArray::fromHex("0000000c") + "VERS";
    for (int i = archive.size(); i < size; ++i)
        archive += char(i * 7 % 251);
    for (int i = 0; i < 4; ++i)
        archive[i] = char((size >> (24 - 8 * i)) & 0xff);
    return archive;
}

// The scripted device ends with the test, whatever happens.
struct DeviceProcess : QProcess {
    ~DeviceProcess() override
    {
        kill();
        waitForFinished(2000);
    }
};

QByteArray joined(const QList<QByteArray>& messages)
{
    QByteArray all;
    for (const QByteArray& m : messages)
        all += "\r\n" + m + "\r\n";
    return all;
}

} // namespace

class TestSerial : public QObject {
    Q_OBJECT

private slots:
    void twoInterleavedMachinesGetExactlyTheirMessagesAtAnySplit_data();
    void twoInterleavedMachinesGetExactlyTheirMessagesAtAnySplit();
    void garbageBootLinesAndBadMarkersGoToTheLogNeverToAMachine();
    void aResetInsideAMessageDropsItAndTheRebootClosesEveryMachine();
    void binaryFramesAreReadAndCutOnesAreDropped();
    void tenMegabytesOfGarbageKeepMemoryBounded();
    void commandsCarryTheMachinesMarker();
    void binaryCommandsAndRepliesFollowAppendixA();
    void portSpecsParseAsListenTakesThem();

    void twoMachinesOnAPseudoTerminalMatchTheOracle();
    void aRebootInTheMiddleEndsTheMachinesAndTheNextOnesLogIn();
    void garbageAtTheStartGoesToTheDeviceLog();
    void aStartWhereNoMachineLogsInIsRetried();
    void aPortThatGoesAwayIsReopenedWhenItComesBack();
    void aPortNotYetThereIsWaitedFor();
    void deviceInfoIsAskedAndEveryAnswerChecked();
    void aModIsInstalledInFragmentsThenTheBoardRestarts();
    void modFailuresAreSaidInWords();

private:
    // serial_device.py on a pty linked at m_dir/tty; returns once the link exists.
    bool startDevice(QProcess& device, const QStringList& arguments);
    QString link() const { return m_dir.filePath(QStringLiteral("tty")); }
    static void compareWithOracle(MachineSession* session, const char* stem);
    QTemporaryDir m_dir;
};

void TestSerial::twoInterleavedMachinesGetExactlyTheirMessagesAtAnySplit_data()
{
    QTest::addColumn<int>("maxPiece");
    QTest::newRow("byte by byte") << 1;
    QTest::newRow("up to 7 bytes") << 7;
    QTest::newRow("up to 300 bytes") << 300;
    QTest::newRow("up to 64 KB") << 65536;
}

void TestSerial::twoInterleavedMachinesGetExactlyTheirMessagesAtAnySplit()
{
    QFETCH(int, maxPiece);
    const QList<QByteArray> a = transcriptMessages(corpus("sim_fibapp.profile-on-start.xsbug"));
    const QList<QByteArray> b = transcriptMessages(corpus("sim_worker_main.xsbug"));
    QVERIFY(a.size() > 1000 && b.size() > 1000);
    QByteArray stream = "<?xs-00000000?>\r\n";
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        if (i < a.size())
            stream += onTheLine(machineA, a[i]);
        if (i < b.size())
            stream += onTheLine(machineB, b[i]);
    }
    stream += "\r\n<?xs-3FFB0001?>\r\n\r\n<?xs-3ffb0002?>\r\n"; // readers accept any case
    const Demuxed d = demux(stream, maxPiece);
    QCOMPARE(d.machines.value(machineA), joined(a));
    QCOMPARE(d.machines.value(machineB), joined(b));
    QCOMPARE(d.opened, 2);
    QCOMPARE(d.closed, 2);
    QCOMPARE(d.reboots, 1);
    QVERIFY2(d.log.isEmpty(), qPrintable(d.log.join(QLatin1Char('\n'))));
    QVERIFY2(d.notes.isEmpty(), qPrintable(d.notes.join(QLatin1Char('\n'))));

    // And each machine's bytes frame into exactly its messages.
    XsbugMessageReader reader;
    QVERIFY(reader.feed(d.machines.value(machineB)));
    QCOMPARE(reader.takeMessages().size(), size_t(b.size()));
}

void TestSerial::garbageBootLinesAndBadMarkersGoToTheLogNeverToAMachine()
{
    const QList<QByteArray> a = transcriptMessages(corpus("gc_alloc.profile-on-start.xsbug"));
    QRandomGenerator random(3);
    QByteArray garbage(20000, Qt::Uninitialized);
    for (char& c : garbage)
        c = char(0x80 + random.bounded(0x80)); // what a wrong speed reads: no text
    QByteArray stream = garbage;
    stream += "\r\nets Jun  8 2016 00:22:57\r\nrst:0x1 (POWERON_RESET),boot:0x13\r\n";
    stream += "<?xs-00000000?>\r\n";
    stream += "\r\n<?xs.12G45678?>\r\n";                // a PI with a bad ID
    stream += "I (312) cpu_start: <Starting> scheduler on PRO CPU.\r\n";
    stream += "\r\n<?xs.00000000?>\r\n";                // names no machine
    stream += "<xsbug><log>no machine selected</log></xsbug>\r\n"; // a bare message: no machine yet
    for (qsizetype i = 0; i < a.size(); ++i) {
        stream += onTheLine(machineA, a[i]);
        if (i == 3)
            stream += "E (4021) wifi: esp_wifi_connect 1148 wifi not start\r\n";
    }
    for (int maxPiece : {1, 13, 4096}) {
        const Demuxed d = demux(stream, maxPiece, quint32(maxPiece));
        QCOMPARE(d.machines.value(machineA), joined(a));
        QCOMPARE(d.machines.size(), 1);
        QVERIFY2(d.log.contains(QLatin1String("rst:0x1 (POWERON_RESET),boot:0x13")), qPrintable(d.log.join(u'|')));
        QVERIFY(d.log.contains(QLatin1String("I (312) cpu_start: <Starting> scheduler on PRO CPU.")));
        QVERIFY(d.log.contains(QLatin1String("E (4021) wifi: esp_wifi_connect 1148 wifi not start")));
        QVERIFY(d.log.contains(QLatin1String("<xsbug><log>no machine selected</log></xsbug>")));
        const QString notes = d.notes.join(u'|');
        QVERIFY2(notes.contains(QLatin1String("bad machine ID was ignored: <?xs.12G")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("unreadable output")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("names no machine")), qPrintable(notes));
    }
}

void TestSerial::aResetInsideAMessageDropsItAndTheRebootClosesEveryMachine()
{
    const QList<QByteArray> a = transcriptMessages(corpus("gc_alloc.profile-on-start.xsbug"));
    QByteArray stream = onTheLine(machineA, a[0]) + onTheLine(machineB, a[0]) + onTheLine(machineA, a[1]);
    stream += "\r\n<?xs.3FFB0001?>\r\n<xsbug><log>half a mess"; // the board resets here
    stream += "ets Jun  8 2016 00:22:57\r\nrst:0xc (SW_CPU_RESET),boot:0x13\r\n<?xs-00000000?>\r\n";
    stream += onTheLine(machineA, a[0]);
    const Demuxed d = demux(stream, 5);
    QCOMPARE(d.machines.value(machineA), joined({a[0], a[1], a[0]}));
    QCOMPARE(d.machines.value(machineB), joined({a[0]}));
    QCOMPARE(d.reboots, 1);
    QCOMPARE(d.closed, 2);
    QCOMPARE(d.opened, 3); // A, B, then A again after the reboot
    QVERIFY2(d.notes.join(u'|').contains(QLatin1String("machine 3FFB0001: a message cut by <?xs-00000000?>")),
             qPrintable(d.notes.join(u'|')));
    QVERIFY2(d.log.contains(QLatin1String("rst:0xc (SW_CPU_RESET),boot:0x13")), qPrintable(d.log.join(u'|')));
}

void TestSerial::binaryFramesAreReadAndCutOnesAreDropped()
{
    const QByteArray reply = QByteArray::fromHex("0500070000") + "esp32";
    QByteArray stream = "\r\n<?xs#3FFB0001?>\r\n" + QByteArray::fromHex("000a") + reply;
    stream += "\r\n<?xs#3FFB0001?>\r\n" + QByteArray::fromHex("0040") + QByteArray::fromHex("0500"); // cut short
    stream += onTheLine(machineA, "<xsbug><log>after</log></xsbug>");
    stream += "\r\n<?xs#3FFB0001?>\r\n" + QByteArray::fromHex("ffff"); // longer than any reply
    stream += onTheLine(machineA, "<xsbug><log>still</log></xsbug>");
    stream += "\r\n<?xs#3FFB0001?>\r\n" + QByteArray::fromHex("0010") + QByteArray::fromHex("050001"); // quiet
    for (int maxPiece : {1, 3, 1000}) {
        const Demuxed d = demux(stream, maxPiece);
        QCOMPARE(d.frames, QList<QByteArray>{reply});
        QCOMPARE(d.machines.value(machineA), joined({"<xsbug><log>after</log></xsbug>", "<xsbug><log>still</log></xsbug>"}));
        const QString notes = d.notes.join(u'|');
        QVERIFY2(notes.contains(QLatin1String("was cut short or garbled")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("claims 65535 bytes, not a reply")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("stopped after 3 of 16 bytes")), qPrintable(notes));
    }
}

void TestSerial::tenMegabytesOfGarbageKeepMemoryBounded()
{
    SerialDemux d;
    QRandomGenerator random(11);
    QByteArray piece(64 * 1024, Qt::Uninitialized);
    qsizetype largest = 0;
    size_t notes = 0, machines = 0;
    for (int i = 0; i < 160; ++i) { // 10 MB of random bytes, '<' and LF included
        for (char& c : piece)
            c = char(random.bounded(256));
        for (const auto& e : d.feed(piece)) {
            notes += e.kind == SerialDemux::Event::Kind::Note;
            machines += e.kind == SerialDemux::Event::Kind::Message;
        }
        largest = qMax(largest, d.bufferedBytes());
    }
    // Random bytes may spell a PI now and then; what matters: nothing grows without bound.
    QVERIFY2(largest < 128 * 1024, qPrintable(QString::number(largest)));
    QVERIFY(notes > 0);
    const QList<QByteArray> a = transcriptMessages(corpus("gc_alloc.profile-on-start.xsbug"));
    Demuxed after;
    const QByteArray more = "\r\n<?xs-00000000?>\r\n" + onTheLine(machineA, a[0]);
    after.take(d.feed(more));
    QCOMPARE(after.machines.value(machineA), joined({a[0]}));
}

void TestSerial::commandsCarryTheMachinesMarker()
{
    QCOMPARE(SerialMachineChannel::addressed(machineA, "\r\n<go/>\r\n\r\n<start-profiling/>\r\n"),
             QByteArray("\r\n<?xs.3FFB0001?>\r\n<go/>\r\n\r\n<?xs.3FFB0001?>\r\n<start-profiling/>\r\n"));
    QCOMPARE(SerialMachineChannel::addressed(machineB, "<step/>\r\n"), QByteArray("\r\n<?xs.3FFB0002?>\r\n<step/>\r\n"));
}

void TestSerial::binaryCommandsAndRepliesFollowAppendixA()
{
    using namespace SerialBinary;
    QCOMPARE(command(machineA, Command::Restart, 0), QByteArray("\r\n<?xs#3FFB0001?>") + QByteArray::fromHex("000101"));
    QCOMPARE(command(machineA, Command::McuName, 0x1234),
             QByteArray("\r\n<?xs#3FFB0001?>") + QByteArray::fromHex("0003111234"));
    QCOMPARE(command(machineA, Command::InstallFragment, 7, QByteArray::fromHex("00000004") + "XS_A"),
             QByteArray("\r\n<?xs#3FFB0001?>") + QByteArray::fromHex("000b030007") + QByteArray::fromHex("00000004") + "XS_A");
    const auto reply = parseReply(QByteArray::fromHex("051234fffd"));
    QVERIFY(reply);
    QCOMPARE(reply->requestId, quint16(0x1234));
    QCOMPARE(reply->code, qint16(-3));
    QVERIFY(codeText(-3).contains(QLatin1String("could not write the mod")));
    QVERIFY(!parseReply(QByteArray::fromHex("0312")));
    QCOMPARE(xsVersion(QByteArray::fromHex("100400")), QStringLiteral("16.4.0"));
    QCOMPARE(pixelFormat(QByteArray::fromHex("0701")), QStringLiteral("RGB565LE, rotated 90°"));
    QCOMPARE(macAddress(QByteArray::fromHex("240ac4123456")), QStringLiteral("24:0A:C4:12:34:56"));
    QCOMPARE(text(QByteArray("esp32\0junk", 10)), QStringLiteral("esp32"));
    QCOMPARE(installSpace(QByteArray::fromHex("0001000000000400"))->bytes, quint32(65536));
    QCOMPARE(installSpace(QByteArray::fromHex("0001000000000400"))->fragmentBytes, quint32(1024));
    QByteArray archive = QByteArray::fromHex("00000020") + "XS_A" + QByteArray::fromHex("0000000c") + "VERS" +
                         QByteArray(16, 'x');
    QCOMPARE(checkArchive(archive), QString());
    QVERIFY(checkArchive(archive.left(30)).contains(QLatin1String("header says 32 bytes but it has 30")));
    QVERIFY(checkArchive(QByteArray(40, 'x')).contains(QLatin1String("does not begin as a mod archive")));
}

void TestSerial::portSpecsParseAsListenTakesThem()
{
    QString error;
    auto spec = SerialPortSpec::parse(QStringLiteral("/dev/ttyUSB0"), &error);
    QVERIFY(spec);
    QCOMPARE(spec->port, QStringLiteral("/dev/ttyUSB0"));
    QCOMPARE(spec->baud, 921600);
    spec = SerialPortSpec::parse(QStringLiteral("303a:1001@115200"), &error);
    QVERIFY(spec && spec->byUsbId);
    QCOMPARE(spec->vendorId, quint16(0x303a));
    QCOMPARE(spec->productId, quint16(0x1001));
    QCOMPARE(spec->baud, 115200);
    QVERIFY(spec->resolve(&error).isEmpty()); // no such board here
    QVERIFY(error.contains(QLatin1String("303a:1001")));
    QVERIFY(!SerialPortSpec::parse(QStringLiteral("/dev/ttyUSB0@fast"), &error));
    QVERIFY(error.contains(QLatin1String("positive number of baud")));
    QVERIFY(!SerialPortSpec::parse(QStringLiteral("@9600"), &error));
}

bool TestSerial::startDevice(QProcess& device, const QStringList& arguments)
{
    QFile::remove(link());
    device.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    device.start(QStringLiteral("python3"), QStringList{QStringLiteral(XSPROF_SERIAL_DEVICE), QStringLiteral("--link"), link()}
                                                 << arguments);
    if (!device.waitForStarted(5000))
        return false;

    QByteArray out;
    QDeadlineTimer deadline(10000);
    while (!out.contains("ready") && !deadline.hasExpired()) {
        device.waitForReadyRead(100);
        out += device.readAllStandardOutput();
    }
    return out.contains("ready");
}

void TestSerial::compareWithOracle(MachineSession* session, const char* stem)
{
    const auto profile = session->profileSnapshot();
    QVERIFY(profile);
    const nlohmann::json expected = ExpectedProfile::readFile(corpus(stem).toStdString() + ".expected.json");
    const auto errors = ExpectedProfile::compare(*profile, ProfileAnalysis::compute(*profile),
                                                 ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s: %s", stem, errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
}

void TestSerial::twoMachinesOnAPseudoTerminalMatchTheOracle()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("sim_fibapp.profile-on-start.xsbug"),
                                 QStringLiteral("--machine"), QStringLiteral("3FFB0002:") + corpus("sim_worker_main.xsbug")}));
    LiveDevice live(link());
    SessionSettings settings;
    settings.profileOnStart = true;
    live.port.setSessionSettings(settings);
    QList<MachineSession*>& machines = live.machines;
    QStringList& log = live.log;
    connect(&live.port, &SerialConnection::machineConnected, this,
            [](MachineSession* s) { connect(s, &MachineSession::broke, s, &MachineSession::go); });
    QVERIFY2(live.port.open(), qPrintable(live.port.errorString()));
    QVERIFY2(log.join(u'|').contains(QLatin1String("no modem lines")), qPrintable(log.join(u'|')));
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 2, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(!machines[0]->isConnected() && !machines[1]->isConnected(), 30000);
    QCOMPARE(machines[0]->name(), QStringLiteral("fibapp"));
    QCOMPARE(machines[1]->name(), QStringLiteral("simple"));
    QVERIFY(machines[0]->displayName().contains(QLatin1String("#3FFB0001")));
    compareWithOracle(machines[0], "sim_fibapp.profile-on-start");
    compareWithOracle(machines[1], "sim_worker_main");
    QVERIFY(device.waitForFinished(10000));
    QCOMPARE(device.exitCode(), 0);
}

void TestSerial::aRebootInTheMiddleEndsTheMachinesAndTheNextOnesLogIn()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--reboot-after"), QStringLiteral("40")}));
    LiveDevice live(link());
    QList<MachineSession*>& machines = live.machines;
    const QStringList& log = live.log;
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 2, 15000);
    QTRY_VERIFY(!machines[0]->isConnected()); // the reboot ended it (queued); what it sent stays
    QVERIFY(machines[0]->hasProfile());
    QTRY_VERIFY_WITH_TIMEOUT(!machines[1]->isConnected(), 20000);
    compareWithOracle(machines[1], "gc_alloc.profile-on-start");
    const QString all = log.join(u'|');
    QVERIFY2(all.contains(QLatin1String("The board restarted.")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("rst:0x1 (POWERON_RESET)")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("a message cut by <?xs-00000000?>")), qPrintable(all));
}

void TestSerial::garbageAtTheStartGoesToTheDeviceLog()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--garbage")}));
    LiveDevice live(link());
    QList<MachineSession*>& machines = live.machines;
    const QStringList& notes = live.log;
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 1, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(!machines[0]->isConnected(), 20000);
    compareWithOracle(machines[0], "gc_alloc.profile-on-start");
    const QString all = notes.join(u'|');
    QVERIFY2(all.contains(QLatin1String("unreadable output (is the speed right?)")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("the port is at 921600 baud")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("bad machine ID")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("was cut short or garbled")), qPrintable(all));
}

void TestSerial::aStartWhereNoMachineLogsInIsRetried()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--silent-first-open")}));
    LiveDevice live(link());
    SerialConnection::Options options;
    options.stallTimeoutMs = 700;
    live.port.setOptions(options);
    QList<MachineSession*>& machines = live.machines;
    const QStringList& notes = live.log;
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 1, 15000);
    const QString all = notes.join(u'|');
    QVERIFY2(all.contains(QLatin1String("No machine logged in within 0.7 s: restarting the board (attempt 1 of 3)")),
             qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("reopening")), qPrintable(all));
    QTRY_VERIFY_WITH_TIMEOUT(!machines[0]->isConnected(), 20000);
    compareWithOracle(machines[0], "gc_alloc.profile-on-start");
}

void TestSerial::aPortThatGoesAwayIsReopenedWhenItComesBack()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--unplug-after"), QStringLiteral("30")}));
    LiveDevice live(link());
    QList<MachineSession*>& machines = live.machines;
    const QStringList& notes = live.log;
    QList<SerialConnection::State> states;
    connect(&live.port, &SerialConnection::stateChanged, this, [&](SerialConnection::State s) { states << s; });
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 2, 20000);
    QTRY_VERIFY(!machines[0]->isConnected()); // its end is queued
    QVERIFY(machines[0]->hasProfile()); // what came before the port went is kept
    QTRY_VERIFY_WITH_TIMEOUT(!machines[1]->isConnected(), 20000);
    compareWithOracle(machines[1], "gc_alloc.profile-on-start");
    const QString all = notes.join(u'|');
    QVERIFY2(all.contains(QLatin1String("went away")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("is back: reconnected.")), qPrintable(all));
    QVERIFY(states.contains(SerialConnection::State::WaitingForPort));
    QCOMPARE(live.port.state(), SerialConnection::State::Open);
}

// listen --serial started before the board is plugged in: the port is waited for, and its
// machines are debugged once it appears. Without waiting, the same port is an error at once.
void TestSerial::aPortNotYetThereIsWaitedFor()
{
    QFile::remove(link());
    SerialConnection failing(*SerialPortSpec::parse(link(), nullptr));
    QVERIFY(!failing.open());
    QVERIFY2(failing.errorString().contains(link()), qPrintable(failing.errorString()));

    LiveDevice live(link());
    QVERIFY(live.port.open(SerialConnection::WhenAbsent::Wait));
    QCOMPARE(live.port.state(), SerialConnection::State::WaitingForPort);
    QVERIFY2(live.log.join(u'|').contains(QLatin1String("Waiting for the port to appear: ")), qPrintable(live.log.join(u'|')));
    QTest::qWait(300); // a few looks at a port that is still not there
    QCOMPARE(live.port.state(), SerialConnection::State::WaitingForPort);

    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug")}));
    QTRY_COMPARE_WITH_TIMEOUT(live.port.state(), SerialConnection::State::Open, 5000);
    QVERIFY2(live.log.join(u'|').contains(QLatin1String("Connected to")), qPrintable(live.log.join(u'|')));
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 1, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(!live.machines[0]->isConnected(), 20000);
    compareWithOracle(live.machines[0], "gc_alloc.profile-on-start");
}

void TestSerial::deviceInfoIsAskedAndEveryAnswerChecked()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--keep-open"), QStringLiteral("--stay"), QStringLiteral("20")}));
    LiveDevice live(link());
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 1, 15000);
    QCOMPARE(live.port.commandMachine(), machineA);
    DeviceInfoQuery query(&live.port);
    std::optional<SerialDeviceInfo> info;
    connect(&query, &DeviceInfoQuery::finished, this, [&](const SerialDeviceInfo& i) { info = i; });
    query.start();
    QTRY_VERIFY_WITH_TIMEOUT(info.has_value(), 10000);
    QCOMPARE(info->mcu, QStringLiteral("esp32"));
    QCOMPARE(info->macAddress, QStringLiteral("24:0A:C4:12:34:56"));
    QCOMPARE(info->xsVersion, QStringLiteral("16.4.0"));
    QCOMPARE(info->appSignature, QStringLiteral("com.example.fibapp"));
    QCOMPARE(info->pixelFormat, QStringLiteral("RGB565LE, rotated 90°"));
    QVERIFY(info->installSpace);
    QCOMPARE(info->installSpace->bytes, quint32(65536));
    QVERIFY2(info->problems.isEmpty(), qPrintable(info->problems.join(u'|')));

    // A command the device does not know: refused, in words.
    std::optional<SerialConnection::Result> refused;
    live.port.request(SerialBinary::Command::ModInfo, QByteArray(4, '\0'), [&](const SerialConnection::Result& r) { refused = r; });
    QTRY_VERIFY_WITH_TIMEOUT(refused.has_value(), 10000);
    QVERIFY(!refused->ok);
    QCOMPARE(refused->error, QStringLiteral("mod info: the device does not know this command"));
}

void TestSerial::aModIsInstalledInFragmentsThenTheBoardRestarts()
{
    const QString modOut = m_dir.filePath(QStringLiteral("installed.bin"));
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--keep-open"), QStringLiteral("--stay"), QStringLiteral("20"),
                                 QStringLiteral("--mod-out"), modOut}));
    LiveDevice live(link());
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 1, 15000);
    ModInstaller installer(&live.port);
    QList<qint64> progress;
    std::optional<std::pair<bool, QString>> result;
    connect(&installer, &ModInstaller::progress, this, [&](qint64 sent, qint64) { progress << sent; });
    connect(&installer, &ModInstaller::finished, this, [&](bool ok, const QString& m) { result = {ok, m}; });
    const QByteArray archive = modArchive(10000);
    QString error;
    QVERIFY2(installer.install(archive, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 15000);
    QVERIFY2(result->first, qPrintable(result->second));
    QCOMPARE(result->second, QStringLiteral("Mod installed (10000 bytes); restarting the board."));
    QFile installed(modOut);
    QVERIFY(installed.open(QIODevice::ReadOnly));
    QCOMPARE(installed.readAll(), archive);
    QCOMPARE(progress.size(), 1 + 1 + 10 + 1); // start, the first 4 bytes, 10 fragments of 1 KB at most, XS_A
    QCOMPARE(progress.last(), qint64(archive.size()));
    // Restarted: the machine leaves and logs in again.
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 2, 15000);
    QTRY_VERIFY(!live.machines[0]->isConnected()); // its end is queued behind the new login
    QVERIFY2(live.log.join(u'|').contains(QLatin1String("Restart sent to machine 3FFB0001.")), qPrintable(live.log.join(u'|')));

    // Uninstall: erased, then restarted again.
    result.reset();
    installer.uninstall();
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
    QVERIFY2(result->first, qPrintable(result->second));
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 3, 15000);
    QCOMPARE(QFileInfo(modOut).size(), qint64(0));
}

void TestSerial::modFailuresAreSaidInWords()
{
    DeviceProcess device;
    QVERIFY(startDevice(device, {QStringLiteral("--machine"), QStringLiteral("3FFB0001:") + corpus("gc_alloc.profile-on-start.xsbug"),
                                 QStringLiteral("--keep-open"), QStringLiteral("--stay"), QStringLiteral("20"),
                                 QStringLiteral("--install-space"), QStringLiteral("5000"), QStringLiteral("--fail-fragment"),
                                 QStringLiteral("3")}));
    LiveDevice live(link());
    QVERIFY(live.port.open());
    QTRY_COMPARE_WITH_TIMEOUT(live.machines.size(), 1, 15000);
    ModInstaller installer(&live.port);
    std::optional<std::pair<bool, QString>> result;
    connect(&installer, &ModInstaller::finished, this, [&](bool ok, const QString& m) { result = {ok, m}; });
    QString error;
    QVERIFY(!installer.install(QByteArray(100, 'x'), &error));
    QVERIFY2(error.contains(QLatin1String("does not begin as a mod archive")), qPrintable(error));

    QVERIFY(installer.install(modArchive(10000), &error));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
    QVERIFY(!result->first);
    QCOMPARE(result->second, QStringLiteral("Install Mod: the mod needs 10000 bytes, the device has room for 5000 bytes"));

    result.reset();
    QVERIFY(installer.install(modArchive(4000), &error));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
    QVERIFY(!result->first);
    QVERIFY2(result->second.contains(QLatin1String("Install Mod failed at byte 1032 of 4000: install mod: the device could "
                                                   "not write the mod to flash")),
             qPrintable(result->second));
    QCOMPARE(live.machines.size(), 1); // no restart after a failure

    // Cancelled after the first fragment: said, and no restart either.
    result.reset();
    connect(&installer, &ModInstaller::progress, this, [&](qint64 sent, qint64) {
        if (sent > 0)
            installer.cancel();
    });
    QVERIFY(installer.install(modArchive(4000), &error));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
    QVERIFY(!result->first);
    QVERIFY2(result->second.startsWith(QLatin1String("Install Mod cancelled after 4 bytes of 4000 bytes: the mod on the "
                                                     "device is incomplete")),
             qPrintable(result->second));
    QCOMPARE(live.machines.size(), 1);
}

QTEST_GUILESS_MAIN(TestSerial)
#include "tst_serial.moc"
