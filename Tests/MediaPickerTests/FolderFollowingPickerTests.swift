#if canImport(Glibc)
import Glibc
#endif
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// The open sheet over a followed folder: files added and removed while the user looks keep
/// the focus on its entry, the selection, and the focused entry's place on the screen; the
/// counts follow. Looks are awaited (`checkFolders`), not timed.
@MainActor
final class FolderFollowingPickerTests: XCTestCase {
    /// 40 pictures by name (f10…f49), the focus moved to f33 and selected.
    private func harness() async -> PickerHarness {
        let names = (10..<50).map { "f\($0).jpg" }
        // The timer left out: the test asks for each look itself.
        let harness = await PickerHarness(names: names, configure: { $0.selectionLimit = 0; $0.folderCheckInterval = .seconds(3_600) },
                                          size: Size(width: 80, height: 24))
        harness.press(.end)
        harness.press(.up, .up)
        while harness.picker.focusedEntry?.name.string != "f33.jpg" { harness.press(.left) }
        harness.press(.character(" "))
        _ = harness.screen()
        return harness
    }

    private func look(_ harness: PickerHarness) async {
        await harness.picker.library.checkFolders()
        await harness.settle()
    }

    /// The focused entry's row on the screen.
    private func screenRow(_ picker: PickerController) -> Int {
        let columns = picker.model.layout!.gridLayout.columns
        return picker.focusIndex / columns - picker.model.layout!.topRow
    }

    func testFilesAddedBeforeTheFocusKeepItsEntryItsRowAndTheSelection() async {
        let harness = await harness()
        let picker = harness.picker
        let row = screenRow(picker), index = picker.focusIndex
        XCTAssertGreaterThan(picker.model.layout!.topRow, 0, "scrolled down: the test needs rows above")
        let columns = picker.model.layout!.gridLayout.columns
        // A whole row of new files sorted before the focus (and one after it).
        for i in 0..<columns { harness.folder.write("a\(i).jpg") }
        harness.folder.write("z.jpg")
        await look(harness)
        XCTAssertEqual(picker.focusedEntry?.name.string, "f33.jpg")
        XCTAssertEqual(picker.focusIndex, index + columns)
        XCTAssertEqual(screenRow(picker), row, "the grid scrolled with the focused entry")
        XCTAssertEqual(picker.selection.ordered.map(\.lastComponent.string), ["f33.jpg"])
        XCTAssertEqual(picker.shownEntries.count, 40 + columns + 1)
        XCTAssertEqual(picker.model.listingCounts[.all], 40 + columns + 1, "the tabs' counts follow")
        XCTAssertTrue(harness.screen().text.contains("z.jpg") || picker.shownEntries.last?.name.string == "z.jpg")
    }

    func testFilesRemovedBeforeTheFocusKeepItsEntryAndTheSelection() async {
        let harness = await harness()
        let picker = harness.picker
        let row = screenRow(picker), index = picker.focusIndex
        let columns = picker.model.layout!.gridLayout.columns
        for i in 0..<columns { XCTAssertEqual(unlink(harness.folder.path.appending("f\(10 + i).jpg").string), 0) }
        await look(harness)
        XCTAssertEqual(picker.focusedEntry?.name.string, "f33.jpg")
        XCTAssertEqual(picker.focusIndex, index - columns)
        XCTAssertEqual(screenRow(picker), row)
        XCTAssertEqual(picker.selection.ordered.map(\.lastComponent.string), ["f33.jpg"])
        XCTAssertEqual(picker.shownEntries.count, 40 - columns)
    }

    func testASelectedFileRemovedLeavesTheSelection() async {
        let harness = await harness()
        XCTAssertEqual(unlink(harness.folder.path.appending("f33.jpg").string), 0)
        await look(harness)
        XCTAssertTrue(harness.picker.selection.isEmpty)
        XCTAssertFalse(harness.picker.shownEntries.contains { $0.name.string == "f33.jpg" })
    }

    /// Before the user moves, the focus is on the first entry; once the listing is complete, a
    /// newer file sorted first does not take it (Enter would pick a file the user never saw).
    func testAFileAddedFirstDoesNotTakeTheFocusFromTheFirstEntry() async {
        let harness = await PickerHarness(names: ["b.jpg", "c.jpg"], configure: { $0.folderCheckInterval = .seconds(3_600) })
        XCTAssertEqual(harness.picker.focusedEntry?.name.string, "b.jpg")
        harness.folder.write("a.jpg")
        await look(harness)
        XCTAssertEqual(harness.picker.shownEntries.map(\.name.string), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(harness.picker.focusedEntry?.name.string, "b.jpg")
    }

    /// Files added go through the tab and the search as the others do; the tabs' counts follow.
    func testFilesAddedAreFilteredBySearchAndTab() async {
        let harness = await PickerHarness(names: ["beach1.jpg", "city.jpg"], configure: { $0.folderCheckInterval = .seconds(3_600) })
        harness.press(.tab)  // Images
        harness.press(.character("/"))
        harness.type("beach")
        harness.press(.enter)
        XCTAssertEqual(harness.picker.shownEntries.map(\.name.string), ["beach1.jpg"])
        for name in ["beach2.jpg", "beach3.mp4", "town.jpg"] { harness.folder.write(name) }
        await look(harness)
        XCTAssertEqual(harness.picker.tab, .images)
        XCTAssertEqual(harness.picker.shownEntries.map(\.name.string), ["beach1.jpg", "beach2.jpg"], "the video and town.jpg left out")
        XCTAssertEqual(harness.picker.model.listingCounts[.videos], 1, "beach3.mp4 counted on its tab")
        harness.press(.escape)  // clears the query
        XCTAssertEqual(harness.picker.shownEntries.map(\.name.string), ["beach1.jpg", "beach2.jpg", "city.jpg", "town.jpg"])
    }

    func testTheWatchEndsWhenThePickerFinishes() async {
        let harness = await PickerHarness(names: ["a.jpg"])
        XCTAssertNotNil(harness.picker.folderWatch, "the sheet follows its folder while open")
        harness.press(.enter)
        XCTAssertEqual(harness.delegate.names, ["a.jpg"])
        XCTAssertNil(harness.picker.folderWatch, "nothing runs after the picker closes")
    }
}
