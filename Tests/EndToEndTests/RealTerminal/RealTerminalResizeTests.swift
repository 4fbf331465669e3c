import Foundation
import XCTest

/// The picker's pictures after the window is resized: every tile drawn again at its place
/// (kitty only: the harness reads xterm's screen at the size it opened at).
final class RealTerminalResizeTests: XCTestCase {
    /// kitty empties the alternate screen's images on a resize: placing the ids sent before
    /// showed empty tiles for good.
    func testTilesComeBackAfterAResizeInKitty() throws {
        try tilesComeBackAfterAResize(in: .kitty)
    }

    private func tilesComeBackAfterAResize(in kind: RealTerminalKind) throws {
        let picker = try RealTerminalMediapick.pickerShowingItsFirstTiles(kind, count: 12)
        let (pictures, terminal) = (picker.pictures, picker.terminal)
        try terminal.resize(columns: 60, rows: 20)
        // kitty's text is 20 rows once it has taken the resize (and dropped its images).
        let deadline = Date().addingTimeInterval(20)
        while try terminal.screenText().count > 21 {
            if Date() > deadline { throw RealTerminalError.timeout("\(kind) to take the resize to 20 rows") }
        }
        try terminal.resize(columns: terminal.columns, rows: terminal.rows)
        _ = try RealTerminalMediapick.showsEveryTile(terminal, pictures, until: { tiles in
            tiles.contains { $0.name == "p01.png" } && tiles.count >= 5
        })
    }
}
