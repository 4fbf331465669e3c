#if canImport(Glibc)
import Glibc
#endif
@testable import Platform
import XCTest

/// The scheduler's contract, with events awaited rather than slept on.
final class WorkSchedulerTests: XCTestCase {
    /// With one thread busy behind a gate, the queued jobs run highest priority first and
    /// first come first served within a priority.
    func testPriorityOrderWithOneThread() {
        let scheduler = WorkScheduler(width: 1)
        let gate = TestGate()
        let order = Recorder<String>()
        scheduler.submit(priority: .visible) { _ in gate.wait() }
        for (name, priority) in [("a", WorkPriority.background), ("b", .visible), ("c", .ahead), ("d", .visible), ("e", .background)] {
            scheduler.submit(priority: priority) { _ in order.append(name) }
        }
        gate.open()
        scheduler.waitUntilIdle()
        XCTAssertEqual(order.all, ["b", "d", "c", "a", "e"])
        scheduler.shutdown()
    }

    func testReprioritizedJobMovesAhead() {
        let scheduler = WorkScheduler(width: 1)
        let gate = TestGate()
        let order = Recorder<String>()
        scheduler.submit(priority: .visible) { _ in gate.wait() }
        scheduler.submit(priority: .background) { _ in order.append("a") }
        let late = scheduler.submit(priority: .background) { _ in order.append("b") }
        late.reprioritize(.visible)
        gate.open()
        scheduler.waitUntilIdle()
        XCTAssertEqual(order.all, ["b", "a"])
    }

    func testCancelledQueuedJobNeverRuns() {
        let scheduler = WorkScheduler(width: 1)
        let gate = TestGate()
        let ran = Recorder<String>()
        scheduler.submit(priority: .visible) { _ in gate.wait() }
        let dropped = scheduler.submit { _ in ran.append("dropped") }
        scheduler.submit { _ in ran.append("kept") }
        dropped.cancel()
        XCTAssertTrue(dropped.isCancelled)
        gate.open()
        scheduler.waitUntilIdle()
        XCTAssertEqual(ran.all, ["kept"])
    }

    func testRunningJobSeesCancellation() {
        let scheduler = WorkScheduler(width: 2)
        let started = TestGate()
        let outcome = Recorder<Bool>()
        let ticket = scheduler.submit { ticket in
            started.open()
            while !ticket.isCancelled { sched_yield() }
            outcome.append(ticket.isCancelled)
        }
        started.wait()
        ticket.cancel()
        scheduler.waitUntilIdle()
        XCTAssertEqual(outcome.all, [true])
    }

    func testEveryResultOfManyJobsIsDelivered() {
        let scheduler = WorkScheduler(width: 4)
        let results = Recorder<Int>()
        for n in 0..<2_000 {
            scheduler.submit(priority: WorkPriority.allCases[n % 3]) { _ in results.append(n * 2) }
        }
        scheduler.waitUntilIdle()
        XCTAssertEqual(results.all.sorted(), (0..<2_000).map { $0 * 2 })
        scheduler.shutdown()
    }

    func testWaitUntilIdleReturnsAtOnceWithNoWorkAndAfterAllWork() {
        let scheduler = WorkScheduler(width: 3)
        scheduler.waitUntilIdle()
        let done = Recorder<Int>()
        for n in 0..<50 { scheduler.submit { _ in done.append(n) } }
        scheduler.waitUntilIdle()
        XCTAssertEqual(done.all.count, 50)
        // Jobs submitted after an idle spell run too (the threads waited, not ended).
        scheduler.submit { _ in done.append(50) }
        scheduler.waitUntilIdle()
        XCTAssertEqual(done.all.count, 51)
    }

    func testShutdownDropsQueuedCancelsRunningAndRefusesNewWork() {
        let scheduler = WorkScheduler(width: 1)
        let started = TestGate()
        let ran = Recorder<String>()
        let running = scheduler.submit { ticket in
            started.open()
            while !ticket.isCancelled { sched_yield() }
            ran.append("running stopped")
        }
        let queued = scheduler.submit { _ in ran.append("queued") }
        started.wait()
        scheduler.shutdown()
        XCTAssertTrue(running.isCancelled)
        XCTAssertTrue(queued.isCancelled)
        let late = scheduler.submit { _ in ran.append("late") }
        XCTAssertTrue(late.isCancelled)
        scheduler.waitUntilIdle()
        XCTAssertEqual(ran.all, ["running stopped"])
    }

    func testJobsMaySubmitMoreJobs() {
        let scheduler = WorkScheduler(width: 2)
        let done = Recorder<Int>()
        let child = TestGate()
        scheduler.submit { _ in
            scheduler.submit { _ in done.append(2); child.open() }
            done.append(1)
        }
        child.wait()
        scheduler.waitUntilIdle()
        XCTAssertEqual(done.all.sorted(), [1, 2])
    }

    /// The main actor submits, moves and cancels tile jobs on every key; a worker preempted
    /// while holding the scheduler's lock made those keys wait (issue 14's soak). None of the
    /// three may wait for that lock.
    func testSubmitMoveAndCancelNeverWaitForTheWorkersLock() {
        let scheduler = WorkScheduler(width: 1)
        let locked = TestGate()
        let unlock = TestGate()
        let ran = Recorder<String>()
        WorkerThread.start(name: "lock holder") {
            scheduler.holdingWorkersLock {
                locked.open()
                unlock.wait()
            }
        }
        locked.wait()
        let asked = expectation(description: "submit, move and cancel returned with the lock held")
        WorkerThread.start(name: "submitter") {
            scheduler.submit { _ in ran.append("kept") }.reprioritize(.visible)
            scheduler.submit { _ in ran.append("dropped") }.cancel()
            asked.fulfill()
        }
        wait(for: [asked], timeout: 60)
        unlock.open()
        scheduler.waitUntilIdle()
        XCTAssertEqual(ran.all, ["kept"])
    }
}
