@testable import MediaPicker
import TerminalUI
import XCTest

/// `--tile 1x1` asked for less than the smallest drawable tile; the sheet then claimed the
/// terminal was too small ("need 20x7, have 100x30"). Such a request gets the smallest tile.
final class TinyTileRequestTests: XCTestCase {
    func testATileBelowTheMinimumIsRaisedToIt() {
        let layout = GridLayout(area: Rect(x: 0, y: 0, width: 100, height: 26), preferredTile: Size(width: 1, height: 1))
        XCTAssertFalse(layout.isTooSmall)
        XCTAssertEqual(layout.tile, GridLayout.minimumTile)
        let sheet = SheetLayout(region: Rect(x: 0, y: 0, width: 100, height: 30), tile: Size(width: 1, height: 1))
        XCTAssertFalse(sheet.isTooSmall)
    }
}
