import Foundation
import XCTest

/// The picker inside Debian's tmux (3.3a) in xterm as a VT340: with `allow-passthrough off`,
/// cell art and nothing else (tmux drops what it may not pass, mediapick must not send it as
/// text); with `on`, the sixel pictures go through tmux to xterm, each in its tile.
final class RealTerminalTmuxTests: XCTestCase {
    func testPassthroughOffShowsSymbolsAndNoGarbage() throws {
        let run = try PickerInTmux(passthrough: "off")
        let terminal = run.terminal
        var tiles: [RealTerminalMediapick.Tile] = []
        var text: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while tiles.isEmpty || !tiles.contains(where: { $0.name == "p01.png" }) {
            guard Date() < deadline else { throw RealTerminalError.timeout("the picker's captions in tmux: \(text.joined(separator: "\n"))") }
            text = try terminal.screenText()
            tiles = RealTerminalMediapick.tiles(in: text, rows: terminal.rows)
        }
        // Only cell art and frames between the header and the footer, but for the captions: a
        // sixel or a tmux passthrough shown as text would be ASCII there.
        let captions = Set(tiles.map(\.captionRow))
        for row in 2..<(terminal.rows - 2) where !captions.contains(row) && row < text.count {
            let ascii = text[row].unicodeScalars.filter { (0x21...0x7E).contains($0.value) }
            XCTAssertTrue(ascii.isEmpty, "row \(row) holds only cell art: \(text[row])")
        }
        var scores: [RealTerminalScore] = []
        var stray = 0
        try terminal.waitForScreenshot(what: "cell art in every tile", describe: { _ in "\(scores); \(stray) pixels outside" }) { shot in
            // Tiles whose captions came after the first read would count as stray pixels.
            tiles = RealTerminalMediapick.currentTiles(terminal, else: tiles)
            scores = tiles.map { terminal.score(shot, column: $0.column, row: $0.row, columns: RealTerminalMediapick.tileColumns,
                                                rows: RealTerminalMediapick.tileRows, against: run.pictures.source("folder/" + $0.name)!) }
            stray = RealTerminalMediapick.strayPixels(shot, in: terminal, tiles: tiles)
            // Cell art scores about 0.7 here; a tile still loading shows an ellipsis only.
            return stray == 0 && scores.allSatisfy { $0.ssim > 0.4 }
        }
        print("realterm: tmux (allow-passthrough off) in xterm -ti vt340, cell art: "
              + zip(tiles, scores).map { "\($0.name) SSIM \(String(format: "%.3f", $1.ssim))" }.joined(separator: ", "))
        XCTAssertTrue(scores.allSatisfy { $0.ssim < 0.9 }, "symbols, not pictures: \(scores)")
        try run.cancel()
    }

    func testPassthroughOnShowsPictures() throws {
        let run = try PickerInTmux(passthrough: "on")
        _ = try RealTerminalMediapick.showsEveryTile(run.terminal, run.pictures, until: { $0.contains { $0.name == "p01.png" } })
        try run.cancel()
    }
}

/// `mediapick` on 25 pictures in a tmux session of its own (no status line, so the pane is the
/// window) in xterm as a VT340.
private struct PickerInTmux {
    let pictures: RealTerminalPictures
    let display: RealTerminalDisplay
    let terminal: RealTerminal
    let statusPath: String

    init(passthrough: String) throws {
        try RealTerminalDisplay.require(["tmux"], packages: "tmux")
        pictures = try RealTerminalPictures()
        try RealTerminalMediapick.requireGraphicsRenderers(pictures)
        let folder = pictures.directory + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...25 { try pictures.write(index, as: String(format: "folder/p%02d.png", index)) }
        display = try RealTerminalDisplay()
        statusPath = pictures.directory + "/status"
        let tmux = "tmux -S " + MediapickFixtures.quoted(pictures.directory + "/tmux.sock")
        let inside = "\(tmux) set -g allow-passthrough \(passthrough) && \(tmux) set -g status off && "
            + "\(try RealTerminalMediapick.binary()) --tile 16x8 --sort name \(MediapickFixtures.quoted(folder)) > /dev/null; "
            + "echo $? > \(MediapickFixtures.quoted(statusPath))"
        terminal = try RealTerminal(.xterm(vt340: true), on: display,
                                    command: "\(tmux) -f /dev/null new-session \(MediapickFixtures.quoted(inside))")
    }

    /// Esc: the picker exits 1, tmux with it, and no picture stays on xterm's screen (only the
    /// text tmux leaves, "[exited]").
    func cancel() throws {
        try terminal.press("Escape")
        XCTAssertEqual(try terminal.waitForExit(), 0, "tmux ends with its session")
        XCTAssertEqual(try String(contentsOfFile: statusPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "1",
                       "Esc cancels")
        let text = try terminal.screenText()
        let shot = try terminal.screenshot()
        for row in 0..<terminal.rows where row >= text.count || text[row].allSatisfy(\.isWhitespace) {
            let blank = shot.cropped(to: terminal.pixels(column: 0, row: row, columns: terminal.columns, rows: 1))
            XCTAssertEqual(blank.countDiffering(from: terminal.kind.background), 0, "nothing left on row \(row)")
        }
    }
}
