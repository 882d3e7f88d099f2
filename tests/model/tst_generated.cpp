// Invariants of DESIGN.md on large generated profiles (../shared/tools/gen_cpuprofile.py),
// and the oracle's own numbers on a mid-sized one.
#include "expectedprofile.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace xsprof;

class TestGenerated : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void invariants_data();
    void invariants();
    void agreesWithOracle();

private:
    QString generate(const QStringList& arguments, const QString& name);
    QTemporaryDir m_dir;
};

void TestGenerated::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestGenerated::generate(const QStringList& arguments, const QString& name)
{
    const QString out = m_dir.filePath(name);
    QProcess python;
    python.start(QStringLiteral("python3"), QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/gen_cpuprofile.py")}
                                                << arguments << QStringLiteral("--out") << out);
    if (!python.waitForFinished(180000) || python.exitCode() != 0)
        qWarning("gen_cpuprofile.py failed: %s", python.readAllStandardError().constData());
    return out;
}

void TestGenerated::invariants_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("5k nodes, 50k samples") << QStringList{QStringLiteral("--nodes"), QStringLiteral("5000"),
                                                          QStringLiteral("--samples"), QStringLiteral("50000"),
                                                          QStringLiteral("--seed"), QStringLiteral("5")};
    QTest::newRow("20k nodes, 200k samples, recursion-heavy")
        << QStringList{QStringLiteral("--nodes"), QStringLiteral("20000"), QStringLiteral("--samples"),
                       QStringLiteral("200000"), QStringLiteral("--functions"), QStringLiteral("400"),
                       QStringLiteral("--seed"), QStringLiteral("7")};
}

void TestGenerated::invariants()
{
    QFETCH(QStringList, arguments);
    const QString path = generate(arguments, QStringLiteral("gen.cpuprofile"));
    LoadResult loaded = loadProfileFile(path.toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "generation failed");
    const Profile& p = *loaded.profile;
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    const FunctionAnalysis& fa = a.functions;
    QVERIFY(fa.functions().size() > 100);
    QVERIFY(!fa.graph().removedEdges().empty()); // the generator makes cycles: cycle breaking is exercised

    double selfSum = 0, rootTotals = 0;
    for (FrameId f : fa.functions()) {
        selfSum += fa.self(f);
        QVERIFY(fa.self(f) <= fa.total(f) * (1 + 1e-12) + 1e-6);
        QVERIFY(fa.total(f) <= fa.duration() * (1 + 1e-12) + 1e-6);
        QVERIFY(fa.inclusive(f) <= fa.duration() * (1 + 1e-12) + 1e-6);
        if (fa.graph().dagCallerCount(f) == 0)
            rootTotals += fa.total(f);
    }
    QVERIFY(ExpectedProfile::close(selfSum, fa.duration()));
    QVERIFY2(std::fabs(rootTotals - fa.duration()) <= 1e-6 * fa.duration(),
             qPrintable(QStringLiteral("roots %1 vs duration %2").arg(rootTotals).arg(fa.duration())));

    std::ostringstream written;
    writeCpuProfile(p, written);
    LoadResult reloaded = loadProfileData(written.str(), "converted");
    QVERIFY(reloaded.ok());
    const auto errors =
        ExpectedProfile::compareProfiles(p, a, *reloaded.profile, ProfileAnalysis::compute(*reloaded.profile));
    QCOMPARE(errors.size(), size_t(0));
}

void TestGenerated::agreesWithOracle()
{
    // The independent implementation on a profile with thousands of removed back edges.
    const QString path = generate({QStringLiteral("--nodes"), QStringLiteral("3000"), QStringLiteral("--samples"),
                                   QStringLiteral("20000"), QStringLiteral("--functions"), QStringLiteral("150"),
                                   QStringLiteral("--seed"), QStringLiteral("9")},
                                  QStringLiteral("oracle.cpuprofile"));
    QProcess oracle;
    oracle.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/profile_oracle.py"), path, QStringLiteral("--stdout")});
    QVERIFY(oracle.waitForFinished(180000));
    QCOMPARE(oracle.exitCode(), 0);
    const nlohmann::json expected = nlohmann::json::parse(oracle.readAllStandardOutput().toStdString());
    LoadResult loaded = loadProfileFile(path.toStdString());
    QVERIFY(loaded.ok());
    const auto errors = ExpectedProfile::compare(*loaded.profile, ProfileAnalysis::compute(*loaded.profile), expected, 0);
    for (size_t i = 0; i < errors.size() && i < 20; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
}

QTEST_GUILESS_MAIN(TestGenerated)
#include "tst_generated.moc"
