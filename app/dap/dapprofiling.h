#pragma once
// Profiling from the editor: the custom request xsprof/profile starts a machine's profiler, or
// stops it and writes what it recorded as a .cpuprofile (the existing writer), which the editor
// can open and xsprof shows with the divided totals.
//
// Machines that have not connected yet: a start with no machine connected is armed for the next
// one, and "profileOnStart" arms every one: their login answer carries <start-profiling/>, the
// only moment at which a host that reads commands only at its pauses (xst) takes it before its
// program runs. A machine that leaves with samples not written yet has them written to the
// launch folder (said, with the custom event xsprof/profileWritten).
//
// What this xst does (XS 17.9.1, the SDK's stock build: the file profiler, mxProfile, not the
// instrument profiler of the simulators and devices): <start-profiling/> starts its profiler at
// its login (in the login answer's write) but it sends no samples over the connection: it
// writes XS-yy-mm-dd-hh-mm-ss-mmm.cpuprofile in its working folder when profiling stops (a
// <stop-profiling/> read at a pause, or its exit). Started at a break (before or after <go/>)
// the file holds no samples. For a launched program those files are collected when it ends.
#include "app/dap/dapargs.h"

#include <nlohmann/json.hpp>

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

class MachineSession;

class DapProfiling : public QObject {
    Q_OBJECT

public:
    using Reply = std::function<void(const nlohmann::json& body)>;
    using Fail = std::function<void(const QString& message)>;

    explicit DapProfiling(QObject* parent = nullptr) : QObject(parent) {}
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // `defaultFolder` holds the file when `path` is empty ("NAME-yyyyMMdd-hhmmss.cpuprofile").
    // `session` null: no machine is connected (a start is armed for the next one).
    void request(MachineSession* session, const DapArgs::Profile& arguments, const QString& defaultFolder,
                 const Reply& reply, const Fail& fail);

    // Every machine's login answer starts its profiler ("profileOnStart").
    void setProfileOnStart(bool on);
    // The next login answer carries <start-profiling/>.
    bool startsAtLogin() const { return m_profileOnStart || m_armed; }
    // Every machine as it logs in (its login answer sent): the arming is used up, and a machine
    // that leaves with samples not written has them written into `folder`.
    void follow(MachineSession* session, const QString& folder);
    // A launched program ended: the profiles a file-profiler host (xst) wrote in `folder` since
    // `since`, said when a machine was asked to profile.
    void collectFileProfiles(const QString& folder, const QDateTime& since);

signals:
    // startsAtLogin() changed: the login answer is to be made again.
    void loginAnswerChanged();
    // A .cpuprofile was written (by the adapter, or by the machine's host itself).
    void written(const QString& path, qsizetype samples, const QString& machine);
    void note(const QString& text);

private:
    void write(MachineSession* session, const QString& path, const Reply& reply, const Fail& fail);
    void stop(MachineSession* session, const QString& path, const Reply& reply, const Fail& fail);
    void onLeaving(MachineSession* session, const QString& folder);
    static QString defaultPath(const MachineSession* session, const QString& folder);
    // What a start given to `session` (running) means for the user, said in the answer.
    static QString startMessage(const MachineSession* session);

    int m_timeoutMs = 10000;
    bool m_profileOnStart = false;
    bool m_armed = false;
    bool m_askedAny = false; // some machine was asked to profile (at its login or by a request)
    QHash<const MachineSession*, int> m_writtenOf; // finished profiles written, per machine
};
