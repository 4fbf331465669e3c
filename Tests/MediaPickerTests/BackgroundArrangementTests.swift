import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// A big library's snapshots are arranged off the main actor: keys meanwhile act on the grid as
/// it was, the arrangement is installed when done with the focus kept, and one made stale by a
/// forced refresh is dropped.
@MainActor
final class BackgroundArrangementTests: XCTestCase {
    static let names = ["apple.jpg", "banana.jpg", "cherry.jpg", "date.jpg", "elder.jpg", "fig.mp4", "grape.png"]

    func testAVanishedFileLeavesTheGridWhenTheArrangementIsInstalled() async throws {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        h.picker.backgroundArrangementMinimum = 0
        h.press(.right, .right, .right)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "date.jpg")
        let arrangedBefore = h.picker.model.arrangements

        h.picker.library.markVanished(h.folder.path.appending("banana.jpg"))
        h.picker.refresh()
        let arranging = try XCTUnwrap(h.picker.arranging, "a snapshot at the minimum is arranged off the main actor")
        // Until it is installed the grid is the one before, and keys act on it.
        XCTAssertEqual(h.picker.shownEntries.count, 7)
        h.press(.right)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "elder.jpg")

        await arranging.value
        XCTAssertNil(h.picker.arranging)
        XCTAssertEqual(h.picker.model.arrangements, arrangedBefore + 1)
        XCTAssertEqual(h.picker.shownEntries.map { $0.name.string },
                       ["apple.jpg", "cherry.jpg", "date.jpg", "elder.jpg", "fig.mp4", "grape.png"])
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "elder.jpg", "the focus stays on its entry")
        XCTAssertFalse(h.screen().text.contains("banana"))
    }

    func testAnArrangementMadeStaleByAForcedRefreshIsDropped() async throws {
        let h = await PickerHarness(names: Self.names)
        h.picker.backgroundArrangementMinimum = 0
        let arrangedBefore = h.picker.model.arrangements

        h.picker.library.markVanished(h.folder.path.appending("apple.jpg"))
        h.picker.refresh()
        let arranging = try XCTUnwrap(h.picker.arranging)
        h.picker.refresh(force: true)  // arranged here, at once
        XCTAssertEqual(h.picker.model.arrangements, arrangedBefore + 1)
        XCTAssertEqual(h.picker.shownEntries.count, 6)

        await arranging.value
        XCTAssertEqual(h.picker.model.arrangements, arrangedBefore + 1, "the stale arrangement was not installed")
        XCTAssertEqual(h.picker.shownEntries.first?.name.string, "banana.jpg")
    }

    func testSmallSnapshotsAreStillArrangedAtOnce() async {
        let h = await PickerHarness(names: Self.names)
        XCTAssertEqual(h.picker.backgroundArrangementMinimum, 5_000)
        h.picker.library.markVanished(h.folder.path.appending("cherry.jpg"))
        h.picker.refresh()
        XCTAssertNil(h.picker.arranging)
        XCTAssertEqual(h.picker.shownEntries.count, 6)
    }
}
