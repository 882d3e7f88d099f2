// The journal's compact form of <ps> texts must give back every text exactly, on every real
// transcript of the corpus and on the edge cases of the format, and must be much shorter on
// deep stacks (the reason it exists); a corrupt compact text is refused.
#include "model/xs/journalsamplecodec.h"
#include "model/xs/xsbugelement.h"
#include "model/xs/xsbugframer.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <random>

using namespace xsprof;

class TestJournalSampleCodec : public QObject {
    Q_OBJECT

private slots:
    void everyCorpusTextComesBack()
    {
        const QDir dir(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug"));
        const QStringList transcripts = dir.entryList({QStringLiteral("*.xsbug")}, QDir::Files);
        QVERIFY(!transcripts.isEmpty());
        size_t texts = 0, bytes = 0, compactBytes = 0;
        for (const QString& name : transcripts) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray all = file.readAll();
            XsbugFramer framer;
            std::vector<std::string> payloads;
            framer.feed(std::string_view(all.constData(), size_t(all.size())), payloads);
            JournalSampleCodec writer, reader;
            for (const std::string& payload : payloads) {
                for (XsbugElement& e : parseXsbugPayload(payload)) {
                    if (e.name == "pt" || e.name == "login") {
                        writer.reset();
                        reader.reset();
                    }
                    if (e.name != "ps")
                        continue;
                    std::string compact, back;
                    QVERIFY(writer.encode(e.content, compact));
                    QVERIFY(reader.decode(compact, back));
                    QCOMPARE(back, e.content);
                    ++texts;
                    bytes += e.content.size();
                    compactBytes += compact.size();
                }
            }
        }
        QVERIFY(texts > 10);
        QVERIFY2(compactBytes < bytes, qPrintable(QStringLiteral("%1 -> %2").arg(bytes).arg(compactBytes)));
    }

    void edgeCasesComeBack()
    {
        const std::vector<std::string> texts{"",        "5",         "5,",          "5,,",     "5,A,,B", "5,A,B.6,A,B",
                                             "5,A,B.6", "5,A.6,A.7", "1,AB,C.2,B,C", "1,B,C.2,AB,C", ".",       "..,",
                                             "7,X,Y,Z.8,Y,Z.9,Z.1,Q,X,Y,Z"};
        JournalSampleCodec writer, reader;
        for (const std::string& text : texts) {
            std::string compact, back;
            QVERIFY(writer.encode(text, compact));
            QVERIFY2(reader.decode(compact, back), compact.c_str());
            QCOMPARE(back, text);
        }
        // '~' never occurs in XS output: such a text is left to the journal to keep verbatim.
        std::string untouched;
        QVERIFY(!writer.encode("5,~3", untouched));
        QVERIFY(untouched.empty());
    }

    void deepStacksShrink()
    {
        // deep_recursion.js's shape: 8 samples per batch, 50..400 frames of one function.
        std::mt19937 rng(7);
        int depth = 200;
        std::string text;
        for (int k = 0; k < 64; ++k) {
            depth = std::clamp(depth + int(rng() % 9) - 4, 50, 400);
            if (k)
                text += '.';
            text += std::to_string(40 + rng() % 80);
            text += rng() % 4 == 0 ? ",HU" : ",HT";
            for (int d = 0; d < depth; ++d)
                text += ",HT";
            text += ",HS,0";
        }
        JournalSampleCodec writer, reader;
        std::string compact, back;
        QVERIFY(writer.encode(text, compact));
        QVERIFY(reader.decode(compact, back));
        QCOMPARE(back, text);
        QVERIFY2(compact.size() * 20 < text.size(), qPrintable(QStringLiteral("%1 -> %2").arg(text.size()).arg(compact.size())));
    }

    void corruptCompactIsRefused()
    {
        for (const char* bad : {"5,~1", "5,~0", "5,~x", "5,A,~", "~2", "5,A.6,~2"}) {
            JournalSampleCodec reader;
            std::string out;
            QVERIFY2(!reader.decode(bad, out), bad);
        }
    }
};

QTEST_APPLESS_MAIN(TestJournalSampleCodec)
#include "tst_journalsamplecodec.moc"
