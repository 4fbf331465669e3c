import Foundation
import XCTest

/// Clicks through a real tmux with `mouse on`, on a pane whose TERM is tmux-256color: terminfo
/// names X10 mouse reports there (`kmous=\E[M`), whose one byte per coordinate cannot carry a
/// column above 223, and tmux clamps them. A click at column 290 of a 300-column window used to
/// pick the tile at column 223 and end the picker with a file the user did not point at. The
/// picker now turns SGR reports on (mode 1006) as fzf does, and off again with the screen.
final class MediapickMouseTests: XCTestCase {
    /// The tmux the picker runs in: mouse on, no status line, panes with TERM=tmux-256color.
    private var inner: TmuxSession!
    /// The terminal of `inner`'s client: what is typed here is what a terminal would send it.
    private var outer: TmuxSession!
    private var files: MediapickFixtures!
    private var binary = ""
    private let width = 300

    override func setUpWithError() throws {
        binary = try Products.path("mediapick")
        files = try MediapickFixtures()
        // bash: Ctrl-Z stops the picker and the shell gives its prompt (job control).
        inner = try TmuxSession(width: width, height: 30, environment: ["TERM": "tmux-256color"], shell: ["bash", "--norc", "--noprofile"])
        for option in [["mouse", "on"], ["status", "off"], ["default-terminal", "tmux-256color"]] {
            try inner.tmux(["set-option", "-g"] + option)
        }
        try inner.tmux(["set-hook", "-g", "client-attached", "wait-for -S attached"])
        outer = try TmuxSession(width: width, height: 31)
        try outer.run("\(TmuxSession.tmuxPath!) -L \(inner.socket) attach -t main")
        try inner.tmux(["wait-for", "attached"])
    }

    override func tearDownWithError() throws {
        inner = nil
        outer = nil
        files = nil
    }

    /// tmux's SGR mouse flag of the picker's pane (`1` while it asks for SGR reports).
    private func sgrFlag() throws -> String {
        try inner.tmux(["display-message", "-p", "-t", "main", "#{mouse_sgr_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A left click at a 0-based cell, as the client's terminal reports it to tmux.
    private func click(x: Int, y: Int) throws {
        try outer.type("\u{1B}[<0;\(x + 1);\(y + 1)M")
        try outer.type("\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    func testAClickBeyondColumn223PicksTheTileUnderThePointer() throws {
        let names = (0..<20).map { String(format: "p%02d.ppm", $0) }
        let paths = try names.map { try files.picture($0) }
        let out = inner.directory.appendingPathComponent("out").path
        let run = try inner.run("\(MediapickFixtures.quoted(binary)) --sort name \(MediapickFixtures.quoted(files.directory)) > \(MediapickFixtures.quoted(out))")
        let screen = try outer.waitFor("p19.ppm")
        XCTAssertEqual(try sgrFlag(), "1", "SGR mouse reports on while the picker runs")
        // The rightmost caption on the grid's first row: its column, counted in cells (every
        // character on that row is one column wide).
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try XCTUnwrap(rows.firstIndex { $0.contains("p00.ppm") }, screen)
        let target = try XCTUnwrap(names.last { rows[row].contains($0) })
        let column = rows[row].distance(from: rows[row].startIndex, to: rows[row].range(of: target)!.lowerBound)
        XCTAssertGreaterThan(column, 230, "the tile lies beyond X10's reach:\n\(screen)")

        try inner.send("C-z")
        XCTAssertEqual(try run.waitForExit(), 128 + SIGTSTP, "stopped")
        XCTAssertEqual(try sgrFlag(), "0", "SGR reports off while the shell has the terminal")
        let resumed = try inner.run("fg")
        try outer.waitFor("p19.ppm")
        XCTAssertEqual(try sgrFlag(), "1", "on again after fg")

        try click(x: column + 2, y: row)
        XCTAssertEqual(try resumed.waitForExit(), 0)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(out), as: UTF8.self), paths[names.firstIndex(of: target)!] + "\n",
                       "the file clicked")
        XCTAssertEqual(try sgrFlag(), "0", "SGR reports off after the picker")
    }
}
