import ColorModel
@testable import TerminalGraphics
import XCTest

/// Unicode placeholders: U+10EEEE, the row and column diacritics, the id in the colour.
final class KittyPlaceholderCellsTests: XCTestCase {
    private func scalars(_ cell: String) -> [UInt32] { cell.unicodeScalars.map(\.value) }

    func testEachCellIsThePlaceholderWithItsRowAndColumnDiacritics() {
        let cells = KittyPlaceholderCells(imageID: 0x123456, columns: 6, rows: 6, colors: .trueColor)
        XCTAssertEqual(cells.rows.count, 6)
        XCTAssertTrue(cells.rows.allSatisfy { $0.count == 6 })
        // rowcolumn-diacritics.txt: 0 is U+0305, 1 is U+030D, 5 is U+033D.
        XCTAssertEqual(scalars(cells.rows[0][0]), [0x10EEEE, 0x0305, 0x0305])
        XCTAssertEqual(scalars(cells.rows[0][1]), [0x10EEEE, 0x0305, 0x030D])
        XCTAssertEqual(scalars(cells.rows[1][0]), [0x10EEEE, 0x030D, 0x0305])
        XCTAssertEqual(scalars(cells.rows[1][5]), [0x10EEEE, 0x030D, 0x033D])
        XCTAssertEqual(scalars(cells.rows[5][1]), [0x10EEEE, 0x033D, 0x030D])
        for row in cells.rows { for cell in row { XCTAssertEqual(cell.count, 1, "one grapheme per cell") } }
        XCTAssertEqual(cells.foreground, .rgb(RGB(0x12, 0x34, 0x56)))
    }

    func testTheTableIsTheProtocolsAndItsEndsAreRight() {
        XCTAssertEqual(KittyDiacritics.scalars.count, 297)
        XCTAssertEqual(Set(KittyDiacritics.scalars).count, 297, "no number shares a diacritic")
        XCTAssertEqual(KittyDiacritics.scalars.last, 0x1D244)
        XCTAssertEqual(KittyPlaceholderCells.maximumSpan, 297)
        let corner = KittyPlaceholderCells(imageID: 1, columns: 297, rows: 2, colors: .trueColor).rows[1][296]
        XCTAssertEqual(scalars(corner), [0x10EEEE, 0x030D, 0x1D244])
    }

    func testIn256ColoursTheIdIsAPaletteIndexAndTheHighByteAThirdDiacritic() {
        XCTAssertEqual(KittyPlaceholderCells(imageID: 42, columns: 1, rows: 1, colors: .ansi256).foreground, .indexed(42))
        XCTAssertTrue(KittyPlaceholderCells.canShow(imageID: 255, colors: .ansi256))
        XCTAssertFalse(KittyPlaceholderCells.canShow(imageID: 256, colors: .ansi256), "bits 8-23 have nowhere to go")
        XCTAssertFalse(KittyPlaceholderCells.canShow(imageID: 0, colors: .trueColor))
        XCTAssertFalse(KittyPlaceholderCells.canShow(imageID: 1, colors: .ansi16))
        // The protocol's own example: 33554474 = 42 + (2 << 24), third diacritic U+030E.
        let high = KittyPlaceholderCells(imageID: 33_554_474, columns: 2, rows: 1, colors: .ansi256)
        XCTAssertEqual(high.foreground, .indexed(42))
        XCTAssertEqual(scalars(high.rows[0][1]), [0x10EEEE, 0x0305, 0x030D, 0x030E])
    }
}
