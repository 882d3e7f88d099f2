// Serial ingest: is a board at 921 600 baud limited by the line or by xsprof? Two recorded
// machines (sim_fibapp, sim_worker_main) interleaved as an ESP32 writes them (<?xs.ID?> before
// every message, boot lines and ESP-IDF log lines between), read in 4 KB pieces as a port
// delivers them, demultiplexed by SerialDemux and parsed by one SessionParser per machine (what
// each MachineSession runs). Prints CPU seconds per MB, and that as a share of the line's time
// for a MB (8N1: 10 bits a byte, 92 160 bytes/s at 921 600 baud). Median of 5 runs.
#include "protocol/serial/serialdemux.h"
#include "protocol/sessionparser.h"

#include "../protocol/transcriptmessages.h"

#include <QHash>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

namespace {

double cpuSeconds()
{
    return double(std::clock()) / CLOCKS_PER_SEC;
}

} // namespace

int main()
{
    const QString dir = QStringLiteral(XSPROF_BENCH_SHARED_DIR "/corpus/xsbug/");
    const QList<QByteArray> a = transcriptMessages(dir + QStringLiteral("sim_fibapp.profile-on-start.xsbug"));
    const QList<QByteArray> b = transcriptMessages(dir + QStringLiteral("sim_worker_main.xsbug"));
    if (a.isEmpty() || b.isEmpty()) {
        std::fprintf(stderr, "bench_serial: the corpus recordings are missing under %s\n", qPrintable(dir));
        return 1;
    }
    QByteArray stream = "ets Jun  8 2016 00:22:57\r\nrst:0x1 (POWERON_RESET),boot:0x13\r\n<?xs-00000000?>\r\n";
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (i < a.size())
            stream += "\r\n<?xs.3FFB0001?>\r\n" + a[i] + "\r\n";
        if (i < b.size())
            stream += "\r\n<?xs.3FFB0002?>\r\n" + b[i] + "\r\n";
        if (i % 100 == 0)
            stream += "I (4021) wifi: station: 24:0a:c4:12:34:56 join, AID=1\r\n";
    }
    stream += "\r\n<?xs-3FFB0001?>\r\n\r\n<?xs-3FFB0002?>\r\n";
    constexpr int repeats = 10; // ~9.5 MB a run: the sessions start again after each reboot marker
    constexpr qsizetype piece = 4096;
    std::vector<double> perMb;
    size_t messages = 0;
    for (int run = 0; run < 5; ++run) {
        const double start = cpuSeconds();
        SerialDemux demux;
        QHash<quint32, std::shared_ptr<SessionParser>> parsers;
        messages = 0;
        for (int r = 0; r < repeats; ++r) {
            for (qsizetype at = 0; at < stream.size(); at += piece) {
                for (auto& e : demux.feed(QByteArrayView(stream).sliced(at, std::min(piece, stream.size() - at)))) {
                    if (e.kind == SerialDemux::Event::Kind::MachineOpened)
                        parsers.insert(e.machine, std::make_shared<SessionParser>());
                    else if (e.kind == SerialDemux::Event::Kind::Message) {
                        ++messages;
                        parsers.value(e.machine)->feed(e.bytes);
                    } else if (e.kind == SerialDemux::Event::Kind::MachineClosed)
                        parsers.value(e.machine)->finish();
                }
            }
        }
        const double mb = double(stream.size()) * repeats / (1 << 20);
        perMb.push_back((cpuSeconds() - start) / mb);
    }
    std::sort(perMb.begin(), perMb.end());
    const double median = perMb[perMb.size() / 2];
    const double lineSecondsPerMb = double(1 << 20) / (921600.0 / 10);
    std::printf("serial ingest: %.1f MB a run (%zu messages), demultiplexed and parsed in 4 KB reads\n",
                double(stream.size()) * repeats / (1 << 20), messages);
    std::printf("  CPU per MB: %.4f s (median of 5; runs %.4f..%.4f)\n", median, perMb.front(), perMb.back());
    std::printf("  the line at 921600 baud needs %.1f s for a MB: xsprof uses %.2f%% of one core to keep up\n",
                lineSecondsPerMb, 100.0 * median / lineSecondsPerMb);
    return 0;
}
