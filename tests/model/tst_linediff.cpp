// The lines of a source marked as changed since an earlier version: on hand-made edits, and on
// 20 000 random pairs against a brute-force longest common subsequence (the marked count is
// the new lines outside it, and the unmarked lines are a common subsequence of both).
#include "model/linediff.h"

#include <QTest>

#include <random>
#include <string>

using namespace xsprof;

class TestLineDiff : public QObject
{
    Q_OBJECT
private slots:
    void splitsLinesAsAnEditorCountsThem();
    void marksChangedAndAddedLines();
    void agreesWithALongestCommonSubsequence();
    void aRewrittenFileIsMarkedWhole();
};

namespace {
std::vector<int> changed(std::string_view before, std::string_view after, int maxEdits = 2000)
{
    return changedLines(splitLines(before), splitLines(after), maxEdits);
}

size_t lcsLength(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b)
{
    std::vector<std::vector<size_t>> t(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}
} // namespace

void TestLineDiff::splitsLinesAsAnEditorCountsThem()
{
    QCOMPARE(splitLines("").size(), size_t(0));
    QCOMPARE(splitLines("a").size(), size_t(1));
    QCOMPARE(splitLines("a\n").size(), size_t(1));
    const std::vector<std::string_view> crlf = splitLines("a\r\nb\r\n\r\nc");
    QCOMPARE(crlf.size(), size_t(4));
    QCOMPARE(crlf[1], std::string_view("b"));
    QCOMPARE(crlf[2], std::string_view(""));
}

void TestLineDiff::marksChangedAndAddedLines()
{
    const char* before = "let a = 1;\nlet b = 2;\ndebugger;\nlet c = a + b;\ntrace(c);\n";
    QCOMPARE(changed(before, before), std::vector<int>{});
    // Line 2 changed, a line added after line 3.
    QCOMPARE(changed(before, "let a = 1;\nlet b = 20;\ndebugger;\ntrace(a);\nlet c = a + b;\ntrace(c);\n"),
             (std::vector<int>{2, 4}));
    // Lines removed only: nothing of the new text to mark.
    QCOMPARE(changed(before, "let a = 1;\ndebugger;\ntrace(c);\n"), std::vector<int>{});
    // Added at the start and the end.
    QCOMPARE(changed("x\ny\n", "first\nx\ny\nlast\n"), (std::vector<int>{1, 4}));
    // Everything new after an empty file.
    QCOMPARE(changed("", "a\nb\n"), (std::vector<int>{1, 2}));
}

void TestLineDiff::agreesWithALongestCommonSubsequence()
{
    std::mt19937 random(41);
    const char* words[] = {"a", "b", "c", "d"};
    for (int round = 0; round < 20000; ++round) {
        std::vector<std::string_view> a, b;
        const size_t n = random() % 12, m = random() % 12;
        for (size_t i = 0; i < n; ++i)
            a.push_back(words[random() % 4]);
        for (size_t i = 0; i < m; ++i)
            b.push_back(words[random() % 4]);
        const std::vector<int> marked = changedLines(a, b);
        QCOMPARE(marked.size(), m - lcsLength(a, b));
        QVERIFY(std::is_sorted(marked.begin(), marked.end()));
        // The unmarked lines of b, in order, appear in a in order.
        size_t next = 0, inA = 0;
        for (size_t j = 0; j < m; ++j) {
            if (next < marked.size() && marked[next] == int(j) + 1) {
                ++next;
                continue;
            }
            while (inA < a.size() && a[inA] != b[j])
                ++inA;
            QVERIFY2(inA < a.size(), qPrintable(QStringLiteral("round %1").arg(round)));
            ++inA;
        }
    }
}

void TestLineDiff::aRewrittenFileIsMarkedWhole()
{
    std::string before, after;
    for (int i = 0; i < 300; ++i) {
        before += "old " + std::to_string(i) + "\n";
        after += "new " + std::to_string(i) + "\n";
    }
    before = "same\n" + before + "end\n";
    after = "same\n" + after + "end\n";
    const std::vector<int> marked = changed(before, after, 10); // past 10 edits: the middle whole
    QCOMPARE(marked.size(), size_t(300));
    QCOMPARE(marked.front(), 2);
    QCOMPARE(marked.back(), 301);
}

QTEST_APPLESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
