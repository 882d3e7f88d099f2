#include "dapexecution.h"

#include "app/dap/dapbreakpoints.h"
#include "app/dap/dapbreakreason.h"
#include "app/dap/dapinspection.h"
#include "protocol/debuggee.h"

DapExecution::DapExecution(DapInspection* inspection, DapBreakpoints* breakpoints, QObject* parent)
    : QObject(parent), m_inspection(inspection), m_breakpoints(breakpoints)
{
}

void DapExecution::resume(Debuggee* session, int thread, Resume how)
{
    m_inspection->forget(thread);
    m_pausing.remove(session);
    m_stepFrom.remove(session);
    if (how == Resume::StepIn || how == Resume::Next)
        m_stepFrom.insert(session, {placeOf(session), how});
    else
        m_enteredAt.remove(session);
    switch (how) {
    case Resume::Continue: session->go(); break;
    case Resume::Next: session->step(); break;
    case Resume::StepIn: session->stepInside(); break;
    case Resume::StepOut: session->stepOutside(); break;
    }
}

bool DapExecution::pause(Debuggee* session)
{
    if (session->state() == Debuggee::State::Broken)
        return false;
    session->step(); // xsbug's Break: a running machine stops at its next line
    m_pausing.insert(session); // its next stop is the pause ("step", or "C: xsDebugger" when idle)
    return true;
}

DapExecution::Place DapExecution::placeOf(const Debuggee* session)
{
    const QList<xsbug::Frame>& frames = session->frames().frames;
    if (frames.isEmpty())
        return {};
    return {frames.size(), frames.first().name, frames.first().path, frames.first().line};
}

std::optional<nlohmann::json> DapExecution::stopped(Debuggee* session, int thread)
{
    m_inspection->forget(thread);
    const xsbug::Break& at = session->lastBreak();
    const bool entry = m_entryPending;
    const DapBreakReason::Reason why = DapBreakReason::of(at.message, entry, m_pausing.remove(session));
    // Stepping into a function stops on its header line, then again on the same line at the
    // next step (in or over): that second stop is stepped over, unseen.
    const Place here = placeOf(session);
    const std::optional<Step> from = m_stepFrom.contains(session) ? std::optional(m_stepFrom.take(session)) : std::nullopt;
    const std::optional<Place> entered = m_enteredAt.contains(session) ? std::optional(m_enteredAt.take(session)) : std::nullopt;
    if (why.reason == QLatin1String("step") && from) {
        if (entered && *entered == here && from->from == here) {
            if (from->how == Resume::StepIn)
                session->stepInside();
            else
                session->step();
            m_stepFrom.insert(session, {here, from->how});
            return std::nullopt;
        }
        if (from->how == Resume::StepIn && here.depth > from->from.depth)
            m_enteredAt.insert(session, here);
    }
    if (why.reason == QLatin1String("entry"))
        m_entryPending = false;
    nlohmann::json body = {{"reason", why.reason.toStdString()},
                           {"threadId", thread},
                           {"description", why.description.toStdString()},
                           {"allThreadsStopped", false},
                           {"preserveFocusHint", false}};
    if (why.isException())
        body["text"] = why.description.toStdString();
    if (why.reason == QLatin1String("breakpoint")) {
        const QList<xsbug::Frame>& frames = session->frames().frames;
        if (const int id = m_breakpoints->idAt(at.path, at.line)) {
            body["hitBreakpointIds"] = {id};
        } else if (const int f = frames.isEmpty() ? 0 : m_breakpoints->functionIdFor(frames.first().name)) {
            body["reason"] = "function breakpoint";
            body["hitBreakpointIds"] = {f};
        }
    }
    return body;
}
