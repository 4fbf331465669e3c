@testable import MediaPicker
import TerminalUI
import XCTest

final class GridLayoutTests: XCTestCase {
    func testDefaultTilesAt80x24() {
        let sheet = SheetLayout(region: Rect(x: 0, y: 0, width: 80, height: 24), tile: nil)
        let layout = sheet.gridLayout
        XCTAssertEqual(layout.tile, Size(width: 16, height: 8))
        XCTAssertEqual(layout.columns, 4)
        XCTAssertEqual(layout.rows, 2)
        // 80 - 4 * 18 = 8 columns left over, shared out to centre the grid.
        XCTAssertEqual(layout.slotRect(row: 0, column: 0), Rect(x: 4, y: 2, width: 18, height: 9))
        XCTAssertEqual(layout.slotRect(row: 1, column: 3), Rect(x: 58, y: 11, width: 18, height: 9))
        XCTAssertEqual(layout.thumbnailRect(inSlot: layout.slotRect(row: 0, column: 0)), Rect(x: 5, y: 2, width: 16, height: 8))
    }

    func testExplicitTileAndHitTesting() {
        let layout = GridLayout(area: Rect(x: 0, y: 0, width: 42, height: 20), preferredTile: Size(width: 8, height: 4))
        XCTAssertEqual(layout.columns, 4)
        XCTAssertEqual(layout.rows, 4)
        XCTAssertEqual(layout.pageSize, 16)
        let hit = layout.slot(at: Point(x: 11 + 3, y: 5 + 1))
        XCTAssertEqual(hit?.row, 1)
        XCTAssertEqual(hit?.column, 1)
        XCTAssertNil(layout.slot(at: Point(x: 0, y: 5)), "the centring margin is no tile")
    }

    func testTileShrinksThenReportsTooSmall() {
        XCTAssertEqual(GridLayout(area: Rect(x: 0, y: 0, width: 10, height: 5)).tile, Size(width: 8, height: 4))
        XCTAssertTrue(GridLayout(area: Rect(x: 0, y: 0, width: 5, height: 5)).isTooSmall)
        XCTAssertTrue(SheetLayout(region: Rect(x: 0, y: 0, width: 20, height: 4), tile: nil).isTooSmall)
        XCTAssertFalse(SheetLayout(region: Rect(x: 0, y: 0, width: 20, height: 5), tile: nil).isTooSmall, "compact: tabs, one row of tiles, footer")
        XCTAssertTrue(SheetLayout(region: Rect(x: 0, y: 0, width: 20, height: 6), tile: nil).isCompact)
        XCTAssertFalse(SheetLayout(region: Rect(x: 0, y: 0, width: 20, height: 7), tile: nil).isCompact)
    }

    func testScrollingKeepsFocusVisible() {
        let layout = GridLayout(area: Rect(x: 0, y: 0, width: 40, height: 20), preferredTile: Size(width: 8, height: 4))
        XCTAssertEqual(layout.scrolledTopRow(current: 0, focusRow: 5, totalRows: 10), 2)
        XCTAssertEqual(layout.scrolledTopRow(current: 4, focusRow: 1, totalRows: 10), 1)
        XCTAssertEqual(layout.scrolledTopRow(current: 9, focusRow: 9, totalRows: 10), 6)
        XCTAssertEqual(layout.scrolledTopRow(current: 3, focusRow: 0, totalRows: 2), 0)
    }
}
