import ColorModel
import XCTest
@testable import CellArt

final class ANSIWriterTests: XCTestCase {
    func testNoColoursMeansNoEscapes() {
        let image = CellImage(columns: 3, rows: 2, cells: "ab/\\_|".unicodeScalars.map { ArtCell(glyph: $0) })
        XCTAssertEqual(ANSIWriter.text(image), "ab/\n\\_|\n")
    }

    func testRepeatedColoursAreSentOnceAndLinesEndWithReset() {
        let red = TerminalColor.rgb(RGB(255, 0, 0)), blue = TerminalColor.indexed(21)
        let cells = [ArtCell(glyph: "\u{2580}", foreground: red, background: blue),
                     ArtCell(glyph: "\u{2580}", foreground: red, background: blue),
                     ArtCell(glyph: "\u{2584}", foreground: blue, background: red)]
        XCTAssertEqual(ANSIWriter.text(CellImage(columns: 3, rows: 1, cells: cells)),
                       "\u{1B}[38;2;255;0;0;48;5;21m\u{2580}\u{2580}\u{1B}[38;5;21;48;2;255;0;0m\u{2584}\u{1B}[0m\n")
    }

    func testSpacesNeedNoForegroundAndFullBlocksNoBackground() {
        let cells = [ArtCell(glyph: "x", foreground: .indexed(1), background: .indexed(2)),
                     ArtCell(glyph: " ", foreground: .indexed(5), background: .indexed(2)),
                     ArtCell(glyph: "\u{2588}", foreground: .indexed(1), background: .indexed(7))]
        XCTAssertEqual(ANSIWriter.text(CellImage(columns: 3, rows: 1, cells: cells)),
                       "\u{1B}[31;42mx \u{2588}\u{1B}[0m\n")
    }

    func testSixteenColourCodes() {
        XCTAssertEqual(ANSIWriter.sgr(.indexed(0), background: false), "30")
        XCTAssertEqual(ANSIWriter.sgr(.indexed(7), background: true), "47")
        XCTAssertEqual(ANSIWriter.sgr(.indexed(8), background: false), "90")
        XCTAssertEqual(ANSIWriter.sgr(.indexed(15), background: true), "107")
        XCTAssertEqual(ANSIWriter.sgr(.indexed(16), background: false), "38;5;16")
        XCTAssertEqual(ANSIWriter.sgr(.default, background: true), "49")
    }

    func testEachLineStartsFromTheDefaults() {
        let cell = ArtCell(glyph: "a", foreground: .indexed(3), background: .default)
        XCTAssertEqual(ANSIWriter.text(CellImage(columns: 1, rows: 2, cells: [cell, cell])),
                       "\u{1B}[33ma\u{1B}[0m\n\u{1B}[33ma\u{1B}[0m\n")
    }

    func testRenderedNoneHasNoEscapes() {
        let art = CellRenderer.render(TestImages.colorBars, options: ArtOptions(columns: 8, rows: 4, symbols: .sextants, colors: .none))
        XCTAssertFalse(ANSIWriter.text(art).contains("\u{1B}"))
    }
}
