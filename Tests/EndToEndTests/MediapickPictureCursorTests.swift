import Foundation
import XCTest

/// Pictures go out with the cursor hidden: while a search was typed (the cursor shown in the
/// search field), xterm drew the cursor where each sixel picture started and painted that cell
/// back over it, a blank cell at the top-left of tiles drawn during the search (the exploratory
/// tester's finding). The real binary in tmux, its output recorded by `script`.
final class MediapickPictureCursorTests: XCTestCase {
    func testPicturesDrawnDuringASearchAreSentWithTheCursorHidden() throws {
        let picker = try RecordedPicker(pictures: 24, arguments: "-m --graphics sixel --tile 8x4")
        let tmux = picker.tmux
        try tmux.waitFor("Space pick")
        try tmux.send("/")
        try tmux.type("p1")
        try tmux.waitUntil(describe: "the search's ten matches") { $0.contains("p19.ppm") && !$0.contains("p20.ppm") }
        try tmux.send("Escape", "Escape")
        XCTAssertEqual(try picker.run.waitForExit(), 1)
        let output = try picker.recording()
        // Each sixel picture (DCS … q) with the last cursor switch before it.
        var shown = false, picturesWhileSearching = 0
        for match in output.matches(of: /\x1B\[\?25([hl])|\x1BP[0-9;]*q/) {
            let text = output[match.range]
            if text.hasSuffix("h") { shown = true; continue }
            if text.hasSuffix("l") { shown = false; continue }
            XCTAssertFalse(shown, "a picture sent with the cursor shown")
            if output[..<match.range.lowerBound].contains("p1") { picturesWhileSearching += 1 }
        }
        XCTAssertGreaterThan(picturesWhileSearching, 0, "pictures were drawn while the search was open")
    }
}
