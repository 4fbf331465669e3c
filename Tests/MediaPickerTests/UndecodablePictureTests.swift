import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import Thumbnails
import XCTest

/// With `--export` (`refusesUndecodablePictures`) a picture whose thumbnail could not be
/// decoded is refused as an unreadable file is (tester report §3: Space and Ctrl-A took
/// `⚠ broken` tiles, and the one bad.gif failed the export after Enter, taking back the copies
/// of all the good ones). Without it they are offered: the picks are paths.
@MainActor
final class UndecodablePictureTests: XCTestCase {
    /// Tiles as FakeContent draws them, but a name holding "bad" fails as a corrupt picture
    /// (or, for a video, as one nothing could read).
    private static let work: ThumbnailPipeline.Work = { key, isCancelled throws(ThumbnailError) in
        let name = key.path.lastComponent.string
        if name.hasSuffix("bad.mp4") { throw .brokenVideo(path: name) }
        if name.contains("bad") { throw .decode(path: name, .corrupt(detail: "GIF: No screen descriptor detected")) }
        return try FakeContent.work(key, isCancelled)
    }

    private func harness(refusing: Bool) async -> PickerHarness {
        await PickerHarness(names: ["a.jpg", "bad.jpg", "c.jpg", "clip-bad.mp4"], configure: { config in
            config.selectionLimit = 0
            config.refusesUndecodablePictures = refusing
        }, work: Self.work)
    }

    private func focus(_ h: PickerHarness, _ name: String) {
        guard let index = h.picker.shownEntries.firstIndex(where: { $0.name.string == name }) else { return XCTFail("\(name) not shown") }
        h.picker.setFocus(index)
    }

    func testWithExportABrokenPictureIsRefusedAtSpaceEnterAndSelectAll() async {
        let h = await harness(refusing: true)
        XCTAssertTrue(h.screen().text.contains("broken"), h.screen().text)
        focus(h, "bad.jpg")
        h.press(.character(" "))
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage, "Cannot export bad.jpg: corrupt image: GIF: No screen descriptor detected")
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished, "nor is it picked as the focused entry")

        h.press(.control("a"))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg", "c.jpg", "clip-bad.mp4"],
                       "a broken video is copied as it is by an export: still offered")
        XCTAssertEqual(h.picker.statusMessage, "Skipped 1 broken file (bad.jpg: corrupt image: GIF: No screen descriptor detected)")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["a.jpg", "c.jpg", "clip-bad.mp4"])
    }

    func testWithoutExportABrokenPictureCanBePicked() async {
        let h = await harness(refusing: false)
        focus(h, "bad.jpg")
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["bad.jpg"])
        h.press(.control("a"), .enter)
        XCTAssertEqual(h.delegate.names?.count, 4)
    }

    /// Selected before its thumbnail failed: Enter unselects it and stays open, as it does a
    /// file that became unreadable; a second Enter picks the rest.
    func testABrokenPictureSelectedBeforeItsTileFailedIsUnselectedAtEnter() async {
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.refusesUndecodablePictures = true
        var model = PickerModel(configuration: configuration, libraryName: "t", preselected: [], readProblem: { _ in nil })
        let paths = ["/m/a.jpg", "/m/bad.gif", "/m/bad2.png"].map { RawPath($0) }
        _ = model.update(.library(entries: paths.map { MediaEntry(path: $0) }, progress: ScanProgress(isScanning: false, found: 3)))
        _ = model.update(.key(.control("a")))
        _ = model.update(.undecodable(paths[1], reason: "corrupt image: GIF: No screen descriptor detected"))
        _ = model.update(.key(.enter))
        XCTAssertFalse(model.isFinished)
        XCTAssertEqual(model.selection.ordered, [paths[0], paths[2]])
        XCTAssertEqual(model.statusMessage, "Cannot export bad.gif: corrupt image: GIF: No screen descriptor detected — unselected it")
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish([paths[0], paths[2]])])
    }
}
