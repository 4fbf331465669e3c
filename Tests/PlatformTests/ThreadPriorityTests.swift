import Platform
import XCTest

/// Background workers really run at a lower priority than the thread that made them, and
/// `niceness: 0` leaves them at its priority.
final class ThreadPriorityTests: XCTestCase {
    #if os(Linux)
    func testSchedulerThreadsRunBelowTheCallersPriority() {
        let caller = ThreadPriority.currentNiceness
        let seen = Recorder<Int32>()
        let scheduler = WorkScheduler(width: 2)
        for _ in 0..<4 { scheduler.submit { _ in seen.append(ThreadPriority.currentNiceness) } }
        scheduler.waitUntilIdle()
        scheduler.shutdown()
        let expected = min(19, caller + ThreadPriority.backgroundNiceness)
        XCTAssertEqual(seen.all, [Int32](repeating: expected, count: 4))
        XCTAssertEqual(ThreadPriority.currentNiceness, caller, "the caller's own priority is left alone")
    }

    func testNicenessZeroKeepsTheCallersPriority() {
        let caller = ThreadPriority.currentNiceness
        let seen = Recorder<Int32>()
        let scheduler = WorkScheduler(width: 1, niceness: 0)
        scheduler.submit { _ in seen.append(ThreadPriority.currentNiceness) }
        scheduler.waitUntilIdle()
        scheduler.shutdown()
        XCTAssertEqual(seen.all, [caller])
    }
    #endif
}
