#include "stresspeers.h"

#include "expectedprofile.h"

#include "model/profileanalysis.h"
#include "protocol/machinesession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <algorithm>
#include <cstdio>

namespace {

const QString shared = QStringLiteral(XSPROF_SHARED_DIR);

QProcess* startPeer(const QStringList& arguments, QObject* parent)
{
    auto* p = new QProcess(parent);
    p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p->start(QStringLiteral("python3"), arguments);
    return p;
}

} // namespace

StressPeers::StressPeers(quint16 port, int machineCount, int repeat, QObject* parent) : m_repeat(repeat)
{
    const QString portText = QString::number(port);
    const QString hostile = QStringLiteral(XSPROF_STRESS_DIR "/hostile_peers.py");
    const QString transcript = shared + QStringLiteral("/corpus/xsbug/gc_alloc.profile-on-start.xsbug");
    m_peers = {
        startPeer({shared + QStringLiteral("/tools/xs_replay.py"), transcript, QStringLiteral("--connect"),
                   QStringLiteral("127.0.0.1:") + portText, QStringLiteral("--machines"), QString::number(machineCount),
                   QStringLiteral("--repeat"), QString::number(repeat), QStringLiteral("--quiet"),
                   QStringLiteral("--timeout"), QStringLiteral("300"), QStringLiteral("--summary"),
                   QStringLiteral("/dev/null")},
                  parent),
        startPeer({hostile, QStringLiteral("garbage"), portText, QStringLiteral("1024")}, parent),
        startPeer({hostile, QStringLiteral("noise"), portText, QStringLiteral("1024")}, parent),
        startPeer({hostile, QStringLiteral("slow"), portText, QStringLiteral("90")}, parent),
        startPeer({hostile, QStringLiteral("churn"), portText, QStringLiteral("1000")}, parent),
    };
    m_names = {QStringLiteral("replay"), QStringLiteral("garbage"), QStringLiteral("noise"), QStringLiteral("slow"),
               QStringLiteral("churn")};
    if (const QByteArray only = qgetenv("XSPROF_STRESS_ONLY"); !only.isEmpty()) {
        for (int i = 0; i < m_peers.size(); ++i) {
            if (QString::fromLatin1(only) != m_names[i])
                m_peers[i]->kill();
        }
    }
}

bool StressPeers::running() const
{
    return std::any_of(m_peers.begin(), m_peers.end(), [](QProcess* p) { return p->state() != QProcess::NotRunning; });
}

void StressPeers::waitForAll(int limitMs, const std::function<void()>& tick)
{
    QElapsedTimer wall;
    wall.start();
    qint64 lastTick = -100;
    while (running() && wall.elapsed() < limitMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (wall.elapsed() - lastTick >= 100) { // reading /proc at every turn would be the load
            tick();
            lastTick = wall.elapsed();
        }
    }
    for (int i = 0; i < 200; ++i) // what the last peers sent is parsed and shown
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

void StressPeers::printOutcome() const
{
    for (int i = 0; i < m_peers.size(); ++i)
        std::printf("peer %-8s exit %d  %s", qPrintable(m_names[i]), m_peers[i]->exitCode(),
                    m_peers[i]->readAllStandardOutput().constData());
}

bool StressPeers::isExactReplay(const MachineSession& session) const
{
    static const nlohmann::json expected = ExpectedProfile::profilesOf(ExpectedProfile::readFile(
        QString(shared + QStringLiteral("/corpus/xsbug/gc_alloc.profile-on-start.expected.json")).toStdString()))[0];
    const std::shared_ptr<const xsprof::Profile> p = session.profileSnapshot();
    if (!p)
        return false;
    const auto a = xsprof::ProfileAnalysis::compute(*p);
    bool ok = p->samples.size() == size_t(m_repeat) * expected.at("sample_count").get<size_t>() &&
              ExpectedProfile::close(a.functions.duration(), m_repeat * expected.at("duration").get<double>());
    for (const auto& f : expected.at("functions")) {
        for (xsprof::FrameId id : a.functions.functions()) {
            if (p->frames.xsId[id.value] == f.at("id").get<int64_t>())
                ok = ok && ExpectedProfile::close(a.functions.self(id), m_repeat * f.at("self").get<double>());
        }
    }
    return ok;
}
