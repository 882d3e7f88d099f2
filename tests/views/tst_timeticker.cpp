// The timeline's axis labels: tick steps and the decimals of their labels chosen together.
#include "views/timeticker.h"

#include <QTest>

class TestTimeTicker : public QObject {
    Q_OBJECT

private slots:
    void labelsShowTheStepsDecimals_data();
    void labelsShowTheStepsDecimals();
    void quarterSecondStepsOnAnAxis();
};

void TestTimeTicker::labelsShowTheStepsDecimals_data()
{
    QTest::addColumn<double>("microseconds");
    QTest::addColumn<double>("step");
    QTest::addColumn<QString>("label");
    QTest::newRow("0.25 s") << 250000.0 << 250000.0 << QStringLiteral("0.25 s");
    QTest::newRow("0.5 s at 0.25 s steps") << 500000.0 << 250000.0 << QStringLiteral("0.5 s");
    QTest::newRow("0.75 s") << 750000.0 << 250000.0 << QStringLiteral("0.75 s");
    QTest::newRow("1 s at 0.25 s steps") << 1000000.0 << 250000.0 << QStringLiteral("1 s");
    QTest::newRow("zero") << 0.0 << 250000.0 << QStringLiteral("0 s");
    QTest::newRow("rounding noise at zero") << 1e-9 << 250000.0 << QStringLiteral("0 s");
    QTest::newRow("0.2 s steps") << 600000.0 << 200000.0 << QStringLiteral("0.6 s");
    QTest::newRow("2.5 ms") << 7500.0 << 2500.0 << QStringLiteral("7.5 ms");
    QTest::newRow("0.25 ms") << 1250.0 << 250.0 << QStringLiteral("1.25 ms");
    QTest::newRow("5 ms steps") << 15000.0 << 5000.0 << QStringLiteral("15 ms");
    QTest::newRow("2.5 µs") << 12.5 << 2.5 << QStringLiteral("12.5 µs");
    QTest::newRow("0.25 µs") << 0.75 << 0.25 << QStringLiteral("0.75 µs");
    QTest::newRow("long profile in s") << 12000000.0 << 50000.0 << QStringLiteral("12 s");
}

void TestTimeTicker::labelsShowTheStepsDecimals()
{
    QFETCH(double, microseconds);
    QFETCH(double, step);
    QFETCH(QString, label);
    QCOMPARE(TimeTicker::label(microseconds, step), label);
}

// The ticker itself on a 1 s axis asked for four ticks: QCustomPlot picks 0.25 s steps,
// whose labels must not round to 0.3 / 0.8.
void TestTimeTicker::quarterSecondStepsOnAnAxis()
{
    TimeTicker ticker;
    ticker.setTickCount(4);
    QVector<double> ticks, subTicks;
    QVector<QString> labels;
    ticker.generate(QCPRange(0.0, 1e6), QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, &labels);
    QVERIFY(labels.size() >= 5);
    const qsizetype first = labels.indexOf(QStringLiteral("0 s"));
    QVERIFY2(first >= 0, qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char('|'))));
    const QStringList expected{QStringLiteral("0 s"), QStringLiteral("0.25 s"), QStringLiteral("0.5 s"),
                               QStringLiteral("0.75 s"), QStringLiteral("1 s")};
    QCOMPARE(QStringList(labels.begin() + first, labels.begin() + first + 5), expected);
}

QTEST_MAIN(TestTimeTicker)
#include "tst_timeticker.moc"
