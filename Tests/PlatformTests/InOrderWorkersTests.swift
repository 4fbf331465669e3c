#if canImport(Glibc)
import Glibc
#endif
import Platform
import XCTest

/// Results come back in input order, on the calling thread, whatever order they finish in.
final class InOrderWorkersTests: XCTestCase {
    func testResultsInInputOrderOnTheCallingThread() {
        let caller = pthread_self()
        let workers = Recorder<Bool>()
        let elements = Array(0..<300)
        var emitted: [Int] = []
        InOrderWorkers.forEach(elements, width: 4, work: { n -> Int in
            workers.append(pthread_equal(pthread_self(), caller) != 0)
            return n * 3
        }, emit: { n, output in
            XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0)
            XCTAssertEqual(output, n * 3)
            emitted.append(n)
        })
        XCTAssertEqual(emitted, elements)
        XCTAssertFalse(workers.all.contains(true), "the work ran on worker threads")
    }

    /// The last element finishes first: nothing is emitted until the first is done.
    func testLaterResultsWaitForEarlierOnes() {
        let firstMayFinish = TestGate()
        let finished = Recorder<Int>()
        var emitted: [Int] = []
        InOrderWorkers.forEach([0, 1], width: 2, work: { n -> Int in
            // Element 1 records its end before it lets element 0 go on, so the record's order is fixed.
            if n == 0 {
                firstMayFinish.wait()
                finished.append(n)
            } else {
                finished.append(n)
                firstMayFinish.open()
            }
            return n
        }, emit: { n, _ in emitted.append(n) })
        XCTAssertEqual(emitted, [0, 1])
        XCTAssertEqual(finished.all, [1, 0])
    }

    func testOneElementOrWidthOneRunsOnTheCallingThread() {
        let caller = pthread_self()
        var onCaller: [Bool] = []
        let here: @Sendable (Int) -> (Int, Bool) = { n in (n, pthread_equal(pthread_self(), caller) != 0) }
        InOrderWorkers.forEach([7], width: 8, work: here, emit: { _, output in onCaller.append(output.1) })
        InOrderWorkers.forEach([1, 2, 3], width: 1, work: here, emit: { _, output in onCaller.append(output.1) })
        XCTAssertEqual(onCaller, [true, true, true, true])
    }
}
