// Under ThreadSanitizer only (scripts/test.sh's build-tsan/): that tests/tsan-suppressions.txt
// hides nothing of ours, and that protocol/threadhandoff.h orders exactly its hand-off.
//   tsan_handoffcheck marked        a value handed to another thread with threadhandoff::post: clean
//   tsan_handoffcheck unmarked      the same through QMetaObject::invokeMethod: a race is reported
//   tsan_handoffcheck writtenafter  marked, but the poster writes again after posting: a race
// ctest expects the report (or none) in the output, with the suppressions of the TSan stage.
#include "protocol/threadhandoff.h"

#include <QCoreApplication>
#include <QThread>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>

namespace {

struct Payload {
    int value = 0;
};

int runCheck(const char* mode)
{
    QThread receiverThread;
    auto* receiver = new QObject;
    receiver->moveToThread(&receiverThread);
    QObject::connect(&receiverThread, &QThread::finished, receiver, &QObject::deleteLater);
    receiverThread.start();
    std::atomic<bool> done{false};
    auto payload = std::make_shared<Payload>();
    payload->value = 42; // written here, read there
    const auto read = [payload, &done] {
        std::printf("read %d\n", payload->value);
        done = true;
    };
    if (std::strcmp(mode, "marked") == 0) {
        threadhandoff::post(receiver, read);
    } else if (std::strcmp(mode, "unmarked") == 0) {
        QMetaObject::invokeMethod(receiver, read, Qt::QueuedConnection);
    } else if (std::strcmp(mode, "writtenafter") == 0) {
        // The receiver waits (on a relaxed flag, which orders nothing) until the write is made:
        // the read then surely follows it, and only the marks could order the two.
        std::atomic<bool> written{false};
        threadhandoff::post(receiver, [&written] {
            while (!written.load(std::memory_order_relaxed))
                QThread::yieldCurrentThread();
        });
        threadhandoff::post(receiver, read);
        payload->value = 43; // after the hand-off: unordered with the read
        written.store(true, std::memory_order_relaxed);
        while (!done)
            QThread::msleep(1);
    } else {
        std::fprintf(stderr, "usage: tsan_handoffcheck marked|unmarked|writtenafter\n");
        return 2;
    }
    while (!done)
        QThread::msleep(1);
    receiverThread.quit();
    receiverThread.wait();
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    return runCheck(argc > 1 ? argv[1] : "");
}
