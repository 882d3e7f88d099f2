#include "protocol/relativebreakpoints.h"

#include <QDir>

namespace {
bool isSeparator(QChar c)
{
    return c == QLatin1Char('/') || c == QLatin1Char('\\');
}

QString withoutDotSlash(QString spec)
{
    while (spec.size() > 2 && spec.at(0) == QLatin1Char('.') && isSeparator(spec.at(1)))
        spec.remove(0, 2);
    return spec;
}

bool isAbsolute(const QString& path)
{
    // The machine's paths, whatever this computer's: "/…", "C:\…", "C:/…", "\\server\…".
    return path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('\\')) ||
           (path.size() > 2 && path.at(1) == QLatin1Char(':') && isSeparator(path.at(2))) || QDir::isAbsolutePath(path);
}
} // namespace

bool RelativeBreakpoints::matches(const QString& spec, const QString& path)
{
    if (isAbsolute(spec))
        return spec == path;
    const QString tail = withoutDotSlash(spec);
    if (tail.isEmpty() || path.size() < tail.size())
        return false;
    const qsizetype start = path.size() - tail.size();
    for (qsizetype i = 0; i < tail.size(); ++i) {
        const QChar a = tail.at(i), b = path.at(start + i);
        if (a != b && !(isSeparator(a) && isSeparator(b)))
            return false;
    }
    return start == 0 || isSeparator(path.at(start - 1));
}

bool RelativeBreakpoints::isRelative(const Breakpoint& breakpoint)
{
    return !breakpoint.function && !breakpoint.path.isEmpty() && !isAbsolute(breakpoint.path);
}

RelativeBreakpoints::RelativeBreakpoints(Debuggee* session) : QObject(session), m_session(session)
{
    connect(session, &Debuggee::framesChanged, this, [this] {
        for (const xsbug::Frame& frame : m_session->frames().frames)
            learn(frame.path);
    });
    connect(session, &Debuggee::variablesChanged, this, [this] { learn(m_session->local().path); });
    connect(session, &Debuggee::broke, this, [this](const xsbug::Break& at) { learn(at.path); });
    connect(session, &Debuggee::logged, this, [this](const xsbug::Log& log) { learn(log.path); });
    connect(session, &Debuggee::bubbled, this, [this](const xsbug::Bubble& bubble) { learn(bubble.path); });
}

RelativeBreakpoints* RelativeBreakpoints::of(Debuggee* session)
{
    if (auto* existing = session->findChild<RelativeBreakpoints*>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new RelativeBreakpoints(session);
}

QString RelativeBreakpoints::key(const Breakpoint& breakpoint)
{
    return breakpoint.path + QLatin1Char(':') + QString::number(breakpoint.line);
}

void RelativeBreakpoints::add(const BreakpointList& list)
{
    for (const Breakpoint& b : list)
        add(b);
}

void RelativeBreakpoints::add(const Breakpoint& breakpoint)
{
    if (!isRelative(breakpoint))
        return;
    if (m_breakpoints.removeAll(breakpoint) > 0)
        m_sent.remove(key(breakpoint)); // changed (a condition…): sent again, replacing it
    m_breakpoints << breakpoint;
    sendMatches(breakpoint);
}

void RelativeBreakpoints::remove(const Breakpoint& breakpoint)
{
    if (!isRelative(breakpoint))
        return;
    m_breakpoints.removeAll(breakpoint);
    const QSet<QString> sent = m_sent.take(key(breakpoint));
    for (const QString& path : sent) {
        Breakpoint under = breakpoint;
        under.path = path;
        m_session->clearBreakpoint(under);
    }
}

void RelativeBreakpoints::learn(const QString& machinePath)
{
    if (machinePath.isEmpty() || !isAbsolute(machinePath) || m_paths.contains(machinePath))
        return;
    m_paths.insert(machinePath);
    qsizetype cut = machinePath.size() - 1;
    while (cut >= 0 && !isSeparator(machinePath.at(cut)))
        --cut;
    if (cut >= 0)
        m_folders.insert(machinePath.left(cut + 1));
    for (const Breakpoint& b : std::as_const(m_breakpoints))
        sendMatches(b);
}

void RelativeBreakpoints::sendMatches(const Breakpoint& breakpoint)
{
    for (const QString& path : std::as_const(m_paths)) {
        if (matches(breakpoint.path, path))
            sendUnder(breakpoint, path);
    }
    const QString tail = withoutDotSlash(breakpoint.path);
    for (const QString& folder : std::as_const(m_folders))
        sendUnder(breakpoint, folder + tail);
}

void RelativeBreakpoints::sendUnder(const Breakpoint& breakpoint, const QString& path)
{
    QSet<QString>& sent = m_sent[key(breakpoint)];
    if (sent.contains(path) || !m_session->isConnected() || m_session->state() == Debuggee::State::AwaitingLogin)
        return;
    sent.insert(path);
    Breakpoint under = breakpoint;
    under.path = path;
    m_session->setBreakpoint(under);
}

QStringList RelativeBreakpoints::sentPaths(const Breakpoint& breakpoint) const
{
    QStringList paths = m_sent.value(key(breakpoint)).values();
    paths.sort();
    return paths;
}
