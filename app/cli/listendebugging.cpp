#include "app/cli/listendebugging.h"

#include "protocol/machinesession.h"
#include "protocol/propertysummary.h"
#include "protocol/relativebreakpoints.h"
#include "protocol/sessionexpressions.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QRegularExpression>

#include <cstdio>
#include <memory>

namespace {
void printLine(const QString& text)
{
    std::fputs(qPrintable(text + QLatin1Char('\n')), stdout);
    std::fflush(stdout);
}

} // namespace

bool ListenDebugging::parseSpec(const QString& text, bool logPoint, Breakpoint& out, QString& error)
{
    // PATH may hold ':' (C:\…): the first ":digits" followed by the end or ':' splits it.
    static const QRegularExpression form(QStringLiteral("^(.+?):([1-9][0-9]*)(?::(.*))?$"),
                                         QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch()) {
        error = QStringLiteral("\"%1\" is not PATH:LINE%2").arg(text, logPoint ? QStringLiteral(":EXPRESSION")
                                                                                : QStringLiteral("[:CONDITION]"));
        return false;
    }
    out = Breakpoint(m.captured(1), m.captured(2).toInt());
    const QString expression = m.captured(3).trimmed();
    if (logPoint) {
        if (expression.isEmpty()) {
            error = QStringLiteral("\"%1\": a log point needs an expression after PATH:LINE:").arg(text);
            return false;
        }
        out.logMessage = expression;
    } else {
        out.condition = expression;
    }
    return true;
}

ListenDebugging::ListenDebugging(BreakpointList breakpoints, QStringList evals, QObject* parent)
    : QObject(parent), m_breakpoints(std::move(breakpoints)), m_evals(std::move(evals))
{
}

bool ListenDebugging::needsCompiler() const
{
    if (!m_evals.isEmpty())
        return true;
    for (const Breakpoint& b : m_breakpoints) {
        if (b.needsCompiler())
            return true;
    }
    return false;
}

BreakpointList ListenDebugging::loginBreakpoints(const QString& folder) const
{
    BreakpointList list;
    for (Breakpoint b : m_breakpoints) {
        if (!QDir::isAbsolutePath(b.path)) {
            const QString local = QDir(folder).absoluteFilePath(b.path);
            if (!QFileInfo::exists(local))
                continue; // sent once the machine shows a matching path
            b.path = QDir::cleanPath(local);
        }
        list << b;
    }
    return list;
}

bool ListenDebugging::needsStartProbe(const QString& folder) const
{
    for (const Breakpoint& b : m_breakpoints) {
        if (RelativeBreakpoints::isRelative(b) && !QFileInfo::exists(QDir(folder).absoluteFilePath(b.path)))
            return true;
    }
    return false;
}

void ListenDebugging::attach(MachineSession* session)
{
    RelativeBreakpoints::of(session)->add(m_breakpoints);
    if (needsStartProbe(QDir::currentPath())) {
        m_probing.insert(session);
        connect(session, &MachineSession::destroyed, this, [this, session] { m_probing.remove(session); });
    }
    connect(session, &MachineSession::broke, this, [this, session] { onBreak(session); });
    connect(session->expressions(), &SessionExpressions::breakpointNotSent, this,
            [session](const Breakpoint& b, const QString& reason) {
                std::fprintf(stderr, "xsprof: %s: breakpoint %s:%d not sent: %s\n", qPrintable(session->name()),
                             qPrintable(b.path), b.line, qPrintable(reason));
            });
}

bool ListenDebugging::isStartProbe(MachineSession* session, const xsbug::Break& at) const
{
    // The machine stops at its start by stepping into its first line ("# Break: step!").
    return m_probing.contains(session) && at.message.contains(QLatin1String("step"));
}

void ListenDebugging::onBreak(MachineSession* session)
{
    const bool probe = isStartProbe(session, session->lastBreak());
    if (m_probing.remove(session)) {
        // Its paths are known now (RelativeBreakpoints sent what matches): no more stops at start.
        session->clearSpecialBreakpoint(QStringLiteral("start"));
        if (probe) {
            session->go();
            return;
        }
    }
    if (m_evals.isEmpty()) {
        session->go();
        return;
    }
    // All evaluated (in parallel), printed in the order given, then the machine goes on.
    struct Round {
        QStringList lines;
        int left = 0;
        QList<QMetaObject::Connection> connections;
    };
    auto round = std::make_shared<Round>();
    round->lines.resize(m_evals.size());
    round->left = int(m_evals.size());
    QPointer<MachineSession> guard(session);
    const QStringList evals = m_evals;
    auto finish = [round, guard, evals](const QString& expression, const QString& line) {
        const qsizetype index = evals.indexOf(expression);
        if (index < 0 || !round->lines[index].isEmpty())
            return;
        round->lines[index] = line;
        if (--round->left > 0)
            return;
        for (const QMetaObject::Connection& c : std::as_const(round->connections))
            QObject::disconnect(c);
        for (const QString& text : std::as_const(round->lines))
            printLine(text);
        if (guard)
            guard->go();
    };
    SessionExpressions* expressions = session->expressions();
    round->connections << connect(expressions, &SessionExpressions::evaluated, this,
                                  [finish](const QString& expression, const xsbug::EvalResult& result) {
                                      const bool failed = result.properties.isEmpty();
                                      finish(expression, QStringLiteral("eval: %1 %2 %3")
                                                             .arg(expression, failed ? QStringLiteral("threw")
                                                                                     : QStringLiteral("="),
                                                                  PropertySummary::resultText(result)));
                                  });
    round->connections << connect(expressions, &SessionExpressions::evalFailed, this,
                                  [finish](const QString& expression, const QString& message) {
                                      finish(expression, QStringLiteral("eval: %1 not evaluated: %2").arg(expression, message));
                                  });
    for (const QString& expression : evals)
        expressions->evaluate(expression);
}
