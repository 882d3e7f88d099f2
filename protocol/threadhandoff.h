#pragma once
// Work handed to another thread through Qt's queues (a queued call, a blocking queued call, a
// thread-pool task), in a way ThreadSanitizer follows. Debian's Qt is not built with TSan: the
// lock that orders a queued call (the event queue's, the pool's) is invisible to it, so it takes
// what the poster wrote before (the call's captures, the data they point to) and what the
// receiver reads for a race. Each hand-off here says so with a release before the post and an
// acquire where the work starts; without TSan the wrapper does not exist and these are Qt's own
// calls. Use these, not QMetaObject::invokeMethod, wherever work crosses threads in protocol/.
//
// The keys are addresses the receiving side knows without reading anything the poster wrote
// (any such read would itself be reported): one per call site (a static of the wrapper's type)
// for poster -> receiver, and the wrapper's own address for receiver -> whoever destroys it
// (Qt may drop its last reference on the posting thread, after the call ran). The price of a key
// per call site: a thread posting there also learns what other posters of the same site wrote
// before they posted (its moved-from copies acquire it as they go), so a race between two
// posters of one site may go unseen; never one between a poster and the work it posted.
#include <QMetaObject>
#include <QObject>
#include <QThreadPool>

#include <utility>

#if defined(__SANITIZE_THREAD__)
#define XSPROF_HANDOFF_ANNOTATED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define XSPROF_HANDOFF_ANNOTATED 1
#endif
#endif

#ifdef XSPROF_HANDOFF_ANNOTATED
#include <sanitizer/tsan_interface.h>
#endif

namespace threadhandoff {

#ifdef XSPROF_HANDOFF_ANNOTATED
// `work` with its hand-off marked: built, moved and released on the posting thread, called (and
// destroyed) on the receiving one.
template <typename Work>
class Marked {
public:
    explicit Marked(Work work) : m_work(std::move(work)) { __tsan_release(site()); }
    // Every move releases again after it: the last one builds the copy Qt keeps (its memory,
    // allocated just before, included).
    Marked(Marked&& other) : m_work(std::move(other.m_work)) { __tsan_release(site()); }
    Marked(const Marked& other) : m_work(other.m_work) { __tsan_release(site()); }
    Marked& operator=(const Marked&) = delete;
    ~Marked()
    {
        __tsan_acquire(site()); // dropped uncalled on the receiving thread
        __tsan_acquire(this);   // or dropped on the posting thread after the call
    }
    void operator()()
    {
        __tsan_acquire(site()); // before reading any capture
        m_work();
        __tsan_release(this);
        __tsan_release(done());
    }
    // What a blocking poster acquires once the call returned.
    static void* done()
    {
        static char key;
        return &key;
    }

private:
    static void* site()
    {
        static char key;
        return &key;
    }
    Work m_work;
};

template <typename Work>
Marked<Work> marked(Work work)
{
    return Marked<Work>(std::move(work));
}
#else
template <typename Work>
Work marked(Work work)
{
    return work;
}
#endif

// `work()` on `receiver`'s thread, later (Qt::QueuedConnection); dropped if the receiver goes first.
template <typename Work>
void post(QObject* receiver, Work work)
{
    QMetaObject::invokeMethod(receiver, marked(std::move(work)), Qt::QueuedConnection);
}

// `work()` on `receiver`'s thread (another one), returning once it ran: what it wrote is then
// this thread's to read.
template <typename Work>
void call(QObject* receiver, Work work)
{
    QMetaObject::invokeMethod(receiver, marked(std::move(work)), Qt::BlockingQueuedConnection);
#ifdef XSPROF_HANDOFF_ANNOTATED
    __tsan_acquire(Marked<Work>::done());
#endif
}

// `work()` on a thread of `pool`.
template <typename Work>
void start(QThreadPool* pool, Work work)
{
    pool->start(marked(std::move(work)));
}

} // namespace threadhandoff
