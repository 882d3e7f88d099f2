#pragma once
// Watches a machine asked to start profiling: when no sample has come a few seconds later, it
// says why and what works. XS sends no samples for a profile started at a break (xst even
// leaves it unstarted: it reads commands only when it pauses); Profile on Start, or a host that
// reads its connection as commands come (the Moddable simulator, devices), profile from the start.
#include <QObject>
#include <QTimer>

#include <cstddef>

class MachineSession;

class SampleWatch : public QObject
{
    Q_OBJECT
public:
    static constexpr int defaultWaitMs = 4000;

    explicit SampleWatch(MachineSession* session, int waitMs = defaultWaitMs, QObject* parent = nullptr);

    // Start Profiling was just sent (`atBreak`: the machine was stopped).
    void started(bool atBreak);
    // Why no samples came ("" while there is nothing to say).
    QString note() const { return m_note; }

signals:
    void noteChanged(const QString& note);

private:
    size_t samplesSoFar() const;
    void check();
    void setNote(const QString& note);

    MachineSession* m_session;
    QTimer m_timer;
    size_t m_samplesAtStart = 0;
    bool m_atBreak = false;
    QString m_note;
};
