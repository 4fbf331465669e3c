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

    /// A folder watched is watched at its path: removed (`rm -r shots && mkdir shots`, as build
    /// and sync tools do) or moved away, and made again there, it is told back, and a file made
    /// in it then is told, though its parent is watched by no one.
    func testAFolderRemovedOrMovedAwayAndMadeAgainIsWatchedAgain() async throws {
        for moved in [false, true] {
            let parent = FileManager.default.temporaryDirectory.appendingPathComponent("mp-notify-\(UUID().uuidString)")
            let folder = parent.appendingPathComponent("shots")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: parent) }
            let awaited = Locked<XCTestExpectation?>(nil)
            let notifier = try XCTUnwrap(DirectoryNotifier(settle: .milliseconds(10)) { awaited.withLock { $0?.fulfill(); $0 = nil } })
            defer { notifier.stop() }
            XCTAssertTrue(notifier.watch(RawPath(folder.path)))
            /// Does `action`, then awaits the next telling.
            func told(_ what: String, after action: () throws -> Void) async throws {
                let telling = expectation(description: "told \(what) (moved: \(moved))")
                awaited.withLock { $0 = telling }
                try action()
                await fulfillment(of: [telling], timeout: 30)
            }
            try await told("the folder gone") {
                if moved {
                    try FileManager.default.moveItem(at: folder, to: parent.appendingPathComponent("shots.old"))
                } else {
                    try FileManager.default.removeItem(at: folder)
                }
            }
            try await told("the folder back") { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
            try await told("a file made in it") {
                XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("a.png").path, contents: Data([1])))
            }
        }
    }

    func testAPathThatIsNoFolderIsNotWatched() throws {
        let notifier = try XCTUnwrap(DirectoryNotifier { })
        XCTAssertFalse(notifier.watch(RawPath("/nonexistent-\(UUID().uuidString)")))
        XCTAssertFalse(notifier.watch(RawPath("/etc/hostname")), "a file, not a folder (IN_ONLYDIR)")
    }
}
#endif
