@testable import MediaPicker
import TerminalUI
import XCTest

/// A configuration's tile below the smallest drawable one made the sheet claim the terminal
/// was too small ("need 20x7, have 100x30"). The library gives such a request the smallest
/// tile (the command refuses `--tile 1x1` before it gets here: ArgumentParserTests).
final class TinyTileRequestTests: XCTestCase {
    func testATileBelowTheMinimumIsRaisedToIt() {
        let layout = GridLayout(area: Rect(x: 0, y: 0, width: 100, height: 26), preferredTile: Size(width: 1, height: 1))
        XCTAssertFalse(layout.isTooSmall)
        XCTAssertEqual(layout.tile, GridLayout.minimumTile)
        let sheet = SheetLayout(region: Rect(x: 0, y: 0, width: 100, height: 30), tile: Size(width: 1, height: 1))
        XCTAssertFalse(sheet.isTooSmall)
    }
}
