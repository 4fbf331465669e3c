import Foundation
import XCTest

/// The picker in terminals that draw pictures: every visible tile is its picture at its tile's
/// place; PgDn shows the next tiles and leaves no picture behind; `p` shows the large preview;
/// Esc exits 1 and leaves nothing on the screen; a pick (Space, limit 1) exits 0 with the
/// path on stdout and leaves nothing either.
final class RealTerminalPickerTests: XCTestCase {
    func testPickerInXtermAsVT340() throws {
        try pickerShowsPictures(in: .xterm(vt340: true))
    }

    func testPickerInKitty() throws {
        try pickerShowsPictures(in: .kitty)
    }

    func testPickInXtermAsVT340() throws {
        try pickerEnds(in: .xterm(vt340: true))
    }

    func testPickInKitty() throws {
        try pickerEnds(in: .kitty)
    }

    func testControlCInXtermAsVT340() throws {
        try pickerEnds(in: .xterm(vt340: true), pressing: "ctrl+c", status: 130, output: "")
    }

    func testControlCInKitty() throws {
        try pickerEnds(in: .kitty, pressing: "ctrl+c", status: 130, output: "")
    }

    /// The picker over three pictures, ended by `key`: the exit status, what is on stdout, and no
    /// picture left on the screen afterwards (kitty's images freed, sixel's gone with the screen).
    private func pickerEnds(in kind: RealTerminalKind, pressing key: String = "space", status: Int32 = 0,
                                output: String? = nil) throws {
        let pictures = try RealTerminalPictures()
        let folder = try RealTerminalMediapick.folder(of: 3, in: pictures)
        let out = pictures.directory + "/picked"
        let display = try RealTerminalDisplay()
        let terminal = try RealTerminalMediapick.picker(kind, on: display, folder: folder, output: out)
        _ = try RealTerminalMediapick.showsEveryTile(terminal, pictures, until: { $0.contains { $0.name == "p01.png" } })
        try terminal.press(key)
        XCTAssertEqual(try terminal.waitForExit(), status, "\(key) ends the picker")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), output ?? folder + "/p01.png\n")
        try terminal.waitForScreenshot(what: "an empty screen after \(key)",
                                       describe: { "\($0.countDiffering(from: kind.background)) pixels drawn" }) { shot in
            shot.countDiffering(from: kind.background) == 0
        }
    }

    private func pickerShowsPictures(in kind: RealTerminalKind) throws {
        let picker = try RealTerminalMediapick.pickerShowingItsFirstTiles(kind, count: 25)
        let (pictures, terminal, first) = (picker.pictures, picker.terminal, picker.tiles)
        try terminal.press("Next")
        let next = try RealTerminalMediapick.showsEveryTile(terminal, pictures, until: { tiles in !tiles.contains { $0.name == "p01.png" } })
        XCTAssertGreaterThan(next.map(\.name).max() ?? "", first.map(\.name).max() ?? "", "PgDn shows later tiles")
        let selected = try XCTUnwrap(next.first(where: \.selected), "a caption in brackets marks the current tile")

        try terminal.press("p")
        let source = try XCTUnwrap(pictures.source("folder/" + selected.name))
        var preview = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        // kitty scales a picture to its cells; a sixel picture is its own pixels, and SixelRenderer
        // never enlarges one, so a source narrower than the preview shows at its own size there.
        var large = 40 * terminal.cellWidth
        if case .xterm = kind { large = min(large, source.width) }
        try terminal.waitForScreenshot(what: "the preview of \(selected.name)", describe: { _ in preview.description }) { shot in
            // The sheet's picture lies between the filter row and its two caption rows, above the
            // footer's row (PreviewView): rows 2 to rows - 4.
            preview = terminal.score(shot, column: 0, row: 2, columns: terminal.columns, rows: terminal.rows - 5, against: source)
            return preview.ssim > 0.9 && (preview.bounds?.width ?? 0) >= large
        }
        print("realterm: \(kind), picker preview of \(selected.name): \(preview)")
        XCTAssertEqual(try XCTUnwrap(preview.bounds).aspect, Double(source.width) / Double(source.height), accuracy: 0.05,
                       "the preview keeps the picture's shape")

        try terminal.press("Escape")
        _ = try RealTerminalMediapick.showsEveryTile(terminal, pictures, until: { $0.contains { $0.name == selected.name } })
        try terminal.press("Escape")
        XCTAssertEqual(try terminal.waitForExit(), 1, "Esc cancels")
        try terminal.waitForScreenshot(what: "an empty screen after exit",
                                       describe: { "\($0.countDiffering(from: kind.background)) pixels drawn" }) { shot in
            shot.countDiffering(from: kind.background) == 0
        }
    }
}
