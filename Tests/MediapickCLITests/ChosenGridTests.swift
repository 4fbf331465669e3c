@testable import MediapickCLI
import TerminalUI
import XCTest

/// The main screen's layout as pure functions: which chosen files the grid and the list show
/// around the focus, in a given area.
final class ChosenGridTests: XCTestCase {
    func testGridShowsTheRowsAroundTheFocus() {
        let area = Rect(x: 0, y: 0, width: 72, height: 16)
        let picture = Size(width: 6, height: 2)
        XCTAssertEqual(ChosenGrid(count: 3, focus: 0, in: area, picture: picture).indices, [0, 1, 2])
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 0, in: area, picture: picture).indices, Array(0..<12))
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 1999, in: area, picture: picture).indices, Array(1989..<2000))
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 90, in: area, picture: picture).indices, Array(84..<96))
        let tile = ChosenGrid(count: 2000, focus: 90, in: area, picture: picture).tiles[0]
        XCTAssertEqual(tile.picture, Rect(x: 0, y: 0, width: 22, height: 2))
        XCTAssertEqual(tile.caption, Rect(x: 0, y: 2, width: 22, height: 1))
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 90, in: Rect(x: 0, y: 0, width: 72, height: 5), picture: picture).indices,
                       Array(90..<96), "the focused row, and the top of the next")
        XCTAssertEqual(ChosenGrid(count: 0, focus: 0, in: area, picture: picture).tiles, [])
        // Rows too few for a picture and its caption: no sliver of one (seen at 40x12).
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 90, in: Rect(x: 0, y: 0, width: 72, height: 2), picture: picture).tiles, [])
        XCTAssertEqual(ChosenGrid(count: 2000, focus: 90, in: Rect(x: 0, y: 0, width: 72, height: 3), picture: picture).indices,
                       Array(90..<93), "one whole row from three rows")
    }

    func testVisibleRangeFollowsTheFocus() {
        XCTAssertEqual(MainScreen.visibleRange(count: 3, focus: 2, rows: 6), 0..<3)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 0, rows: 6), 0..<6)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 10, rows: 6), 7..<13)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 19, rows: 6), 14..<20)
    }
}
