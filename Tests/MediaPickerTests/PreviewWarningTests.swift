import TerminalUI
import Thumbnails
import XCTest
@testable import MediaPicker

/// The preview of a file that could not be shown (tester's finding 12): it read
/// "⚠ ./truncated.mp4: not a readable video (ffmpeg found no fr…) (remembered from an earlier
/// try; --no-cache tries again)", the reason cut in the middle to keep the note, and the file
/// named by the path it was read by, where the grid and the status line say `truncated.mp4`.
@MainActor
final class PreviewWarningTests: XCTestCase {
    private nonisolated static let reason = "not a readable video (ffmpeg found no frame)"

    private func previewText(width: Int) async -> String {
        var h = await PickerHarness(names: ["truncated.mp4"], work: { key, _ throws(ThumbnailError) in
            // The path as the pipeline read it, which is not how the sheet names the file.
            throw .failedBefore(path: "./" + key.path.lastComponent.string, reason: Self.reason)
        })
        h.size = Size(width: width, height: 24)
        h.press(.character("p"))
        return await h.settle().text
    }

    func testTheReasonIsWholeAndTheNoteGoesFirst() async {
        let wide = await previewText(width: 140)
        XCTAssertTrue(wide.contains("⚠ truncated.mp4: \(Self.reason) (remembered from an earlier try; --no-cache tries again)"), wide)
        XCTAssertFalse(wide.contains("./truncated.mp4"), "named as the grid names it:\n\(wide)")
        let narrower = await previewText(width: 100)
        XCTAssertTrue(narrower.contains("⚠ truncated.mp4: \(Self.reason)"), narrower)
        XCTAssertFalse(narrower.contains("remembered"), "the note left out, not the reason:\n\(narrower)")
        let narrow = await previewText(width: 40)
        let lines = narrow.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("⚠ truncated.mp4: not a readable video"), "the reason goes on to the next row:\n\(narrow)")
        XCTAssertTrue(lines.contains("(ffmpeg found no frame)"), narrow)
    }

    func testTheWarningLines() {
        let error = ThumbnailError.failedBefore(path: "./a.gif", reason: "corrupt image")
        func lines(_ width: Int, _ height: Int) -> [String] {
            PreviewView.warningLines(error, name: "a.gif", glyph: "!", in: Size(width: width, height: height), ellipsis: "…")
        }
        XCTAssertEqual(lines(80, 5), ["! a.gif: corrupt image (remembered from an earlier try; --no-cache tries again)"])
        XCTAssertEqual(lines(78, 5), ["! a.gif: corrupt image"])
        XCTAssertEqual(lines(12, 5), ["! a.gif:", "corrupt", "image"])
        XCTAssertEqual(lines(12, 2), ["! a.gi…image"], "no rows for it whole: cut in the middle")
        XCTAssertEqual(PreviewView.warningLines(.decode(path: "./b.jpg", .corrupt(detail: "JPEG: bad")), name: "b.jpg", glyph: "!",
                                                in: Size(width: 80, height: 5), ellipsis: "…"),
                       ["! b.jpg: corrupt image: JPEG: bad"], "no note for a failure of this run")
    }
}
