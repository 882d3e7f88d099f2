// The one way work runs off the GUI thread: latest wins, cancellation reaches the work,
// exceptions (out of memory included) come back as errors, and nothing waits for a worker.
#include "views/document/jobrunner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <new>
#include <stdexcept>
#include <vector>

class TestJobRunner : public QObject
{
    Q_OBJECT
private slots:
    void theResultArrivesOnTheRunnersThread();
    void onlyTheLatestJobHandsBackItsResult();
    void cancellingReachesTheRunningWork();
    void exceptionsBecomeErrors();
    void destroyingTheRunnerDoesNotWaitForItsWork();
    void aSynchronousRunnerWorksOnTheCallersThread();
    void analysesRunOnTheirOwnPool();
};

void TestJobRunner::theResultArrivesOnTheRunnersThread()
{
    JobRunner runner;
    QSignalSpy busy(&runner, &JobRunner::busyChanged);
    std::optional<int> got;
    QThread* workThread = nullptr;
    QThread* doneThread = nullptr;
    runner.run<int>(
        [&workThread](const xsprof::TaskControl&) {
            workThread = QThread::currentThread();
            return 42;
        },
        [&](JobResult<int> result) {
            doneThread = QThread::currentThread();
            got = result.value;
        });
    QVERIFY(runner.isBusy());
    QTRY_VERIFY(got.has_value());
    QCOMPARE(*got, 42);
    QVERIFY(workThread != QThread::currentThread());
    QCOMPARE(doneThread, QThread::currentThread());
    QVERIFY(!runner.isBusy());
    QCOMPARE(busy.count(), 2); // true, then false
}

void TestJobRunner::onlyTheLatestJobHandsBackItsResult()
{
    JobRunner runner;
    std::vector<int> handedBack;
    std::atomic<int> ran{0};
    for (int k = 1; k <= 5; ++k) {
        runner.run<int>(
            [k, &ran](const xsprof::TaskControl&) {
                QThread::msleep(20);
                ++ran;
                return k;
            },
            [&handedBack](JobResult<int> result) { handedBack.push_back(*result.value); });
    }
    QTRY_VERIFY(!runner.isBusy());
    QTRY_VERIFY(JobRunner::analysisPool()->waitForDone(5000));
    QCoreApplication::processEvents();
    QCOMPARE(handedBack, std::vector<int>{5}); // older jobs ran (or were skipped) and were dropped
    QVERIFY(ran >= 1);
}

void TestJobRunner::cancellingReachesTheRunningWork()
{
    JobRunner runner;
    std::atomic<bool> started{false};
    std::atomic<bool> sawCancel{false};
    bool handedBack = false;
    runner.run<int>(
        [&](const xsprof::TaskControl& control) {
            started = true;
            QElapsedTimer clock;
            clock.start();
            while (!control.isCancelled() && clock.elapsed() < 5000)
                QThread::msleep(1);
            sawCancel = control.isCancelled();
            return 0;
        },
        [&handedBack](JobResult<int>) { handedBack = true; });
    QTRY_VERIFY(started);
    runner.cancel();
    QVERIFY(!runner.isBusy());
    QTRY_VERIFY(sawCancel);
    QTest::qWait(20);
    QVERIFY(!handedBack);
}

void TestJobRunner::exceptionsBecomeErrors()
{
    JobRunner runner;
    std::optional<JobResult<int>> got;
    runner.run<int>([](const xsprof::TaskControl&) -> int { throw std::bad_alloc(); },
                    [&got](JobResult<int> result) { got = std::move(result); });
    QTRY_VERIFY(got.has_value());
    QVERIFY(!got->ok());
    QVERIFY(got->error.contains(QStringLiteral("memory")));

    got.reset();
    runner.run<int>([](const xsprof::TaskControl&) -> int { throw std::runtime_error("no frame 7"); },
                    [&got](JobResult<int> result) { got = std::move(result); });
    QTRY_VERIFY(got.has_value());
    QVERIFY(!got->ok());
    QVERIFY(got->error.contains(QStringLiteral("no frame 7")));
}

void TestJobRunner::destroyingTheRunnerDoesNotWaitForItsWork()
{
    auto started = std::make_shared<std::atomic<bool>>(false);
    auto release = std::make_shared<std::atomic<bool>>(false);
    auto finished = std::make_shared<std::atomic<bool>>(false);
    bool handedBack = false;
    auto* runner = new JobRunner;
    runner->run<int>(
        [started, release, finished](const xsprof::TaskControl&) {
            *started = true;
            while (!*release)
                QThread::msleep(1);
            *finished = true;
            return 1;
        },
        [&handedBack](JobResult<int>) { handedBack = true; });
    QTRY_VERIFY(*started);
    QElapsedTimer clock;
    clock.start();
    delete runner; // the job still runs: this must not wait for it
    QVERIFY(clock.elapsed() < 100);
    QVERIFY(!*finished);
    *release = true;
    QTRY_VERIFY(*finished);
    QTest::qWait(20); // its result would arrive now: it is dropped, nothing crashes
    QVERIFY(!handedBack);

    // A job not started yet when its runner goes is skipped altogether.
    auto ran = std::make_shared<std::atomic<bool>>(false);
    auto block = std::make_shared<std::atomic<bool>>(false);
    auto busy = std::make_shared<std::atomic<int>>(0);
    std::vector<std::unique_ptr<JobRunner>> blockers; // every thread of the pool busy
    for (int i = 0; i < JobRunner::analysisPool()->maxThreadCount(); ++i) {
        blockers.push_back(std::make_unique<JobRunner>());
        blockers.back()->run<int>(
            [block, busy](const xsprof::TaskControl&) {
                ++*busy;
                while (!*block)
                    QThread::msleep(1);
                return 0;
            },
            [](JobResult<int>) {});
    }
    QTRY_COMPARE(busy->load(), JobRunner::analysisPool()->maxThreadCount());
    auto* late = new JobRunner;
    late->run<int>(
        [ran](const xsprof::TaskControl&) {
            *ran = true;
            return 0;
        },
        [](JobResult<int>) {});
    delete late;
    *block = true;
    QVERIFY(JobRunner::analysisPool()->waitForDone(5000));
    QVERIFY(!*ran);
}

void TestJobRunner::aSynchronousRunnerWorksOnTheCallersThread()
{
    JobRunner runner;
    QThread* workThread = nullptr;
    std::optional<int> got;
    runner.run<int>(
        [&workThread](const xsprof::TaskControl&) {
            workThread = QThread::currentThread();
            return 7;
        },
        [&got](JobResult<int> result) { got = result.value; }, true);
    QCOMPARE(got, std::optional<int>(7)); // at once
    QCOMPARE(workThread, QThread::currentThread());
    QVERIFY(!runner.isBusy());
}

void TestJobRunner::analysesRunOnTheirOwnPool()
{
    QVERIFY(JobRunner::analysisPool() != QThreadPool::globalInstance());
    // A long analysis leaves the global pool (live parsing) free.
    QThreadPool::globalInstance()->waitForDone();
    auto release = std::make_shared<std::atomic<bool>>(false);
    JobRunner runners[4];
    for (JobRunner& runner : runners) {
        runner.run<int>(
            [release](const xsprof::TaskControl&) {
                while (!*release)
                    QThread::msleep(1);
                return 0;
            },
            [](JobResult<int>) {});
    }
    std::atomic<bool> parsed{false};
    QThreadPool::globalInstance()->start([&parsed] { parsed = true; });
    QTRY_VERIFY(parsed);
    *release = true;
    QVERIFY(JobRunner::analysisPool()->waitForDone(5000));
}

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
