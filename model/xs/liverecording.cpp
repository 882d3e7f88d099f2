#include "liverecording.h"

namespace xsprof {

std::shared_ptr<Profile> LiveRecording::snapshot()
{
    std::lock_guard lock(m_mutex);
    return m_recorder.snapshot();
}

std::shared_ptr<Profile> LiveRecording::finishedSession(size_t index)
{
    std::lock_guard lock(m_mutex);
    std::vector<Profile>& sessions = m_recorder.sessions();
    if (index >= sessions.size())
        return nullptr;
    return std::make_shared<Profile>(sessions[index].snapshot());
}

} // namespace xsprof
