// ExceptionBreakGuard: which expressions are evaluated at a break on a throw, and in what form
// (the real engine's side is tests/dap/xst.test.mjs, "evaluations at an exception break").
#include "protocol/exceptionbreakguard.h"

#include <QTest>

class TstExceptionBreakGuard : public QObject {
    Q_OBJECT

private slots:
    void tellsExceptionBreaksFromOthers()
    {
        using ExceptionBreakGuard::isExceptionBreak;
        QVERIFY(isExceptionBreak(QStringLiteral("# Break: RangeError: value 5 is too large!")));
        QVERIFY(isExceptionBreak(QStringLiteral("# Break: ReferenceError: get x: undefined variable!")));
        QVERIFY(!isExceptionBreak(QStringLiteral("# Break: breakpoint!")));
        QVERIFY(!isExceptionBreak(QStringLiteral("# Break: step!")));
        QVERIFY(!isExceptionBreak(QStringLiteral("# Break: debugger!")));
        QVERIFY(!isExceptionBreak(QStringLiteral("# Break: C: xsDebugger!")));
        QVERIFY(!isExceptionBreak(QString()));
    }

    void pathsOfKnownNamesAreReadWithoutThrowing()
    {
        const QSet<QString> known = {QStringLiteral("limit"), QStringLiteral("value")};
        const auto g = ExceptionBreakGuard::guard(QStringLiteral(" limit.max[0][\"a b\"]['c\\'d'] "), known);
        QVERIFY(g);
        QCOMPARE(g->root, QStringLiteral("limit"));
        QCOMPARE(g->source, QStringLiteral("(limit?.max?.[0]?.[\"a b\"]?.['c\\'d'])"));
        QCOMPARE(ExceptionBreakGuard::guard(QStringLiteral("this.x"), {})->source, QStringLiteral("(this?.x)"));
    }

    // Read from the global object, never as variables (in XS a script's const seen from a
    // function's frame passes typeof and `in`, then throws when read as a variable).
    void unknownNamesAreReadFromTheGlobalObject()
    {
        const auto g = ExceptionBreakGuard::guard(QStringLiteral("nope.deeper"), {});
        QVERIFY(g);
        QVERIFY2(g->source.startsWith(QStringLiteral("(globalThis.nope === undefined ? \"")), qPrintable(g->source));
        QVERIFY(g->source.endsWith(QStringLiteral("\" : globalThis.nope?.deeper)")));
        xsbug::EvalResult answered;
        xsbug::Property marker;
        marker.value = g->source.section(QLatin1Char('"'), 1, 1).prepend(QLatin1Char('"')).append(QLatin1Char('"'));
        answered.properties << marker;
        QVERIFY(ExceptionBreakGuard::isUndefinedName(answered));
        answered.properties.first().value = QStringLiteral("5");
        QVERIFY(!ExceptionBreakGuard::isUndefinedName(answered));
    }

    void anythingElseIsRefused_data()
    {
        QTest::addColumn<QString>("expression");
        for (const char* e : {"missing()", "a + 1", "a.b()", "a[i]", "a[", "a[\"x]", "a.", "1", "(a)", "a = 2", "a\n.b",
                              "new A", "a?.b", "`x`", ""})
            QTest::newRow(e) << QString::fromUtf8(e);
    }
    void anythingElseIsRefused()
    {
        QFETCH(QString, expression);
        QVERIFY(!ExceptionBreakGuard::guard(expression, {QStringLiteral("a")}));
    }

    // The frame's own names only: globals (a script's const among them) go through globalThis.
    void knownNamesAreTheFramesListedOnesWithAValue()
    {
        xsbug::Local local;
        const auto row = [](const char* name, int depth, bool hasValue = true) {
            xsbug::Property p;
            p.name = QString::fromUtf8(name);
            p.depth = depth;
            p.hasValue = hasValue;
            return p;
        };
        local.properties = {row("this", 0),      row("(function)", 0),  row("(closures)", 1), row("counter", 2),
                            row("deep", 3),      row("prototype", 1),   row("value", 0),      row("later", 0, false)};
        const QSet<QString> names = ExceptionBreakGuard::knownNames(local);
        QCOMPARE(names, (QSet<QString>{QStringLiteral("this"), QStringLiteral("counter"), QStringLiteral("value")}));
    }
};

QTEST_GUILESS_MAIN(TstExceptionBreakGuard)
#include "tst_exceptionbreakguard.moc"
