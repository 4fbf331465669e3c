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
}
