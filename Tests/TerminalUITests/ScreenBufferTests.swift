import XCTest
@testable import TerminalUI

final class ScreenBufferTests: XCTestCase {
    func testWideCharactersTakeTwoColumns() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        let end = buffer.write("写真.jpg", at: Point(x: 0, y: 0))
        XCTAssertEqual(end, 8)
        XCTAssertEqual(buffer.lines[0], "写真.jpg  ")
        XCTAssertTrue(buffer[1, 0].isContinuation)
    }

    func testWideCharacterCutAtClipEdgeBecomesSpace() {
        var buffer = ScreenBuffer(size: Size(width: 5, height: 1))
        buffer.write("ab写", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 3, height: 1))
        XCTAssertEqual(buffer.lines[0], "ab   ")
        XCTAssertFalse(buffer[2, 0].isContinuation)
    }

    func testControlCharactersAreMadeVisible() {
        var buffer = ScreenBuffer(size: Size(width: 12, height: 1))
        buffer.write("a\u{1B}[31mb", at: Point(x: 0, y: 0))
        XCTAssertEqual(buffer.lines[0], "a\\e[31mb    ")
    }

    func testChangingOneCellOfALargeScreenSendsOneCell() {
        let before = ScreenBuffer(size: Size(width: 200, height: 60))
        var after = before
        after[123, 45] = Cell("x")
        let updates = after.diff(from: before)
        XCTAssertEqual(updates, [CellUpdate(position: Point(x: 123, y: 45), cell: Cell("x"))])
    }

    func testCombiningMarksHaveNoWidth() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("👍"), 2)
        XCTAssertEqual(DisplayWidth.of("ｱ"), 1)
        XCTAssertEqual(DisplayWidth.of("ア"), 2)
    }
}
