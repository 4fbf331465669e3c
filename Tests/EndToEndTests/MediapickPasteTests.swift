import Foundation
import XCTest

/// Pasting into the picker, as fzf takes a paste: the text goes into the search and none of it
/// acts as a key. Before, the terminal typed a paste key by key: `che`, a newline, `q` pasted
/// into the search kept the filter at the newline and cancelled the picker at the `q` (exit
/// 1); a Space selected, a second newline picked.
final class MediapickPasteTests: PickerTerminalCase {
    func testAPasteGoesIntoTheSearchAndActsAsNoKey() throws {
        let cherry = try files.picture("cherry.ppm"), _ = try files.picture("apple.ppm", rgb: (20, 200, 60))
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m --sort name")
        try tmux.waitUntil(describe: "two pictures") { $0.contains("cherry.ppm") && $0.contains("apple.ppm") }
        try tmux.send("/")
        try tmux.waitFor("Enter keep filter")
        try tmux.paste("che\nq")
        try tmux.waitFor("/che q")
        try tmux.send("C-u")
        try tmux.waitFor("[All 2]")
        // Outside the search a paste begins one; a newline and a Space in it select nothing.
        try tmux.send("Enter")
        try tmux.waitFor("Esc cancel")
        try tmux.paste(" ch\n\n")
        try tmux.waitUntil(describe: "the search /ch with one match") { $0.contains("[All 1]") && $0.contains("/ ch") }
        XCTAssertTrue(try tmux.capture().contains("[ Add 0 ]"), "nothing selected by the paste's Space or newlines")
        try tmux.send("Enter", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [cherry])
        // The mode is given back with the terminal: a paste into the shell's next program has no markers.
        let echo = try tmux.run("cat -v > \(MediapickFixtures.quoted(out))")
        try tmux.paste("after")
        try tmux.send("Enter", "C-d")
        XCTAssertEqual(try echo.waitForExit(), 0)
        XCTAssertEqual(try lines(out), ["after"])
    }
}
