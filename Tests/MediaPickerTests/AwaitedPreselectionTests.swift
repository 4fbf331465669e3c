import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import TestFixtures
import Thumbnails
import XCTest

/// A preselection joins the selection only once the library lists its file, so the counter
/// never counts, and Enter never picks, a file the grid does not show (tester report §2: a
/// preselection outside the candidates read `[ Add 2 ]` over "No media here", and Enter
/// printed it). Candidates on stdin arrive while the sheet is open: a preselection waits for
/// its line, and one that never comes is never selected. (The command refuses, before the
/// picker opens, a preselection outside its PATH operands: PreselectCheckTests.)
@MainActor
final class AwaitedPreselectionTests: XCTestCase {
    func testAPreselectionIsSelectedWhenItsFileArrives() async {
        let folder = TempFolder()
        let a = folder.write("a.jpg"), b = folder.write("b.jpg"), c = folder.write("c.jpg")
        // As stdin feeds it: no source until the lines come.
        let library = MediaLibrary(name: "stdin", sources: [], options: ScanOptions(), classifier: FakeContent.classifier,
                                   readCheck: FakeContent.readCheck)
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.diskCacheEnabled = false
        configuration.sort = .name
        // Spelt otherwise than the lines will be, one never given, and b before a.
        configuration.preselectedPaths = [RawPath(folder.path.string + "/./b.jpg"), a,
                                          folder.path.appending("never.jpg")]
        let picker = PickerController(configuration: configuration, library: library,
                                      pipeline: ThumbnailPipeline(concurrency: 1, diskCache: nil, work: FakeContent.work))
        let delegate = RecordingDelegate()
        picker.delegate = delegate
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        XCTAssertTrue(picker.selection.isEmpty, "nothing listed, nothing selected")
        XCTAssertTrue(buffer.text.contains("[ Add 0 ]"), buffer.text)

        library.add(files: [c, a])
        await picker.waitUntilSettled()
        XCTAssertEqual(picker.selection.ordered, [a], "a is listed now; b is not yet")
        library.add(files: [b])
        await picker.waitUntilSettled()
        XCTAssertEqual(picker.selection.ordered, [a, b])
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        XCTAssertTrue(buffer.text.contains("[ Add 2 ]"), buffer.text)
        _ = picker.handle(.key(.enter))
        XCTAssertEqual(delegate.names, ["a.jpg", "b.jpg"], "never.jpg, never listed, is not picked")
    }

    /// A picker of `limit` over a library that stdin will fill, preselecting `preselected`.
    private func picker(limit: Int, preselected: RawPath) -> (PickerController, MediaLibrary, RecordingDelegate) {
        let library = MediaLibrary(name: "stdin", sources: [], options: ScanOptions(), classifier: FakeContent.classifier,
                                   readCheck: FakeContent.readCheck)
        var configuration = PickerConfiguration()
        configuration.selectionLimit = limit
        configuration.diskCacheEnabled = false
        configuration.sort = .name
        configuration.preselectedPaths = [preselected]
        let picker = PickerController(configuration: configuration, library: library,
                                      pipeline: ThumbnailPipeline(concurrency: 1, diskCache: nil, work: FakeContent.work))
        let delegate = RecordingDelegate()
        picker.delegate = delegate
        picker.layout(in: Rect(x: 0, y: 0, width: 80, height: 24))
        return (picker, library, delegate)
    }

    /// With a limit of 1 the focus starts on the preselection once the grid lists it, as gum's
    /// `choose --limit 1 --selected` puts its cursor there. Before, `mediapick --preselect
    /// many/f55.png many` (60 files by name) focused f01.png, named it on the status line, and
    /// Enter printed many/f55.png, pages away, never seen. A preselection arriving after the
    /// user moved leaves the focus where it is; with more than one to pick, the focus stays
    /// first (gum's cursor too): the selection is a set being built.
    func testWithALimitOfOneTheFocusStartsOnThePreselection() async {
        let folder = TempFolder()
        let files = (0..<30).map { folder.write(String(format: "f%02d.jpg", $0)) }
        let (one, library, delegate) = picker(limit: 1, preselected: files[25])
        library.add(files: files)
        await one.waitUntilSettled()
        XCTAssertEqual(one.focusedEntry?.name.string, "f25.jpg", "focused on the preselection")
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        one.draw(in: buffer.bounds, of: &buffer)
        XCTAssertTrue(buffer.lines[22].contains("f25.jpg"), "the status line names what Enter picks: \(buffer.text)")
        _ = one.handle(.key(.enter))
        XCTAssertEqual(delegate.names, ["f25.jpg"])

        let (moved, laterLibrary, _) = picker(limit: 1, preselected: files[25])
        laterLibrary.add(files: Array(files[0..<20]))
        await moved.waitUntilSettled()
        _ = moved.handle(.key(.right))
        laterLibrary.add(files: Array(files[20...]))
        await moved.waitUntilSettled()
        XCTAssertEqual(moved.focusedEntry?.name.string, "f01.jpg", "a move before it arrived is kept")
        _ = moved.handle(.key(.home))
        laterLibrary.add(files: [folder.write("f99.jpg")])
        await moved.waitUntilSettled()
        XCTAssertEqual(moved.focusedEntry?.name.string, "f00.jpg", "Home goes to the first, and stays there")

        let (many, manyLibrary, _) = picker(limit: 0, preselected: files[25])
        manyLibrary.add(files: files)
        await many.waitUntilSettled()
        XCTAssertEqual(many.selection.ordered.map(\.lastComponent.string), ["f25.jpg"])
        XCTAssertEqual(many.focusedEntry?.name.string, "f00.jpg", "-m: the focus stays first")
    }
}
