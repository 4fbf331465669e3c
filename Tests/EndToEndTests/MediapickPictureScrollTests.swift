import Foundation
import XCTest

/// Pictures are not curses' text: a scroll curses makes to save bytes moves them with the rows,
/// and nothing puts them back. The real binary in tmux (TMUX unset: pictures are sent as to a
/// terminal, which tmux drops), its output to the terminal recorded by `script` between the two.
final class MediapickPictureScrollTests: XCTestCase {
    /// The app's chosen list scrolling with pictures below it: curses scrolled the list's rows
    /// and the blank rows of the pictures under them with a scroll region (`ESC[9;19r`), and the
    /// pictures went up a row each time while their captions stayed (tester2's finding 3).
    func testCursesScrollsNoRowsWhilePicturesAreShown() throws {
        let app = try RecordedPicker(pictures: 30, arguments: "app --graphics kitty")
        let tmux = app.tmux, names = (0..<30).map(RecordedPicker.name)
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("Enter")
        try tmux.waitFor("Space pick")
        try tmux.send("C-a", "Enter")
        try tmux.waitFor("Chosen (30)")
        for name in names.dropFirst() {
            try tmux.send("Down")
            try tmux.waitUntil(describe: "the list on \(name)") { screen in
                screen.split(separator: "\n").contains { $0.hasPrefix("\u{25B8}") && $0.hasSuffix(name) }
            }
        }
        try tmux.send("q")
        XCTAssertEqual(try app.run.waitForExit(), 0)
        let output = try app.recording()
        XCTAssertTrue(output.contains("\u{1B}_G"), "kitty pictures were sent")
        let regions = output.matches(of: /\x1B\[\d+;\d+r/).map { String(output[$0.range]).dropFirst() }
        XCTAssertFalse(regions.isEmpty, "curses sets the whole screen as its region at the start")
        XCTAssertEqual(Set(regions), ["[1;30r"], "no scroll region but the whole screen")
        let lineMoves = output.matches(of: /\x1B\[\d*[LM]/).map { String(output[$0.range]).dropFirst() }
        XCTAssertEqual(lineMoves, [], "no line inserted or deleted")
    }
}
