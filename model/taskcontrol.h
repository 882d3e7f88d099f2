#pragma once
// Progress and cancellation hooks for long work; the caller decides the thread.
#include <atomic>
#include <functional>

namespace xsprof {

struct TaskControl {
    std::function<void(double fraction)> onProgress; // 0..1, called now and then
    const std::atomic<bool>* cancelFlag = nullptr;

    bool isCancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
    void report(double fraction) const
    {
        if (onProgress)
            onProgress(fraction);
    }
};

} // namespace xsprof
