#include "app/debugger/samplewatch.h"

#include "protocol/machinesession.h"

SampleWatch::SampleWatch(MachineSession* session, int waitMs, QObject* parent) : QObject(parent), m_session(session)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(waitMs);
    connect(&m_timer, &QTimer::timeout, this, &SampleWatch::check);
    connect(session, &MachineSession::profileUpdated, this, [this] {
        if (samplesSoFar() > m_samplesAtStart) {
            m_timer.stop();
            setNote({});
        }
    });
    connect(session, &MachineSession::profilingChanged, this, [this](bool profiling) {
        if (!profiling && !m_timer.isActive())
            setNote({}); // stopped: nothing is awaited
    });
    connect(session, &MachineSession::disconnected, this, [this] {
        m_timer.stop();
        setNote({});
    });
}

void SampleWatch::started(bool atBreak)
{
    m_samplesAtStart = samplesSoFar();
    m_atBreak = atBreak;
    setNote({});
    m_timer.start();
}

size_t SampleWatch::samplesSoFar() const
{
    size_t samples = 0;
    for (const SessionParser::SessionSummary& s : m_session->profileSummaries())
        samples += s.samples;
    return samples;
}

void SampleWatch::check()
{
    if (samplesSoFar() > m_samplesAtStart || !m_session->isConnected())
        return;
    const QString name = m_session->name();
    const int seconds = m_timer.interval() / 1000;
    QString what;
    if (m_session->isProfiling())
        what = m_atBreak ? tr("%1 says it is profiling but has sent no samples in %2 s: XS sends none for a profile "
                              "started at a break.")
                               .arg(name)
                               .arg(seconds)
                         : tr("%1 says it is profiling but has sent no samples in %2 s.").arg(name).arg(seconds);
    else
        what = tr("%1 has not started profiling in %2 s: xst (the XS test shell) reads commands only when it pauses "
                  "(a break, a breakpoint, a debugger statement).")
                   .arg(name)
                   .arg(seconds);
    setNote(what + QLatin1Char('\n') +
            tr("What works: Debug › Profile on Start, set before the machine starts, profiles it from its first line "
               "(a stock xst, built with XS's file profiler, sends no samples: it writes XS-….cpuprofile in its working "
               "folder when it exits); the Moddable simulator and devices read commands as they come and start "
               "profiling at once."));
}

void SampleWatch::setNote(const QString& note)
{
    if (m_note == note)
        return;
    m_note = note;
    emit noteChanged(m_note);
}
