#pragma once
// A live machine's profile recording, shared between the thread that records it and the
// threads that show it. The threading contract:
// - the recording (an XsProfileRecorder) is reachable only through update() and read(), each
//   run under this object's lock, so the recorder needs no lock of its own;
// - snapshot() and finishedSession() alone hand out snapshots: Profiles whose sample and
//   instrument columns share the recording's buffers (SampleColumn::share, O(1)), taken under
//   the same lock. A snapshot is its holder's: read it, keep it or release it on any thread,
//   with no lock; the recording never writes, moves or frees what a snapshot reads.
#include "model/profile.h"
#include "model/xs/xsprofilerecorder.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace xsprof {

class LiveRecording {
public:
    explicit LiveRecording(std::string machineName = {}) : m_recorder(std::move(machineName)) {}
    LiveRecording(const LiveRecording&) = delete;
    LiveRecording& operator=(const LiveRecording&) = delete;

    // Runs `change(XsProfileRecorder&)` under the lock and returns what it returns.
    template <typename Change>
    decltype(auto) update(Change&& change)
    {
        std::lock_guard lock(m_mutex);
        return std::forward<Change>(change)(m_recorder);
    }
    // Runs `look(const XsProfileRecorder&)` under the lock and returns what it returns.
    template <typename Look>
    decltype(auto) read(Look&& look) const
    {
        std::lock_guard lock(m_mutex);
        return std::forward<Look>(look)(std::as_const(m_recorder));
    }

    // The session being recorded, durations up to date, else the last one closed; null
    // before any. O(frames + stacks): the samples are shared.
    std::shared_ptr<Profile> snapshot();
    // Closed session `index` (oldest first); null when there is none.
    std::shared_ptr<Profile> finishedSession(size_t index);

private:
    mutable std::mutex m_mutex;
    XsProfileRecorder m_recorder; // guarded by m_mutex
};

} // namespace xsprof
