import CellArt
import MediaDecoding
import MediaPicker
@testable import MediapickCLI
import TerminalUI
import Thumbnails
import XCTest

/// `mediapick thumb`'s bytes for each protocol: the picture, then the cursor below it.
final class ThumbOutputTests: XCTestCase {
    private let cell = Size(width: 10, height: 20)
    private let image = PixelImage(width: 90, height: 60, fill: (200, 80, 40, 255))
    private let tile = TileSize(columns: 12, rows: 6)

    private func output(_ environment: [String: String], colors: ColorDepth = .trueColor) -> ThumbOutput {
        ThumbOutput(cellPixelSize: cell, colors: colors, environment: environment, processID: 4242)
    }

    private func picture(_ graphics: GraphicsProtocol) -> RenderedThumbnail {
        ThumbnailRendering.renderer(graphics: graphics, cellPixelSize: cell, options: ArtOptions(columns: 0, rows: 0)).render(image, in: tile)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testSixelAndITerm2AreThePayloadThenANewline() throws {
        for graphics in [GraphicsProtocol.sixel, .iterm2] {
            guard case .graphics(let drawn) = picture(graphics) else { return XCTFail("\(graphics): a picture") }
            XCTAssertEqual(output([:]).bytes(.graphics(drawn), index: 0), drawn.payload + [UInt8(ascii: "\n")])
        }
    }

    func testKittyTransmitsUnderAnIdThenPlacesMovingTheCursor() throws {
        let bytes = output([:]).bytes(picture(.kitty), index: 0)
        let text = text(bytes)
        XCTAssertTrue(text.hasPrefix("\u{1B}_Gi="), "the transmission, named")
        let placement = try XCTUnwrap(text.range(of: "\u{1B}_Ga=p,"), "a placement")
        XCTAssertTrue(text[placement.lowerBound...].contains("C=0"), "the cursor moves to the picture's last row")
        XCTAssertTrue(text.hasSuffix("\u{1B}\\\n"), "then one row down")
        let other = self.text(output([:]).bytes(picture(.kitty), index: 1))
        XCTAssertNotEqual(text.prefix(12), other.prefix(12), "each picture of a run has its own id")
    }

    func testKittyInFzfIsPlaceholderText() throws {
        let bytes = output(["FZF_PREVIEW_COLUMNS": "40", "FZF_PREVIEW_LINES": "20"]).bytes(picture(.kitty), index: 0)
        let text = text(bytes)
        XCTAssertTrue(text.contains("U=1"), "a virtual placement")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let placeholderLines = lines.filter { $0.unicodeScalars.contains("\u{10EEEE}") }
        guard case .graphics(let drawn) = picture(.kitty) else { return XCTFail() }
        XCTAssertEqual(placeholderLines.count, drawn.cells.rows, "one line of placeholders per row")
        XCTAssertTrue(text.hasSuffix("\u{1B}[0m\n"))
    }

    func testInsideTmuxThePictureIsPassedThroughAndTmuxMovedBelowIt() throws {
        guard case .graphics(let drawn) = picture(.sixel) else { return XCTFail() }
        let rows = drawn.cells.rows
        let bytes = output(["TMUX": "/tmp/tmux-0/default,1,0"]).bytes(.graphics(drawn), index: 0)
        let newlines = [UInt8](repeating: UInt8(ascii: "\n"), count: rows)
        XCTAssertEqual(bytes, newlines + Array("\u{1B}[\(rows)A".utf8) + TmuxPassthrough.wrap(drawn.payload) + newlines)
    }

    /// Cell art is the renderer's cells as text, but only the picture's own: a 3:2 picture in
    /// 8x4 cells is 8x3, and the blank row that centres it in a tile is not printed.
    func testCellArtIsThePictureWithoutItsMargins() {
        let art = ArtOptions(columns: 8, rows: 4, symbols: .blocks, colors: .ansi256)
        let cells = CellRenderer.render(image, options: art)
        let rendered = ThumbnailRendering.renderer(graphics: .symbols, cellPixelSize: nil, options: art).render(image, in: TileSize(art))
        XCTAssertEqual(rendered, .cells(cells))
        XCTAssertEqual(cells.pictureArea, CellArea(column: 0, row: 0, columns: 8, rows: 3))
        let bytes = output(["TMUX": "x"]).bytes(rendered, index: 0)
        XCTAssertEqual(bytes, ANSIWriter.bytes(cells.picture))
        XCTAssertEqual(text(bytes).split(separator: "\n").count, 3)
    }
}
