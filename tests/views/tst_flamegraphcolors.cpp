// FlameGraphColors alone, on a real profile with JS, native and GC frames (node_gc_heavy):
// a hue per category, a colour per file, the same colours from a second instance (hashed,
// not random), a search's non-matches faded, and merged runs grey.
#include "viewtestutils.h"

#include "views/flamegraphcolors.h"

#include <QTest>

using namespace ViewTestUtils;
using xsprof::FrameId;
using xsprof::FrameKind;

class TestFlameGraphColors : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void aHuePerCategory();
    void aColourPerFile();
    void searchFadesTheRest();

private:
    FrameId firstOf(FrameKind kind) const;
    ProfileDataPtr m_data;
};

void TestFlameGraphColors::initTestCase()
{
    m_data = loadData(corpusPath(QStringLiteral("node_gc_heavy.cpuprofile")));
    QVERIFY(m_data);
    QVERIFY(firstOf(FrameKind::Js).isValid());
    QVERIFY(firstOf(FrameKind::Gc).isValid());
}

FrameId TestFlameGraphColors::firstOf(FrameKind kind) const
{
    const auto& kinds = m_data->profile.frames.kind;
    for (uint32_t i = 0; i < kinds.size(); ++i) {
        if (kinds[i] == kind)
            return FrameId(i);
    }
    return {};
}

void TestFlameGraphColors::aHuePerCategory()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphColors colors;
    const QColor js = colors.of(profile, firstOf(FrameKind::Js));
    const QColor gc = colors.of(profile, firstOf(FrameKind::Gc));
    QVERIFY2(js.hsvHue() >= 22 && js.hsvHue() < 22 + 20, qPrintable(QString::number(js.hsvHue()))); // orange
    QCOMPARE(gc.hsvHue(), 0);                                                                         // red
    QVERIFY(gc.hsvSaturation() >= 130);
    if (const FrameId native = firstOf(FrameKind::Native); native.isValid())
        QVERIFY(colors.of(profile, native).hsvHue() >= 205); // blue
    // Hashed names, not random: another instance agrees.
    FlameGraphColors again;
    for (uint32_t i = 0; i < profile.frames.size(); ++i)
        QCOMPARE(again.of(profile, FrameId(i)), colors.of(profile, FrameId(i)));
    QCOMPARE(colors.of(profile, FrameId()), QColor(185, 185, 185)); // merged small frames
}

void TestFlameGraphColors::aColourPerFile()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphColors colors;
    colors.setColoring(FlameGraphColors::Coloring::File);
    int compared = 0;
    for (uint32_t a = 0; a < profile.frames.size(); ++a) {
        for (uint32_t b = a + 1; b < profile.frames.size(); ++b) {
            if (profile.frameUrl(FrameId(a)).empty() || profile.frameUrl(FrameId(a)) != profile.frameUrl(FrameId(b)))
                continue;
            QCOMPARE(colors.of(profile, FrameId(a)), colors.of(profile, FrameId(b)));
            ++compared;
        }
    }
    QVERIFY(compared > 0);
    for (uint32_t i = 0; i < profile.frames.size(); ++i) {
        if (profile.frameUrl(FrameId(i)).empty())
            QCOMPARE(colors.of(profile, FrameId(i)), QColor(200, 200, 200));
    }
    colors.setColoring(FlameGraphColors::Coloring::Category); // back: the category colours again
    QCOMPARE(colors.of(profile, firstOf(FrameKind::Gc)).hsvHue(), 0);
}

void TestFlameGraphColors::searchFadesTheRest()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphColors colors;
    const FrameId js = firstOf(FrameKind::Js), gc = firstOf(FrameKind::Gc);
    const QColor jsColor = colors.of(profile, js), gcColor = colors.of(profile, gc);
    std::vector<char> matches(profile.frames.size(), 0);
    matches[js.value] = 1;
    colors.setMatches(matches);
    QCOMPARE(colors.of(profile, js), jsColor);
    const QColor faded = colors.of(profile, gc);
    QCOMPARE(faded.hsvSaturation(), gcColor.hsvSaturation() / 5);
    QCOMPARE(faded.value(), 240);
    colors.setMatches(std::vector<char>(profile.frames.size(), 0)); // nothing matches: nothing fades
    QCOMPARE(colors.of(profile, gc), gcColor);
}

QTEST_MAIN(TestFlameGraphColors)
#include "tst_flamegraphcolors.moc"
