import Foundation
import XCTest

/// The main screen of `mediapick app` with the mouse, in tmux: a click on a chosen file's row
/// focuses it and the wheel moves the focus, so `d` removes the file pointed at. Before, the
/// main screen took clicks on its buttons only (the picker sheet took them on its tiles too).
final class MediapickAppMouseTests: XCTestCase {
    /// The screen's line marking `path` as focused (`▸ DIR/c.ppm`).
    private static func focuses(_ path: String) -> (String) -> Bool {
        { screen in screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "▸ " + path } }
    }

    func testAClickFocusesARowAndTheWheelMovesTheFocus() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let paths = try ["a.ppm", "b.ppm", "c.ppm", "d.ppm"].map { try files.picture($0) }
        let tmux = try TmuxSession(width: 100, height: 40)
        let out = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) app -l 0 --sort name --no-cache \(MediapickFixtures.quoted(files.directory)) > \(MediapickFixtures.quoted(out))")
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("Enter")
        try tmux.waitFor("Space pick")
        try tmux.send("C-a")
        try tmux.waitFor("[ Add 4 ]")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("Chosen (4):")
        XCTAssertTrue(Self.focuses(paths[0])(screen), screen)
        // A left click (press, then release) past the name on c.ppm's row, in the SGR encoding
        // xterm-256color's kmous names; rows and columns count from 1.
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try XCTUnwrap(rows.firstIndex { $0.trimmingCharacters(in: .whitespaces) == paths[2] }, screen) + 1
        try tmux.type("\u{1B}[<0;90;\(row)M\u{1B}[<0;90;\(row)m")
        try tmux.waitUntil(describe: "c.ppm focused", Self.focuses(paths[2]))
        try tmux.type("\u{1B}[<65;90;\(row)M")  // the wheel down
        try tmux.waitUntil(describe: "d.ppm focused", Self.focuses(paths[3]))
        try tmux.type("\u{1B}[<64;5;1M")  // the wheel up, over the title
        try tmux.waitUntil(describe: "c.ppm focused again", Self.focuses(paths[2]))
        try tmux.send("d")
        try tmux.waitFor("Chosen (3):")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(out), as: UTF8.self), [paths[0], paths[1], paths[3]].map { $0 + "\n" }.joined())
    }
}
