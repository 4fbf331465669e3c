import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import TestFixtures
import Thumbnails
import XCTest

/// A JPEG cut inside its data (a download in progress) had a "⚠ broken" tile and an empty
/// preview. Its tile now shows the picture as far as it goes, its caption says "⚠ cut", and
/// the preview says why under it. With `--export` it is still refused at Space, Enter and
/// Ctrl-A, saying that the file is cut short and its picture incomplete; once the file is whole,
/// its picture is drawn and it is offered again.
@MainActor
final class PartialPictureTileTests: XCTestCase {
    private static let whole: [UInt8] = try! JPEGEncoder.encode(Drawn.scene(width: 320, height: 240, seed: 3), quality: 0.9)

    private func harness(exporting: Bool) async -> PickerHarness {
        await PickerHarness(names: [], configure: { config in
            config.selectionLimit = 0
            config.refusesUndecodablePictures = exporting
        }, work: nil, classifier: FileInspector.classify, prepare: { folder in
            folder.write("dl.jpg", bytes: Array(Self.whole.prefix(Self.whole.count * 6 / 10)), mtime: 1_700_000_000)
        })
    }

    private func state(_ h: PickerHarness) throws -> ThumbnailState {
        let key = try XCTUnwrap(h.picker.tileRequest.visible.first)
        return h.picker.pipeline.state(for: key)
    }

    func testACutPictureIsShownMarkedInItsTileAndItsPreview() async throws {
        let h = await harness(exporting: false)
        guard case .partial(_, let cut) = try state(h) else { return XCTFail("\(try state(h))") }
        XCTAssertEqual(cut.detail, "JPEG: Premature end of JPEG file")
        let grid = h.screen().text
        XCTAssertTrue(grid.contains("⚠ cut dl.jpg"), grid)
        XCTAssertFalse(grid.contains("broken"), grid)
        h.press(.character("p"))
        let preview = await h.settle().text
        XCTAssertTrue(preview.contains("⚠ partial picture: the file is cut short"), preview)
        h.press(.escape)
        // Without --export, the pick is a path: taken as any other.
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["dl.jpg"])
    }

    func testWithExportACutPictureIsRefusedSayingSoUntilItIsWhole() async throws {
        let h = await harness(exporting: true)
        h.press(.character(" "))
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage, "Cannot export dl.jpg: the file is cut short, so its picture is incomplete")
        h.press(.control("a"))
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage?.hasPrefix("Skipped 1 broken file (dl.jpg: the file is cut short"), true,
                       h.picker.statusMessage ?? "")

        h.folder.write("dl.jpg", bytes: Self.whole, mtime: 1_700_000_060)
        await h.settle()
        guard case .ready = try state(h) else { return XCTFail("the whole file's tile: \(try state(h))") }
        XCTAssertFalse(h.screen().text.contains("⚠ cut"))
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["dl.jpg"], h.picker.statusMessage ?? "")
    }
}
