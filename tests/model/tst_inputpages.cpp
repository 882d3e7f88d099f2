// The loader gives back the pages of a file's bytes as their pieces are parsed (InputPages):
// they come back from the file, unchanged, whenever something must read the bytes again (the
// reference parser naming an error found late in the file), and a file changed in between is
// refused rather than read wrong.
#include "model/profileloader.h"
#include "model/json/inputpages.h"
#include "model/json/paddedbytes.h"
#include "model/json/simdjsondocument.h"
#include "model/taskcontrol.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <fstream>
#include <iterator>
#include <string>

using namespace xsprof;

namespace {

// A file over 4 MB is read piece by piece from the file: spaces before the root's end make a
// profile that large without the time its numbers take to read under ASan.
std::string paddedToStreamedSize(std::string json)
{
    constexpr size_t streamed = (4 << 20) + 4096;
    if (json.size() < streamed)
        json.insert(json.size() - 1, streamed - json.size(), ' ');
    return json;
}

// A .cpuprofile whose samples and timeDeltas arrays are several pieces long, padded so that the
// loader reads it piece by piece from the file; `lateSample` and `lateDelta` replace one
// element near the end of each (to put a fault where the pages before it are already given
// back).
std::string largeCpuProfile(const std::string& lateSample = {}, const std::string& lateDelta = {},
                            const std::string& lateLine = {})
{
    constexpr int nodes = 3000, samples = 100000;
    std::string json = "{\"nodes\":[";
    for (int i = 1; i <= nodes; ++i) {
        const std::string line = i == nodes - 10 && !lateLine.empty() ? lateLine : std::to_string(i);
        json += (i > 1 ? ",{\"id\":" : "{\"id\":") + std::to_string(i) + ",\"callFrame\":{\"functionName\":\"fn_" +
            std::to_string(i % 700) + "\",\"scriptId\":\"1\",\"url\":\"file:///m" + std::to_string(i % 9) +
            ".js\",\"lineNumber\":" + line + ",\"columnNumber\":2}";
        if (i > 1)
            json += ",\"parent\":" + std::to_string(i / 2);
        json += "}";
    }
    json += "],\"startTime\":1000,\"endTime\":9000000,\"samples\":[";
    for (int i = 0; i < samples; ++i)
        json += (i ? "," : "") + (i == samples - 10 && !lateSample.empty() ? lateSample : std::to_string(1 + (int64_t(i) * 7919) % nodes));
    json += "],\"timeDeltas\":[";
    for (int i = 0; i < samples; ++i)
        json += (i ? "," : "") + (i == samples - 10 && !lateDelta.empty() ? lateDelta : std::to_string(10 + i % 31));
    json += "]}";
    return paddedToStreamedSize(json);
}

// Letters that differ from page to page, so that a page read back from the wrong place shows.
std::string letters(size_t size, char first, size_t step)
{
    std::string bytes(size, '\0');
    for (size_t i = 0; i < size; ++i)
        bytes[i] = char(first + (i * step + i / 4096) % 26);
    return bytes;
}

std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& bytes)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// A file, its bytes in a loader's buffer, and the InputPages of that buffer.
struct LoadedFile {
    explicit LoadedFile(std::string content)
        : bytes(std::move(content)), path(writeFile(dir, "bytes", bytes)), copy(bytes),
          pages(copy.data(), copy.size(), path, std::filesystem::last_write_time(path))
    {
    }
    QTemporaryDir dir;
    const std::string bytes;
    const std::string path;
    PaddedBytes copy; // its data need not start on a page
    InputPages pages;
};

} // namespace

class TestInputPages : public QObject {
    Q_OBJECT

private slots:
    void givenBackPagesComeBackFromTheFile()
    {
        LoadedFile f(letters(3 << 20, 'a', 31));
        // Walking forward piece by piece: each call gives back the whole
        // pages before `end` not given back yet.
        size_t from = 1000;
        from = f.pages.release(from, 1200); // less than a page: nothing
        QCOMPARE(from, size_t(1000));
        for (size_t end = 256 << 10; end <= (2 << 20); end += 256 << 10)
            from = f.pages.release(from, end + 17);
        QVERIFY(from > (2 << 20) - 4096 && from <= (2 << 20) + 17);
        QVERIFY(f.pages.releasedBytes() >= (2 << 20) - 4096);
#if defined(__linux__)
        QCOMPARE(f.copy.data()[1 << 20], '\0'); // given back: the system's zero page
#endif
        const size_t before = f.pages.releasedBytes();
        QVERIFY(f.pages.makeReadable(500000, 600000));
        QVERIFY(f.pages.releasedBytes() > 0 && f.pages.releasedBytes() < before); // only what overlaps came back
        QVERIFY(f.copy.view().substr(500000, 100000) == std::string_view(f.bytes).substr(500000, 100000));
        QVERIFY(f.pages.restoreAll());
        QCOMPARE(f.pages.releasedBytes(), size_t(0));
        QVERIFY(f.copy.view() == f.bytes);
    }

    // The loader gives back a whole array at once and reads it back one piece at a time.
    void onlyThePagesAskedForComeBack()
    {
        LoadedFile f(letters(3 << 20, 'a', 7));
        f.pages.release(0, f.bytes.size());
        const size_t released = f.pages.releasedBytes();
        QVERIFY(released >= f.bytes.size() - 2 * 4096);
        QVERIFY(f.pages.makeReadable(0, 10));
        QVERIFY(f.copy.view().substr(0, 10) == std::string_view(f.bytes).substr(0, 10));
        QVERIFY(f.pages.makeReadable(1500000, 1600000));
        QVERIFY(f.copy.view().substr(1500000, 100000) == std::string_view(f.bytes).substr(1500000, 100000));
        const size_t back = released - f.pages.releasedBytes();
        QVERIFY2(back >= 100000 && back <= 100000 + 4 * 4096, std::to_string(back).c_str()); // those pages only
#if defined(__linux__)
        QCOMPARE(f.copy.data()[2500000], '\0'); // still given back
#endif
        QVERIFY(f.pages.restoreAll());
        QCOMPARE(f.pages.releasedBytes(), size_t(0));
        QVERIFY(f.copy.view() == f.bytes);
    }

    // What the parsers get: the bytes as in the file, whether given back or not, without the
    // loader's buffer coming back.
    void copiesComeFromTheFileAndTheBufferStaysGivenBack()
    {
        LoadedFile f(letters(1 << 20, 'A', 13));
        f.pages.release(300000, 700000); // the bytes around it stay in the buffer
        const size_t released = f.pages.releasedBytes();
        QVERIFY(released > 390000);
        std::string out(600000, '\0');
        QVERIFY(f.pages.copyOut(200000, 800000, out.data()));
        QVERIFY(out == std::string_view(f.bytes).substr(200000, 600000));
        QCOMPARE(f.pages.releasedBytes(), released);
#if defined(__linux__)
        QCOMPARE(f.copy.data()[500000], '\0');
#endif
        std::filesystem::last_write_time(f.path, std::filesystem::last_write_time(f.path) + std::chrono::seconds(5));
        QVERIFY(!f.pages.copyOut(400000, 500000, out.data())); // changed: refused, not read wrong
        QVERIFY(f.pages.copyOut(0, 1000, out.data())); // nothing given back there: no file read
    }

    void aFileChangedSinceItWasReadIsNotReadBack()
    {
        LoadedFile f(std::string(1 << 20, 'x'));
        f.pages.release(0, f.bytes.size());
        std::filesystem::last_write_time(f.path, std::filesystem::last_write_time(f.path) + std::chrono::seconds(5));
        QVERIFY(!f.pages.restoreAll());
    }

    // Faults near the end of the file, found once most pages are given back: the loader's
    // error is the reference parser's, byte offset included.
    void lateFaultsAreNamedAsTheReferenceParserNamesThem_data()
    {
        QTest::addColumn<std::string>("sample");
        QTest::addColumn<std::string>("delta");
        QTest::addColumn<std::string>("line");
        QTest::newRow("syntax error") << std::string() << std::string("1.2.3") << std::string();
        QTest::newRow("wrong type") << std::string("\"seven\"") << std::string() << std::string();
        QTest::newRow("unknown node") << std::string("999999") << std::string() << std::string();
        QTest::newRow("integer beyond 64 bits") << std::string() << std::string("123456789012345678901234567890")
                                                << std::string();
        // The nodes come in two pieces, read by two threads: the error of the second must
        // still name its node, and come before the samples' (the order of the file).
        QTest::newRow("late node of the wrong type") << std::string() << std::string() << std::string("\"x\"");
        QTest::newRow("late node and sample wrong") << std::string("\"seven\"") << std::string() << std::string("[]");
        QTest::newRow("late node syntax error") << std::string() << std::string() << std::string("1.2.3");
    }
    void lateFaultsAreNamedAsTheReferenceParserNamesThem()
    {
        QFETCH(std::string, sample);
        QFETCH(std::string, delta);
        QFETCH(std::string, line);
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "late.cpuprofile", largeCpuProfile(sample, delta, line));
        const LoadResult fast = loadProfileFile(path);
        LoadOptions reference;
        reference.referenceJsonParser = true;
        const LoadResult whole = loadProfileFile(path, reference);
        QVERIFY(!whole.ok());
        QVERIFY2(!fast.ok(), "a faulty file loaded");
        QCOMPARE(fast.error->toString(), whole.error->toString());
        if (!line.empty() && line != "1.2.3")
            QVERIFY2(fast.error->toString().find("node 2989") != std::string::npos, fast.error->toString().c_str());
    }

    void aLargeFileLoadsAsTheReferenceParserReadsIt()
    {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "large.cpuprofile", largeCpuProfile());
        const LoadResult fast = loadProfileFile(path);
        LoadOptions reference;
        reference.referenceJsonParser = true;
        const LoadResult whole = loadProfileFile(path, reference);
        QVERIFY2(fast.ok(), fast.error ? fast.error->toString().c_str() : "");
        QVERIFY(whole.ok());
        QCOMPARE(fast.profile->samples.size(), size_t(100000));
        QVERIFY(fast.profile->samples.time == whole.profile->samples.time);
        QVERIFY(fast.profile->samples.stack == whole.profile->samples.stack);
        QCOMPARE(fast.profile->frames.size(), whole.profile->frames.size());
        // The nodes were read by two threads, from both ends: the profile is the same, down to
        // the order of its frames and stacks (what a converted file is written in).
        for (uint32_t f = 0; f < fast.profile->frames.size(); ++f) {
            QCOMPARE(fast.profile->frameName(FrameId(f)), whole.profile->frameName(FrameId(f)));
            QCOMPARE(fast.profile->frameUrl(FrameId(f)), whole.profile->frameUrl(FrameId(f)));
            QCOMPARE(fast.profile->frames.line[f], whole.profile->frames.line[f]);
        }
        QVERIFY(fast.profile->stacks.frame == whole.profile->stacks.frame);
        QVERIFY(fast.profile->stacks.parent == whole.profile->stacks.parent);
    }

    // Many nodes, few samples: the thread done with the samples reads most of the nodes'
    // pieces, from the back. The profile must be the one read in order, frame for frame.
    void nodesReadFromBothEndsKeepTheirOrder()
    {
        constexpr int nodes = 24000, samples = 2000;
        std::string json = "{\"nodes\":[";
        for (int i = 1; i <= nodes; ++i) {
            json += (i > 1 ? ",{\"id\":" : "{\"id\":") + std::to_string(i) + ",\"callFrame\":{\"functionName\":\"f" +
                std::to_string((i * 37) % 5000) + "\",\"url\":\"file:///s" + std::to_string(i % 97) +
                ".js\",\"lineNumber\":" + std::to_string(i % 300) + ",\"columnNumber\":1}";
            if (i > 1)
                json += ",\"parent\":" + std::to_string(1 + (int64_t(i) * 7) % (i - 1));
            json += ",\"positionTicks\":[{\"line\":" + std::to_string(1 + i % 40) + ",\"ticks\":2}]}";
        }
        json += "],\"startTime\":0,\"endTime\":100000,\"samples\":[";
        for (int i = 0; i < samples; ++i)
            json += (i ? "," : "") + std::to_string(1 + (int64_t(i) * 7919) % nodes);
        json += "],\"timeDeltas\":[";
        for (int i = 0; i < samples; ++i)
            json += (i ? "," : "") + std::to_string(10 + i % 7);
        json += "]}";
        QVERIFY(json.find("\"samples\"") > 10 * SimdJsonDocument::pieceBytes); // ten pieces of nodes
        json = paddedToStreamedSize(json);
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "nodes.cpuprofile", json);
        LoadOptions reference;
        reference.referenceJsonParser = true;
        const LoadResult whole = loadProfileFile(path, reference);
        QVERIFY(whole.ok());
        for (int round = 0; round < 3; ++round) { // the split between the threads varies
            const LoadResult fast = loadProfileFile(path);
            QVERIFY2(fast.ok(), fast.error ? fast.error->toString().c_str() : "");
            QCOMPARE(fast.profile->frames.size(), whole.profile->frames.size());
            for (uint32_t f = 0; f < fast.profile->frames.size(); ++f) {
                QCOMPARE(fast.profile->frameName(FrameId(f)), whole.profile->frameName(FrameId(f)));
                QCOMPARE(fast.profile->frameUrl(FrameId(f)), whole.profile->frameUrl(FrameId(f)));
            }
            QVERIFY(fast.profile->stacks.frame == whole.profile->stacks.frame);
            QVERIFY(fast.profile->stacks.parent == whole.profile->stacks.parent);
            QVERIFY(fast.profile->samples.stack == whole.profile->samples.stack);
            QVERIFY(fast.profile->lineTicks.stack == whole.profile->lineTicks.stack);
            QVERIFY(fast.profile->lineTicks.line == whole.profile->lineTicks.line);
            QVERIFY(fast.profile->lineTicks.ticks == whole.profile->lineTicks.ticks);
        }
    }

    // A large file is read piece by piece after its head: a file changed after that is refused,
    // not read half old and half new.
    void aFileChangedAfterItsHeadWasReadIsRefused()
    {
        QTemporaryDir dir;
        const std::string json = largeCpuProfile();
        QVERIFY(json.size() > (4 << 20));
        const std::string path = writeFile(dir, "changing.cpuprofile", json);
        TaskControl control;
        bool changed = false;
        control.onProgress = [&](double) {
            if (!changed) { // the first report comes before anything is read
                changed = true;
                return;
            }
            std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(5));
        };
        const LoadResult r = loadProfileFile(path, {}, &control);
        QVERIFY(!r.ok());
        QVERIFY2(r.error->toString().find("changed while it was being read") != std::string::npos,
                 r.error->toString().c_str());
    }

    // Large files the piece-by-piece reading cannot cut: a truncated one (its brackets do not
    // balance) and one whose arrays are all small (a large string instead). Both are read
    // whole, as the reference parser reads them.
    void largeFilesWithoutPiecesAreReadWhole()
    {
        QTemporaryDir dir;
        std::string truncated = largeCpuProfile();
        truncated.resize(truncated.size() - 1000);
        const std::string small = "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\"}}],"
                                  "\"note\":\"" + std::string(5 << 20, 'n') + "\",\"samples\":[1,1],\"timeDeltas\":[5,7]}";
        LoadOptions reference;
        reference.referenceJsonParser = true;
        const std::string brokenPath = writeFile(dir, "truncated.cpuprofile", truncated);
        const LoadResult broken = loadProfileFile(brokenPath);
        QVERIFY(!broken.ok());
        QCOMPARE(broken.error->toString(), loadProfileFile(brokenPath, reference).error->toString());
        const LoadResult read = loadProfileFile(writeFile(dir, "string.cpuprofile", small));
        QVERIFY2(read.ok(), read.error ? read.error->toString().c_str() : "");
        QCOMPARE(read.profile->samples.size(), size_t(2));
    }

    // A large file of another format starts like no .cpuprofile: it is read whole, as before.
    void largeFilesOfOtherFormatsAreReadWhole()
    {
        QTemporaryDir dir;
        std::string trace = "[";
        for (int i = 0; i < 60000; ++i)
            trace += std::string(i ? "," : "") + "{\"ph\":\"X\",\"name\":\"work_" + std::to_string(i % 50) +
                     "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i * 10) + ",\"dur\":5,\"args\":{\"pad\":\"" +
                     std::string(40, 'p') + "\"}}";
        trace += "]";
        QVERIFY(trace.size() > (4 << 20));
        const LoadResult fromFile = loadProfileFile(writeFile(dir, "large.trace.json", trace));
        const LoadResult fromBytes = loadProfileData(trace, "large.trace.json");
        QVERIFY2(fromFile.ok(), fromFile.error ? fromFile.error->toString().c_str() : "");
        QVERIFY(fromBytes.ok());
        QCOMPARE(fromFile.profile->samples.size(), fromBytes.profile->samples.size());
        QVERIFY(fromFile.profile->samples.stack == fromBytes.profile->samples.stack);
    }
};

QTEST_APPLESS_MAIN(TestInputPages)
#include "tst_inputpages.moc"
