import MediaDecoding
@testable import MediaPicker
import TerminalUI
import XCTest
import TestFixtures
import Thumbnails

@MainActor
final class PickerControllerTests: XCTestCase {
    static let names = ["apple.jpg", "banana.jpg", "cherry.jpg", "date.jpg", "elder.jpg", "fig.mp4", "grape.png"]

    func testFourthPickIsRefusedWithAMessageAtLimitThree() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 3 }
        h.press(.character(" "), .right, .character(" "), .right, .character(" "), .right, .character(" "))
        XCTAssertEqual(h.picker.selection.count, 3)
        XCTAssertNotNil(h.picker.statusMessage)
        let text = h.screen().text
        XCTAssertTrue(text.contains("Limit reached: at most 3"), text)
        XCTAssertTrue(text.contains("[ Add 3/3 ]"), text)
        XCTAssertTrue(h.delegate.calls.isEmpty)
    }

    func testSelectAllStopsAtTheLimit() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 2 }
        h.press(.control("a"))
        XCTAssertEqual(h.picker.selection.ordered.map { $0.lastComponent.string }, ["apple.jpg", "banana.jpg"])
        XCTAssertTrue(h.screen().text.contains("Selected up to the limit of 2"))
    }

    func testResultsComeInSelectionOrder() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        h.press(.right, .right, .character(" "), .home, .character(" "), .right, .character(" "), .enter)
        XCTAssertEqual(h.delegate.calls.count, 1)
        XCTAssertEqual(h.delegate.names, ["cherry.jpg", "apple.jpg", "banana.jpg"])
        let first = h.delegate.calls[0][0]
        XCTAssertEqual(first.assetIdentifier, h.folder.path.appending("cherry.jpg").string)
        XCTAssertEqual(first.kind, .image)
        XCTAssertEqual(first.pixelWidth, 640)
    }

    func testEnterWithNothingSelectedReturnsTheFocusedEntry() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 3 }
        h.press(.character("l"), .character("l"), .enter)
        XCTAssertEqual(h.delegate.names, ["cherry.jpg"])
    }

    func testLimitOneFinishesOnTheFirstSpace() async {
        let h = await PickerHarness(names: Self.names)
        h.press(.down, .character(" "))
        XCTAssertEqual(h.delegate.calls.count, 1)
        XCTAssertEqual(h.delegate.names?.count, 1)
        XCTAssertTrue(h.picker.isFinished)
    }

    func testCancelReturnsEmptyExactlyOnce() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        h.press(.character(" "), .escape, .character("q"), .enter, .character(" "))
        XCTAssertEqual(h.delegate.calls.count, 1)
        XCTAssertEqual(h.delegate.calls[0].count, 0)
        XCTAssertFalse(h.picker.handle(.key(.enter)), "a finished picker takes no more keys")
    }

    func testPreselectionIsShownAndReturned() async {
        let folder = TempFolder()
        _ = folder
        let h = await PickerHarness(names: Self.names) { configuration in
            configuration.selectionLimit = 0
        }
        // Preselect through the configuration of a fresh controller over the same library.
        var configuration = h.picker.configuration
        configuration.preselectedAssetIdentifiers = [h.folder.path.appending("date.jpg").string]
        configuration.preselectedPaths = [h.folder.path.appending("banana.jpg")]
        let picker = PickerController(configuration: configuration, library: h.picker.library, pipeline: h.picker.pipeline)
        let delegate = RecordingDelegate()
        picker.delegate = delegate
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        XCTAssertTrue(buffer.text.contains("[ Add 2 ]"), buffer.text)
        XCTAssertTrue(buffer.text.contains(" 1 "), "selection numbers are drawn")
        _ = picker.handle(.key(.enter))
        XCTAssertEqual(delegate.names, ["date.jpg", "banana.jpg"])
    }

    func testTabsAndSearchNarrowTheGridAndKeepTheSelection() async {
        let h = await PickerHarness(names: Self.names + ["LadyBird.jpg"]) { $0.selectionLimit = 0 }
        h.press(.character(" "))  // apple.jpg
        XCTAssertEqual(h.picker.shownEntries.count, 8)
        h.press(.tab)
        XCTAssertEqual(h.picker.tab, .images)
        XCTAssertEqual(h.picker.shownEntries.count, 7)
        h.press(.tab)
        XCTAssertEqual(h.picker.tab, .videos)
        XCTAssertEqual(h.picker.shownEntries.map { $0.name.string }, ["fig.mp4"])
        h.press(.tab)
        XCTAssertEqual(h.picker.tab, .all)
        h.press(.character("/"))
        h.type("ldbx")
        XCTAssertEqual(h.picker.shownEntries.count, 0)
        h.press(.backspace)  // a shorter query widens again
        XCTAssertEqual(h.picker.shownEntries.map { $0.name.string }, ["LadyBird.jpg"])
        _ = h.screen()
        XCTAssertEqual(h.picker.cursorPosition?.y, 1, "the cursor sits in the search field")
        h.press(.enter)  // ends editing
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.count, 2, "the earlier pick survives the search")
        h.press(.escape)  // clears the query
        XCTAssertEqual(h.picker.shownEntries.count, 8)
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["apple.jpg", "LadyBird.jpg"])
    }

    func testFocusStaysOnItsEntryAcrossTabs() async {
        let h = await PickerHarness(names: Self.names + ["LadyBird.jpg"]) { $0.selectionLimit = 0 }
        let lastImage = h.picker.shownEntries.last { $0.kind == .image }!
        h.picker.setFocus(h.picker.shownEntries.firstIndex { $0.path == lastImage.path }!)
        h.press(.tab)
        XCTAssertEqual(h.picker.tab, .images)
        XCTAssertEqual(h.picker.focusedEntry?.path, lastImage.path)
        h.press(.tab)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "fig.mp4", "the focused image is not on Videos: the focus moves")
        h.press(.tab)
        XCTAssertEqual(h.picker.tab, .all)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "fig.mp4")
    }

    func testFilterConfigurationLimitsTabsAndEntries() async {
        let h = await PickerHarness(names: Self.names) { $0.filter = .videos }
        XCTAssertEqual(h.picker.availableTabs, [.videos])
        XCTAssertEqual(h.picker.shownEntries.map { $0.name.string }, ["fig.mp4"])
    }

    func testResizeReflowsAndKeepsFocusVisible() async {
        var h = await PickerHarness(names: (1...40).map { "img\($0).jpg" }) { $0.selectionLimit = 0 }
        h.press(.end)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "img40.jpg")
        for size in [Size(width: 160, height: 48), Size(width: 40, height: 14), Size(width: 80, height: 24)] {
            h.size = size
            _ = h.picker.handle(.resize(size))
            let text = h.screen().text
            XCTAssertTrue(text.contains("img40.jpg"), "focused tile visible at \(size)\n\(text)")
        }
        h.size = Size(width: 20, height: 4)
        XCTAssertTrue(h.screen().text.contains("Terminal too small"))
        h.size = Size(width: 80, height: 24)
        XCTAssertTrue(h.screen().text.contains("img40.jpg"))
    }

    func testMouseClickFocusesAndToggles() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        // Second tile of the first row at 80x24: slot x 22..39, thumbnail rows 2..9.
        XCTAssertTrue(h.picker.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 30, y: 5)))))
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "banana.jpg")
        XCTAssertEqual(h.picker.selection.ordered.map { $0.lastComponent.string }, ["banana.jpg"])
        XCTAssertTrue(h.picker.handle(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 30, y: 5)))))
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "fig.mp4")
        XCTAssertTrue(h.picker.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 2, y: 0)))))
        XCTAssertEqual(h.delegate.calls.count, 1)
        XCTAssertEqual(h.delegate.calls[0].count, 0, "clicking Cancel cancels")
    }

    func testPreviewOpensAndAnyKeyClosesIt() async {
        let h = await PickerHarness(names: Self.names)
        h.press(.character("p"))
        XCTAssertEqual(h.picker.previewEntry?.name.string, "apple.jpg")
        let text = await h.settle().text
        XCTAssertTrue(text.contains("640×480"), text)
        XCTAssertTrue(text.contains("any key closes"))
        // The footer said `Space pick  Enter add  Esc cancel` over the preview, where each of
        // them only closes it.
        let footer = String(text.split(separator: "\n", omittingEmptySubsequences: false)[h.size.height - 1])
        XCTAssertTrue(footer.contains("any key back to the grid"), footer)
        XCTAssertFalse(footer.contains("pick") || footer.contains("cancel"), footer)
        h.press(.character("x"))
        XCTAssertNil(h.picker.previewEntry)
        XCTAssertTrue(h.delegate.calls.isEmpty)
    }

    func testPrintScreens() async {
        let h = await PickerHarness(names: Self.names + ["s.locked.jpg", "日本語の写真ファイル.jpg", "evil\u{1B}[31mred.jpg"]) { $0.selectionLimit = 3 }
        h.press(.right, .character(" "), .down, .character(" "))
        print(h.screen().text)
        print(h.screen(Size(width: 160, height: 48)).text)
        h.press(.character("p"))
        print(await h.settle().text)
    }

    func testASCIISymbolsKeepTheChromeASCII() async {
        let h = await PickerHarness(names: ["clip.mp4", "a.jpg", "s.locked.jpg"]) { $0.symbols = .ascii; $0.selectionLimit = 2 }
        h.press(.character(" "), .control("a"))
        let text = h.screen().text
        XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), text)
        XCTAssertTrue(text.contains("> 1:23 clip.mp4"), text)
    }

    func testUnreadableFilesShowABadge() async {
        let h = await PickerHarness(names: ["a.jpg", "s.locked.jpg"])
        let text = h.screen().text
        XCTAssertTrue(text.contains("no access"), text)
        XCTAssertTrue(text.contains("⚠ s.locked.jpg"), text)
    }

    func testAPictureOverThePixelLimitSaysTooLargeNotBroken() async {
        let h = await PickerHarness(names: ["big.jpg", "bad.jpg"], work: { key, _ throws(ThumbnailError) in
            let name = key.path.string
            if name.hasSuffix("big.jpg") { throw .decode(path: name, .tooLarge(width: 12000, height: 9000, limit: 100_000_000)) }
            throw .decode(path: name, .corrupt(detail: "JPEG: bogus marker"))
        })
        let text = h.screen().text
        XCTAssertTrue(text.contains("too large"), text)
        XCTAssertTrue(text.contains("broken"), text)
    }

    /// A picture whose format's library is not installed is not "broken": the file is fine.
    func testAPictureWhoseLibraryIsMissingSaysNoDecoderNotBroken() async {
        let h = await PickerHarness(names: ["w.jpg"], work: { key, _ throws(ThumbnailError) in
            throw .decode(path: key.path.string, .libraryMissing(detail: "WebP: libwebp is not installed (apt-get install libwebp7)"))
        })
        let text = h.screen().text
        XCTAssertTrue(text.contains("no decoder"), text)
        XCTAssertFalse(text.contains("broken"), text)
    }

    /// A file emptied after it was listed says "empty" on its tile, not "not media" (user testing).
    func testAnEmptiedFileSaysEmpty() async {
        let h = await PickerHarness(names: ["cut.jpg", "text.jpg"], work: { key, _ throws(ThumbnailError) in
            let name = key.path.string
            if name.hasSuffix("cut.jpg") { throw .empty(path: name) }
            throw .notMedia(path: name)
        })
        let text = h.screen().text
        XCTAssertTrue(text.contains("empty"), text)
        XCTAssertTrue(text.contains("not media"), text)
    }

    func testVideoTilesShowPlayMarkAndDuration() async {
        let h = await PickerHarness(names: ["clip.mp4"])
        XCTAssertTrue(h.screen().text.contains("▶ 1:23 clip.mp4"))
    }

    /// A file gone between Enter's check (which unselects one found gone,
    /// UnreadablePickTests) and the finish: here the check is told every file is there.
    func testAPickedFileThatVanishedIsNotReturned() async {
        let h = await PickerHarness(names: Self.names, configure: { $0.selectionLimit = 0 }, readCheck: { _ in nil })
        h.press(.character(" "), .right, .character(" "))
        _ = h.folder.path.appending("apple.jpg").withCString { unlink($0) }
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["banana.jpg"])
        XCTAssertEqual(h.picker.vanishedPicks.map { $0.lastComponent.string }, ["apple.jpg"], "the host is told which went")
    }

    /// A picked file replaced while the sheet was open (`mv new.ppm apple.jpg`) is described as
    /// it is now: the result (what `--format json` prints) carried the old file's format, pixel
    /// size and byte count.
    func testAPickedFileReplacedWhileOpenIsDescribedAsItIsNow() async throws {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        h.press(.character(" "))
        let apple = h.folder.path.appending("apple.jpg")
        let replacement = Drawn.ppm(Drawn.scene(width: 32, height: 16, seed: 3))
        let fresh = h.folder.write(".apple.new", bytes: replacement)
        XCTAssertEqual(fresh.withCString { from in apple.withCString { rename(from, $0) } }, 0)
        h.press(.enter)
        let result = try XCTUnwrap(h.delegate.calls.first?.first)
        XCTAssertEqual(result.path.lastComponent.string, "apple.jpg")
        XCTAssertEqual(result.byteSize, Int64(replacement.count))
        XCTAssertEqual(result.pixelWidth, 32)
        XCTAssertEqual(result.pixelHeight, 16)
        XCTAssertEqual(result.format, .pnm)
    }

    /// The library drops a selected file that vanished (its thumbnail or preview found it
    /// gone): the selection drops it too. The counter used to go on counting it.
    func testASelectedFileTheLibraryDropsLeavesTheSelection() async {
        let h = await PickerHarness(names: Self.names) { $0.selectionLimit = 0 }
        h.press(.character(" "), .right, .character(" "), .right, .character(" "))
        XCTAssertTrue(h.screen().text.contains("[ Add 3 ]"))
        let apple = h.folder.path.appending("apple.jpg")
        _ = apple.withCString { unlink($0) }
        h.picker.library.markVanished(apple)
        let text = h.screen().text
        XCTAssertTrue(text.contains("[ Add 2 ]"), text)
        XCTAssertEqual(h.picker.selection.ordered.map { $0.lastComponent.string }, ["banana.jpg", "cherry.jpg"])
        XCTAssertEqual(h.picker.selection.order(of: h.folder.path.appending("cherry.jpg")), 2, "renumbered")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["banana.jpg", "cherry.jpg"])
        XCTAssertEqual(h.picker.vanishedPicks, [], "nothing left to report: it had left the selection")
    }

    func testFileDeletedAfterTheScanIsDropped() async {
        let h = await PickerHarness(names: ["a.jpg", "b.jpg", "c.jpg"], work: nil)
        XCTAssertEqual(h.picker.shownEntries.count, 3)
        let victim = h.folder.path.appending("b.jpg")
        _ = victim.withCString { unlink($0) }
        // Any thumbnail request now finds the file gone; a fresh pipeline makes it ask again.
        let pipeline = ThumbnailPipeline(concurrency: 1)
        let picker = PickerController(configuration: h.picker.configuration, library: h.picker.library, pipeline: pipeline)
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        await picker.waitUntilSettled()
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        XCTAssertEqual(picker.shownEntries.map { $0.name.string }, ["a.jpg", "c.jpg"])
        XCTAssertFalse(buffer.text.contains("b.jpg"))
    }
}
