#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Platform

/// The libc-based replacements for Foundation's ProcessInfo and String(format:).
final class ProcessFactsTests: XCTestCase {
    func testEnvironmentHoldsWhatSetenvSet() {
        setenv("MEDIAPICK_TEST_VARIABLE", "a=b c", 1)
        defer { unsetenv("MEDIAPICK_TEST_VARIABLE") }
        XCTAssertEqual(ProcessEnvironment.variables()["MEDIAPICK_TEST_VARIABLE"], "a=b c")
        XCTAssertNil(ProcessEnvironment.variables()["MEDIAPICK_NO_SUCH_VARIABLE"])
    }

    func testProcessorCountIsWithinWhatTheMachineHas() {
        let count = ProcessEnvironment.activeProcessorCount()
        XCTAssertGreaterThanOrEqual(count, 1)
        XCTAssertLessThanOrEqual(count, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    func testFixedPointText() {
        XCTAssertEqual(NumberText.fixed(2.5, places: 2), "2.50")
        XCTAssertEqual(NumberText.fixed(9.94, places: 1), "9.9")
        XCTAssertEqual(NumberText.fixed(0.05, places: 1), "0.1")
        XCTAssertEqual(NumberText.fixed(12.0, places: 0), "12")
        XCTAssertEqual(NumberText.fixed(-1.25, places: 1), "-1.3")
        XCTAssertEqual(NumberText.fixed(-0.01, places: 1), "0.0")
    }

    func testPaddedText() {
        XCTAssertEqual(NumberText.padded(7, 2), "07")
        XCTAssertEqual(NumberText.padded(2026, 4), "2026")
        XCTAssertEqual(NumberText.padded(123, 2), "123")
    }

    func testWorkerThreadRunsItsBody() {
        let done = expectation(description: "ran")
        WorkerThread.start(name: "mediapick.test") { done.fulfill() }
        wait(for: [done], timeout: 10)
    }
}
