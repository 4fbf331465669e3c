import Foundation
import XCTest

/// The real binary's results when stdout is the terminal: names shown as the screen shows
/// them, so nothing in one acts on the terminal; through a pipe the exact bytes (tester2's
/// finding 5: `ctrl<ESC>[31mred.ppm` printed raw turned the rest of the terminal red).
final class MediapickTerminalOutputTests: PickerTerminalCase {
    private let redName = "ctrl\u{1B}[31mred.ppm"

    /// Runs `mediapick -q ctrl FOLDER` then `rest` (of the command line), and picks the red name.
    private func pickTheRedName(then rest: String) throws {
        try files.picture(redName)
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) -q ctrl \(MediapickFixtures.quoted(files.directory))" + rest)
        try tmux.waitFor("red.ppm")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testANamePrintedOnTheTerminalIsEscapedAndActsOnNothing() throws {
        try pickTheRedName(then: "; echo after")
        let screen = try tmux.capture(escapes: true)
        XCTAssertTrue(screen.contains("/ctrl\\e[31mred.ppm\n"), screen)
        // capture-pane -e writes the SGR of any coloured cell: a red pane would show one.
        XCTAssertFalse(screen.contains("\u{1B}["), "no colour anywhere on the pane:\n\(screen)")
        XCTAssertTrue(screen.contains("\nafter\n"), screen)
    }

    func testANamePipedIsTheExactBytes() throws {
        try pickTheRedName(then: " | tail -c 13 | od -An -c")
        let screen = try tmux.capture()
        XCTAssertTrue(screen.contains("033   [   3   1   m   r   e   d   .   p   p   m  \\n"), screen)
    }

    func testAnOutputFileThatIsTheTerminalGetsTheNameEscaped() throws {
        try files.picture(redName)
        let run = try start("-q ctrl -o /dev/tty \(MediapickFixtures.quoted(files.directory))", ready: "red.ppm")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let screen = try tmux.capture(escapes: true)
        XCTAssertTrue(screen.contains("/ctrl\\e[31mred.ppm\n"), screen)
        XCTAssertFalse(screen.contains("\u{1B}["), screen)
        XCTAssertEqual(try MediapickFixtures.read(out), [], "stdout is left empty")
    }

    /// thumb's caption over each picture is display text, not a result: escaped on the terminal
    /// and into a file alike (its output is read through `less -R` or fzf's preview, which act
    /// on escapes).
    func testThumbCaptionsAreEscapedOnTheTerminalAndInAFile() throws {
        let red = try files.picture(redName)
        let plain = try files.picture("plain.ppm")
        let command = "\(MediapickFixtures.quoted(binary)) thumb --no-cache --graphics symbols --size 4x2 "
            + "\(MediapickFixtures.quoted(red)) \(MediapickFixtures.quoted(plain))"
        XCTAssertEqual(try tmux.run("clear; " + command).waitForExit(), 0)
        let screen = try tmux.capture()
        XCTAssertTrue(screen.contains("/ctrl\\e[31mred.ppm\n"), screen)
        XCTAssertEqual(try tmux.run(command + " > \(MediapickFixtures.quoted(out))").waitForExit(), 0)
        let written = try MediapickFixtures.read(out)
        let caption = Array((red.replacingOccurrences(of: "\u{1B}", with: "\\e") + "\n").utf8)
        XCTAssertTrue(written.starts(with: caption), String(decoding: written.prefix(caption.count + 8), as: UTF8.self))
    }
}
