import MediaDecoding
@testable import MediaPicker
import Synchronization
import XCTest
import Platform

/// Holds the library's jobs until the test runs them, so the order is the test's to decide.
final class ManualRunner: Sendable {
    private let queue = Locked<[(WorkPriority, @Sendable () -> Void)]>([])

    var run: MediaLibrary.JobRunner { { priority, job in self.queue.withLock { $0.append((priority, job)) } } }
    var priorities: [WorkPriority] { queue.withLock { $0.map(\.0) } }

    /// Runs the first queued job of `priority`; false when there is none.
    @discardableResult
    func runNext(_ priority: WorkPriority) -> Bool {
        let job: (@Sendable () -> Void)? = queue.withLock { queue in
            guard let i = queue.firstIndex(where: { $0.0 == priority }) else { return nil }
            return queue.remove(at: i).1
        }
        job?()
        return job != nil
    }

    func runAll() {
        while runNext(.visible) || runNext(.background) {}
    }
}

final class MediaLibraryJobTests: XCTestCase {
    func testEntriesOnScreenAreClassifiedByAJobOfHigherPriority() async {
        let folder = TempFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { folder.write(name) }
        let runner = ManualRunner()
        let library = MediaLibrary(name: "t", sources: [.folder(folder.path)], options: ScanOptions(),
                                   classifier: FakeContent.classifier, run: runner.run)
        XCTAssertEqual(runner.priorities, [.background], "the scan")
        runner.runNext(.background)
        XCTAssertEqual(library.snapshot().pendingCount, 3)
        XCTAssertEqual(runner.priorities, [.background], "the bulk classification, not started yet")

        let onScreen = folder.path.appending("c.jpg")
        library.prioritize([onScreen])
        XCTAssertEqual(runner.priorities, [.background, .visible])
        runner.runNext(.visible)
        XCTAssertEqual(library.entry(for: onScreen)?.format, .png)
        XCTAssertEqual(library.snapshot().pendingCount, 2)
        XCTAssertTrue(library.isBusy)

        runner.runAll()
        XCTAssertEqual(library.snapshot().pendingCount, 0)
        XCTAssertFalse(library.isBusy)
        await library.waitUntilIdle()
    }

    func testAFolderIsReadInBoundedJobsInTheOrderOfAPlainWalk() async {
        let folder = TempFolder()
        for i in 0..<(MediaLibrary.foldersPerJob + 6) {
            _ = folder.folder("d\(i)")
            folder.write("d\(i)/f.jpg")
        }
        let runner = ManualRunner()
        let library = MediaLibrary(name: "t", sources: [.folder(folder.path)], options: ScanOptions(recursive: true),
                                   classifier: FakeContent.classifier, run: runner.run)
        var scanJobs = 0
        while runner.runNext(.background) { scanJobs += 1 }
        XCTAssertGreaterThan(scanJobs, 2, "the walk and the classification took several jobs")
        await library.waitUntilIdle()

        var walked: [RawPath] = []
        var walk = DirectoryScanner.Walk(folder.path)
        DirectoryScanner(recursive: true, includeHidden: false)
            .scan(&walk, folderLimit: .max, found: { walked += $0.map(\.path) }, issue: { _ in })
        XCTAssertEqual(library.snapshot().entries.map(\.path), walked)
    }

    func testCancelStopsBetweenJobsAndWakesWaiters() async {
        let folder = TempFolder()
        for name in ["a.jpg", "b.jpg"] { folder.write(name) }
        let runner = ManualRunner()
        let library = MediaLibrary(name: "t", sources: [.folder(folder.path)], options: ScanOptions(),
                                   classifier: FakeContent.classifier, run: runner.run)
        runner.runNext(.background)
        library.cancel()
        runner.runAll()
        XCTAssertFalse(library.isBusy)
        XCTAssertEqual(library.snapshot().entries.count, 2, "entries found so far stay")
        await library.waitUntilIdle()
    }
}
