// The fast JSON path cuts the root's large arrays into pieces: every kind of array (plain
// numbers as in samples/timeDeltas, objects as in nodes) must be cut near pieceBytes, and
// reading the pieces must give back every element in order; a fault inside any piece fails.
#include "model/json/integerlist.h"
#include "model/json/paddedbytes.h"
#include "model/json/simdjsondocument.h"

#include <QtTest>

#include <random>
#include <string>

using namespace xsprof;

namespace {

// A random JSON value: nested arrays and objects, strings with escaped quotes, backslashes
// and brackets inside, numbers; keys sometimes "data".
std::string randomJson(std::mt19937& random, int depth)
{
    const int kind = depth > 3 ? int(random() % 3) : int(random() % 6);
    if (kind == 0)
        return std::to_string(int(random() % 100000) - 50000);
    if (kind == 1) {
        static const char* const parts[] = {"a", "\\\"", "[", "]", "{", "}", ",", "\\\\", ":", "\\u005b", " "};
        std::string text = "\"";
        for (int i = int(random() % 6); i > 0; --i)
            text += parts[random() % std::size(parts)];
        return text + "\"";
    }
    if (kind == 2)
        return random() % 2 ? "true" : "null";
    std::string out(1, kind == 5 ? '{' : '[');
    for (int i = int(random() % 12); i > 0; --i) {
        if (out.size() > 1)
            out += random() % 3 ? "," : " , ";
        if (kind == 5)
            out += (random() % 2 ? std::string("\"data\"") : "\"k" + std::to_string(random() % 5) + "\"") + " : ";
        out += randomJson(random, depth + 1);
    }
    return out + (kind == 5 ? '}' : ']');
}

// {"nodes":[{"id":1},...],"samples":[1,2,...],"timeDeltas":[...]} with `count` elements each.
std::string profileLikeJson(int count)
{
    std::string json = R"({"nodes":[)";
    for (int i = 0; i < count; ++i)
        json += (i ? ",{\"id\":" : "{\"id\":") + std::to_string(i + 1) + "}";
    json += R"(],"samples":[)";
    for (int i = 0; i < count; ++i)
        json += (i ? "," : "") + std::to_string(i % 977);
    json += R"(],"timeDeltas":[)";
    for (int i = 0; i < count; ++i)
        json += (i ? "," : "") + std::to_string(100000 + i);
    json += "]}";
    return json;
}

} // namespace

class TestSimdJsonDocument : public QObject {
    Q_OBJECT

private slots:
    void everyLargeArrayIsCutNearThePieceSize()
    {
        const int count = 400000; // samples and timeDeltas: 1.6 and 2.8 MB of plain numbers
        const PaddedBytes bytes(profileLikeJson(count));
        const TaskControl control;
        const SimdJsonDocument document(bytes.view(), &control);
        QCOMPARE(document.splitCount(), size_t(3));
        for (const SplitJsonArray& split : document.splits()) {
            QVERIFY2(split.pieces.size() >= 4, "a large array must be cut into several pieces");
            for (const auto& [begin, end] : split.pieces)
                QVERIFY2(end - begin <= SimdJsonDocument::pieceBytes + 64, "a piece grew past its size");
        }

        std::vector<int64_t> ids, samples, deltas;
        document.root().forEachField([&](std::string_view key, const SimdJsonValue& value) {
            auto& out = key == "nodes" ? ids : key == "samples" ? samples : deltas;
            value.forEachElement([&](const SimdJsonValue& element) {
                if (key == "nodes")
                    element.forEachField([&](std::string_view, const SimdJsonValue& id) { out.push_back(id.integer()); });
                else
                    out.push_back(element.integer());
            });
        });
        QCOMPARE(ids.size(), size_t(count));
        QCOMPARE(samples.size(), size_t(count));
        QCOMPARE(deltas.size(), size_t(count));
        for (int i = 0; i < count; ++i) {
            QCOMPARE(ids[size_t(i)], int64_t(i + 1));
            QCOMPARE(samples[size_t(i)], int64_t(i % 977));
            QCOMPARE(deltas[size_t(i)], int64_t(100000 + i));
        }
    }

    void arraysOfNamedKeysAreCutAtAnyDepth()
    {
        const int count = 300000;
        std::string numbers;
        for (int i = 0; i < count; ++i)
            numbers += (i ? "," : "") + std::to_string(i);
        // Only "data" values are cut, not the root's "other" array; a small "data" array
        // holding what a marker looks like stays an ordinary array.
        const std::string json = R"({"t":[{"x":1,"data" : [)" + numbers + R"(]},{"data":["xsprof split 0 #0"]}],"other":[)" +
            numbers + "]}";
        const PaddedBytes bytes(json);
        const SimdJsonDocument document(bytes.view(), nullptr, {"data"});
        QCOMPARE(document.splitCount(), size_t(1));
        simdjson::dom::array threads;
        QVERIFY(!document.rawRoot()["t"].get(threads));
        simdjson::dom::array big, small, other;
        QVERIFY(!threads.at(0)["data"].get(big));
        QVERIFY(!threads.at(1)["data"].get(small));
        QVERIFY(!document.rawRoot()["other"].get(other));
        QVERIFY(document.nestedSplit(small) == nullptr);
        QCOMPARE(other.size(), size_t(count));
        const SplitJsonArray* split = document.nestedSplit(big);
        QVERIFY(split != nullptr);
        QVERIFY(split->pieces.size() >= 4);
        SimdJsonDocument::PieceParser pieces(document, *split);
        int64_t expected = 0;
        while (const auto piece = pieces.next()) {
            for (const simdjson::dom::element e : *piece)
                QCOMPARE(e.get_int64().value(), expected++);
        }
        QCOMPARE(expected, int64_t(count));
    }

    void cutsLandBetweenElementsWhateverTheStringsHold()
    {
        std::mt19937 random(20261124);
        simdjson::dom::parser parser;
        size_t splitsSeen = 0;
        for (int round = 0; round < 300; ++round) {
            const std::string json = "{\"data\":" + randomJson(random, 0) + ",\"x\":" + randomJson(random, 0) + "}";
            const std::vector<std::string_view> keys{"data"};
            for (const auto* named : {static_cast<const std::vector<std::string_view>*>(nullptr), &keys}) {
                for (const SplitJsonArray& split : findJsonSplits(json.data(), json.size(), 16, named)) {
                    ++splitsSeen;
                    QCOMPARE(json[split.pieces.front().first - 1], '[');
                    QCOMPARE(json[split.pieces.back().second], ']');
                    for (size_t k = 0; k < split.pieces.size(); ++k) {
                        const auto [begin, end] = split.pieces[k];
                        if (k + 1 < split.pieces.size())
                            QCOMPARE(json[end], ',');
                        const std::string piece = "[" + json.substr(begin, end - begin) + "]";
                        simdjson::dom::array elements;
                        QVERIFY2(!parser.parse(piece).get(elements), piece.c_str());
                        QVERIFY(elements.begin() != elements.end());
                    }
                }
            }
        }
        QVERIFY2(splitsSeen > 100, "the random documents must exercise the cutting");
    }

    // SimdJsonDocument feeds a large file to the finder a chunk at a time: chunk boundaries
    // (after leading spaces, inside strings, after a backslash) must not change the splits.
    void chunkedFeedingFindsTheSameSplits()
    {
        std::mt19937 random(20261125);
        size_t splitsSeen = 0;
        for (int round = 0; round < 300; ++round) {
            const std::string spaces(random() % 70, ' ');
            const std::string json = spaces + "{\"data\":" + randomJson(random, 0) + ",\"x\":" + randomJson(random, 0) + "}";
            const std::vector<SplitJsonArray> whole = findJsonSplits(json.data(), json.size(), 16, nullptr);
            splitsSeen += whole.size();
            JsonSplitFinder finder(16, nullptr);
            for (size_t from = 0; from < json.size();) {
                const size_t to = std::min(json.size(), from + 64 * (1 + random() % 3));
                finder.feed(json.data() + from, from, to - from);
                from = to;
            }
            const std::vector<SplitJsonArray> chunked = finder.finish();
            QCOMPARE(chunked.size(), whole.size());
            for (size_t k = 0; k < whole.size(); ++k) {
                QCOMPARE(chunked[k].member, whole[k].member);
                QCOMPARE(chunked[k].depth, whole[k].depth);
                QVERIFY(chunked[k].pieces == whole[k].pieces);
            }
        }
        QVERIFY2(splitsSeen > 100, "the random documents must exercise the cutting");
    }

    // The integer arrays' pieces are read 64 bytes at a time (readIntegerList): on random
    // lists of valid and invalid elements it must accept exactly the plain integers of at
    // most 15 digits, with their values, as a plain reading of the grammar does.
    void integerListsAgreeWithTheGrammar()
    {
        std::mt19937 random(20261126);
        static const char* const odd[] = {"", "-", "-0", "00", "01", "-01", "1.5", "1e3", "+1", "1-2", "--3", " ",
                                          "\t", "x", "0x1", "\"1\"", "1234567890123456", "-999999999999999"};
        auto element = [&]() -> std::string {
            switch (random() % 8) {
            case 0: return odd[random() % (sizeof odd / sizeof *odd)];
            case 1: return (random() % 2 ? " " : "") + std::to_string(random() % 1000) + (random() % 2 ? "\n" : "");
            case 2: return std::to_string(int64_t(random()) * int64_t(random() % 100000));
            default: return std::to_string(random() % (random() % 2 ? 100 : 100000000)) ;
            }
        };
        // The grammar: optional spaces, -?(0|[1-9][0-9]{0,14}) but not -0, optional spaces.
        auto plain = [](std::string e, int64_t& value) {
            const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
            while (!e.empty() && space(e.front()))
                e.erase(0, 1);
            while (!e.empty() && space(e.back()))
                e.pop_back();
            const bool negative = !e.empty() && e[0] == '-';
            const std::string digits = e.substr(negative);
            if (digits.empty() || digits.size() > 15 || (digits[0] == '0' && (digits.size() > 1 || negative)))
                return false;
            for (char c : digits) {
                if (c < '0' || c > '9')
                    return false;
            }
            value = std::stoll(digits) * (negative ? -1 : 1);
            return true;
        };
        size_t accepted = 0;
        for (int round = 0; round < 20000; ++round) {
            const size_t count = 1 + random() % (round % 10 == 0 ? 200 : 12);
            std::string list;
            std::vector<int64_t> expected;
            bool valid = true;
            for (size_t k = 0; k < count; ++k) {
                const std::string e = random() % 20 == 0 ? element() : std::to_string(random() % 1000000);
                list += (k ? "," : "") + e;
                int64_t v = 0;
                valid = valid && plain(e, v);
                expected.push_back(v);
            }
            std::string padded = list + std::string(integerListPadding, '7'); // digits after the end must not be read as ours
            std::vector<int64_t> values(random() % 3 == 0 ? 1000 : 0, -7); // reused storage, larger or smaller
            const std::optional<size_t> read = readIntegerList(padded.data(), padded.data() + list.size(), values);
            QVERIFY2(read.has_value() == valid, list.c_str());
            if (read) {
                ++accepted;
                QVERIFY2(std::vector<int64_t>(values.begin(), values.begin() + ptrdiff_t(*read)) == expected, list.c_str());
            }
        }
        QVERIFY(accepted > 1000 && accepted < 19000);
    }

    void aFaultInAnyPieceFails()
    {
        std::string json = profileLikeJson(400000);
        // A doubled comma deep inside timeDeltas, far from the array's ends.
        const size_t at = json.find(",300000,", json.find("timeDeltas"));
        QVERIFY(at != std::string::npos);
        json.insert(at, ",");
        const PaddedBytes bytes(json);
        const TaskControl control;
        const SimdJsonDocument document(bytes.view(), &control);
        bool failed = false;
        try {
            document.root().forEachField([&](std::string_view, const SimdJsonValue& value) {
                if (value.kind() == JsonKind::Array)
                    value.forEachElement([](const SimdJsonValue&) {});
            });
        } catch (const SimdJsonFailure&) {
            failed = true;
        }
        QVERIFY2(failed, "a doubled comma inside a piece must be refused");
    }
};

QTEST_APPLESS_MAIN(TestSimdJsonDocument)
#include "tst_simdjsondocument.moc"
