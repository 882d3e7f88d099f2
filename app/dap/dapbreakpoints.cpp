#include "dapbreakpoints.h"

#include "protocol/debuggee.h"

DapBreakpoints::DapBreakpoints(QObject* parent) : QObject(parent) {}

void DapBreakpoints::setPaths(const DapPaths& paths)
{
    m_paths = paths;
    for (auto it = m_bySource.begin(); it != m_bySource.end(); ++it) {
        for (Entry& e : it.value())
            e.breakpoint.path = m_paths.toMachine(it.key());
    }
    emit changed();
}

QString DapBreakpoints::logMessageExpression(const QString& message)
{
    QString out = QStringLiteral("`");
    int depth = 0;
    for (const QChar c : message) {
        if (depth == 0) {
            if (c == QLatin1Char('{')) {
                out += QStringLiteral("${");
                depth = 1;
            } else if (c == QLatin1Char('`') || c == QLatin1Char('\\') || c == QLatin1Char('$')) {
                out += QLatin1Char('\\');
                out += c;
            } else {
                out += c;
            }
            continue;
        }
        if (c == QLatin1Char('{'))
            ++depth;
        else if (c == QLatin1Char('}'))
            --depth;
        out += c;
    }
    if (depth != 0)
        return {};
    return out + QLatin1Char('`');
}

DapBreakpoints::Entry DapBreakpoints::make(const QString& path, int line, bool function, const QString& condition,
                                           const QString& hitCondition, const QString& log)
{
    Entry entry;
    entry.id = m_nextId++;
    entry.breakpoint = Breakpoint(path, line, true, function);
    entry.breakpoint.condition = condition.trimmed();
    const QString hit = QString(hitCondition).remove(QLatin1Char(' '));
    if (!hit.isEmpty()) {
        if (Breakpoint::isValidHitCount(hit)) {
            entry.breakpoint.hitCount = hit;
        } else {
            entry.verified = false;
            entry.message = QStringLiteral("hit condition \"%1\" is not one XS counts: a count (5), or an operator "
                                           "(%, <, <=, =, >, >=) and a count (>=5, %3)")
                                .arg(hit);
        }
    }
    if (!log.isEmpty()) {
        entry.breakpoint.logMessage = logMessageExpression(log);
        if (entry.breakpoint.logMessage.isEmpty()) {
            entry.verified = false;
            entry.message = QStringLiteral("log message \"%1\": a { is not closed").arg(log);
        }
    }
    entry.blockedBy = blockReason(entry);
    return entry;
}

QString DapBreakpoints::blockReason(const Entry& entry) const
{
    if (!m_sessionProblem.isEmpty())
        return m_sessionProblem;
    if (entry.breakpoint.needsCompiler())
        return m_compilerProblem;
    return {};
}

void DapBreakpoints::setCompilerProblem(const QString& problem)
{
    m_compilerProblem = problem;
    reconsiderBlocked();
}

void DapBreakpoints::setSessionProblem(const QString& problem)
{
    m_sessionProblem = problem;
    reconsiderBlocked();
}

void DapBreakpoints::reconsiderBlocked()
{
    bool any = false;
    auto reconsider = [&](QList<Entry>& entries, const QString& localPath) {
        for (Entry& e : entries) {
            const QString reason = blockReason(e);
            if (reason == e.blockedBy)
                continue;
            e.blockedBy = reason;
            any = true;
            emit breakpointChanged(describe(e, localPath));
        }
    };
    for (auto it = m_bySource.begin(); it != m_bySource.end(); ++it)
        reconsider(it.value(), it.key());
    reconsider(m_functions, {});
    if (any)
        emit changed();
}

nlohmann::json DapBreakpoints::describe(const Entry& entry, const QString& localPath) const
{
    nlohmann::json b = {{"id", entry.id}, {"verified", entry.usable()}};
    if (!entry.verified && !entry.message.isEmpty())
        b["message"] = entry.message.toStdString();
    else if (!entry.blockedBy.isEmpty())
        b["message"] = entry.blockedBy.toStdString();
    else if (!entry.message.isEmpty())
        b["message"] = entry.message.toStdString();
    if (!entry.breakpoint.function) {
        b["line"] = entry.breakpoint.line;
        b["source"] = {{"path", localPath.toStdString()}};
    }
    return b;
}

nlohmann::json DapBreakpoints::setSource(const QString& localPath, const std::vector<DapArgs::SourceBreakpoint>& requested)
{
    const QString machinePath = m_paths.toMachine(localPath);
    QList<Entry> entries;
    nlohmann::json out = nlohmann::json::array();
    for (const DapArgs::SourceBreakpoint& r : requested) {
        Entry entry = make(machinePath, r.line, false, r.condition, r.hitCondition, r.logMessage);
        if (r.line <= 0) {
            entry.verified = false;
            entry.message = QStringLiteral("a breakpoint needs a line (1 or more)");
        }
        out.push_back(describe(entry, localPath));
        entries << entry;
    }
    const QList<Entry> before = m_bySource.value(localPath);
    if (entries.isEmpty())
        m_bySource.remove(localPath);
    else
        m_bySource.insert(localPath, entries);
    apply(before, entries);
    return out;
}

nlohmann::json DapBreakpoints::setFunctions(const std::vector<DapArgs::FunctionBreakpoint>& requested)
{
    QList<Entry> entries;
    nlohmann::json out = nlohmann::json::array();
    for (const DapArgs::FunctionBreakpoint& r : requested) {
        const QString name = r.name.trimmed();
        Entry entry = make(name, 0, true, r.condition, r.hitCondition, {});
        if (name.isEmpty()) {
            entry.verified = false;
            entry.message = QStringLiteral("a function breakpoint needs a function name");
        }
        out.push_back(describe(entry, {}));
        entries << entry;
    }
    const QList<Entry> before = m_functions;
    m_functions = entries;
    apply(before, entries);
    return out;
}

bool DapBreakpoints::setExceptionFilters(const QStringList& filters, QString& error)
{
    bool exceptions = false;
    for (const QString& f : filters) {
        if (f == QLatin1String("exceptions")) {
            exceptions = true;
        } else {
            error = QStringLiteral("unknown exception filter \"%1\": XS has one, \"exceptions\" (every throw)").arg(f);
            return false;
        }
    }
    if (exceptions == m_breakOnExceptions)
        return true;
    m_breakOnExceptions = exceptions;
    for (const QPointer<Debuggee>& session : std::as_const(m_sessions)) {
        if (!session || !session->isConnected())
            continue;
        if (exceptions)
            session->setSpecialBreakpoint(QStringLiteral("exceptions"));
        else
            session->clearSpecialBreakpoint(QStringLiteral("exceptions"));
    }
    emit changed();
    return true;
}

BreakpointList DapBreakpoints::all() const
{
    BreakpointList list;
    auto add = [&list](const QList<Entry>& entries) {
        for (const Entry& e : entries) {
            if (e.usable())
                list << e.breakpoint;
        }
    };
    for (const QList<Entry>& entries : m_bySource)
        add(entries);
    add(m_functions);
    return list;
}

int DapBreakpoints::idAt(const QString& machinePath, int line) const
{
    for (const QList<Entry>& entries : m_bySource) {
        for (const Entry& e : entries) {
            if (e.breakpoint.line == line && e.breakpoint.path == machinePath)
                return e.id;
        }
    }
    return 0;
}

int DapBreakpoints::functionIdFor(const QString& name) const
{
    for (const Entry& e : m_functions) {
        // XS matches the function's name key: "C.prototype.f" is reported for a breakpoint on "f".
        if (e.usable() && (name == e.breakpoint.path || name.endsWith(QLatin1Char('.') + e.breakpoint.path)))
            return e.id;
    }
    return 0;
}

void DapBreakpoints::follow(Debuggee* session)
{
    m_sessions.removeAll(nullptr);
    m_sessions << session;
    connect(session, &Debuggee::breakpointNotSent, this, &DapBreakpoints::onNotSent);
    // Those left out of its login answer were reported before we listened.
    for (const BreakpointNotSent& n : session->breakpointsNotSentAtLogin())
        onNotSent(n.breakpoint, n.reason);
}

void DapBreakpoints::apply(const QList<Entry>& before, const QList<Entry>& after)
{
    m_sessions.removeAll(nullptr);
    for (const QPointer<Debuggee>& session : std::as_const(m_sessions)) {
        if (!session->isConnected())
            continue;
        for (const Entry& old : before) {
            const bool kept = std::any_of(after.begin(), after.end(), [&](const Entry& e) {
                return e.usable() && e.breakpoint == old.breakpoint;
            });
            if (old.usable() && !kept)
                session->clearBreakpoint(old.breakpoint);
        }
        for (const Entry& e : after) {
            if (e.usable())
                session->setBreakpoint(e.breakpoint); // replaces one at the same place
        }
    }
    emit changed();
}

void DapBreakpoints::onNotSent(const Breakpoint& breakpoint, const QString& reason)
{
    auto mark = [&](QList<Entry>& entries, const QString& localPath) {
        for (Entry& e : entries) {
            if (e.breakpoint == breakpoint && e.verified) {
                e.verified = false;
                e.message = reason;
                emit breakpointChanged(describe(e, localPath));
            }
        }
    };
    for (auto it = m_bySource.begin(); it != m_bySource.end(); ++it)
        mark(it.value(), it.key());
    mark(m_functions, {});
}
