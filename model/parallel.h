#pragma once
// Two pieces of work at once, on the machine's two cores at least.
#include <cstddef>
#include <exception>
#include <thread>
#include <utility>

namespace xsprof {

// Runs a here and b on a second thread; returns when both are done and rethrows what either
// threw (a's exception first).
template <class A, class B>
void runInParallel(A&& a, B&& b)
{
    std::exception_ptr failedB;
    std::thread other([&] {
        try {
            b();
        } catch (...) {
            failedB = std::current_exception();
        }
    });
    std::exception_ptr failedA;
    try {
        a();
    } catch (...) {
        failedA = std::current_exception();
    }
    other.join();
    if (failedA)
        std::rethrow_exception(failedA);
    if (failedB)
        std::rethrow_exception(failedB);
}

// Passes over this many samples (or as many other items) pay for a second thread; below, the
// work stays on one.
constexpr size_t parallelWorkMinimum = 100000;

// Runs a and b in parallel when `parallel` (work large enough to pay for a thread), else one
// after the other.
template <class A, class B>
void runInParallelIf(bool parallel, A&& a, B&& b)
{
    if (parallel) {
        runInParallel(std::forward<A>(a), std::forward<B>(b));
        return;
    }
    a();
    b();
}

} // namespace xsprof
