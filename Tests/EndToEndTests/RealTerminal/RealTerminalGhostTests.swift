import Foundation
import XCTest

/// Pictures that went away stay away when the terminal repaints its window from what it holds
/// (an expose: a workspace switch, a window passing over).
final class RealTerminalGhostTests: XCTestCase {
    /// xterm forgets a sixel's pixels only where characters are printed over them; erasing a
    /// line (what curses sends for blanks) hides them until the next expose, and the tiles on
    /// both sides of the preview came back over the picker.
    func testNoTileComesBackBesideThePreviewInXtermAsVT340() throws {
        try noTileComesBackBesideThePreview(in: .xterm(vt340: true))
    }

    func testNoTileComesBackBesideThePreviewInKitty() throws {
        try noTileComesBackBesideThePreview(in: .kitty)
    }

    private func noTileComesBackBesideThePreview(in kind: RealTerminalKind) throws {
        let picker = try RealTerminalMediapick.pickerShowingItsFirstTiles(kind, count: 12)
        let (pictures, terminal, tiles) = (picker.pictures, picker.terminal, picker.tiles)
        let selected = try XCTUnwrap(tiles.first(where: \.selected), "a caption in brackets marks the current tile")
        let source = try XCTUnwrap(pictures.source("folder/" + selected.name))
        try terminal.press("p")
        try showsThePreviewAlone(terminal, of: source, what: "the preview of \(selected.name)")
        try terminal.expose()
        try showsThePreviewAlone(terminal, of: source, what: "the preview of \(selected.name) alone after an expose")
    }

    /// Waits until the rows between the filter row and the preview's captions hold the preview
    /// and nothing else: a tile beside it would widen what is drawn there.
    private func showsThePreviewAlone(_ terminal: RealTerminal, of source: RealTerminalImage, what: String) throws {
        var preview = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        try terminal.waitForScreenshot(what: what, describe: { _ in preview.description }) { shot in
            preview = terminal.score(shot, column: 0, row: 2, columns: terminal.columns, rows: terminal.rows - 5, against: source)
            guard let bounds = preview.bounds else { return false }
            return preview.ssim > 0.9 && abs(bounds.aspect - Double(source.width) / Double(source.height)) < 0.05
        }
    }
}
