import Foundation
import Platform
import XCTest

/// `Locked` is the project's one mutex, because ThreadSanitizer sees its pthread calls.
final class LockedTests: XCTestCase {
    /// Four threads adding to one counter lose no update.
    func testConcurrentUpdatesAreAllKept() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        XCTAssertEqual(counter.withLock { $0 }, 40_000)
    }

    /// CI failed under ThreadSanitizer on a test helper that kept its list in
    /// `Synchronization.Mutex`: when two threads contend, that Mutex hands the lock over in the
    /// kernel (FUTEX_LOCK_PI), which ThreadSanitizer does not see, so it reports a race that is
    /// not there and `make tsan` fails at random. No source or test file uses it; `Locked`
    /// (or an `Atomic`) does the job.
    func testNoFileUsesSynchronizationMutex() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var offenders: [String] = []
        for folder in ["Sources", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                guard file.pathExtension == "swift", file.lastPathComponent != "LockedTests.swift" else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                if code.contains(where: { $0.contains("Mutex<") || $0.contains("Mutex(") }) {
                    offenders.append(file.lastPathComponent)
                }
            }
        }
        XCTAssertEqual(offenders, [], "use Locked instead of Synchronization.Mutex")
    }
}
