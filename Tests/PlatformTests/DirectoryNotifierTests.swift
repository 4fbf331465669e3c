#if canImport(Glibc)
import Glibc
import Foundation
import Platform
import XCTest

/// inotify through `DirectoryNotifier`: a file made in a watched folder is told, once the burst
/// is quiet; a path that is no folder cannot be watched. Awaited by the call itself.
final class DirectoryNotifierTests: XCTestCase {
    func testAFileMadeInAWatchedFolderIsTold() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mp-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let told = expectation(description: "told of the new file")
        told.assertForOverFulfill = false
        let notifier = try XCTUnwrap(DirectoryNotifier(settle: .milliseconds(10)) { told.fulfill() })
        XCTAssertTrue(notifier.watch(RawPath(folder.path)))
        XCTAssertTrue(notifier.watch(RawPath(folder.path)), "twice is once")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("new.jpg").path, contents: Data([1, 2, 3])))
        await fulfillment(of: [told], timeout: 30)
        notifier.stop()
        XCTAssertFalse(notifier.watch(RawPath(folder.path + "/other")), "stopped: nothing more is watched")
    }

    func testAPathThatIsNoFolderIsNotWatched() throws {
        let notifier = try XCTUnwrap(DirectoryNotifier { })
        XCTAssertFalse(notifier.watch(RawPath("/nonexistent-\(UUID().uuidString)")))
        XCTAssertFalse(notifier.watch(RawPath("/etc/hostname")), "a file, not a folder (IN_ONLYDIR)")
    }
}
#endif
