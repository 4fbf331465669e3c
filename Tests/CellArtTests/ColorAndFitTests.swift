import ColorModel
import MediaDecoding
import XCTest
@testable import CellArt

/// Colours, transparency and fitting.
final class ColorAndFitTests: XCTestCase {
    func testSolidColourIsFlatAndExactInTrueColor() {
        let image = PixelImage(width: 40, height: 40, fill: (200, 100, 50, 255))
        for symbols in SymbolSet.allCases {
            let art = CellRenderer.render(image, options: ArtOptions(columns: 4, rows: 2, symbols: symbols, fit: .stretch))
            for cell in art.cells {
                XCTAssertEqual(cell.glyph, " ", "\(symbols)")
                XCTAssertEqual(cell.background, .rgb(RGB(200, 100, 50)), "\(symbols)")
            }
        }
    }

    func testPaletteColoursAreNearestByPerceptualDistance() {
        let image = PixelImage(width: 40, height: 40, fill: (255, 0, 0, 255))
        let art = CellRenderer.render(image, options: ArtOptions(columns: 2, rows: 1, colors: .ansi256, fit: .stretch))
        XCTAssertEqual(art[0, 0].background.approximateRGB, RGB(255, 0, 0))
        let art16 = CellRenderer.render(image, options: ArtOptions(columns: 2, rows: 1, colors: .ansi16, fit: .stretch))
        XCTAssertEqual(art16[0, 0].background, .indexed(9))
    }

    func testTopAndBottomHalvesMakeUpperHalfBlocks() {
        let image = PixelImage(width: 8, height: 16) { _, y in y < 8 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let art = CellRenderer.render(image, options: ArtOptions(columns: 1, rows: 1, symbols: .blocks, fit: .stretch))
        let cell = art[0, 0]
        let colours = cell.glyph == "\u{2580}" ? (cell.foreground, cell.background) : (cell.background, cell.foreground)
        XCTAssertTrue(cell.glyph == "\u{2580}" || cell.glyph == "\u{2584}")
        XCTAssertEqual(colours.0, .rgb(RGB(255, 0, 0)))
        XCTAssertEqual(colours.1, .rgb(RGB(0, 0, 255)))
    }

    /// Transparent samples show the terminal's own background (as chafa's do), whatever
    /// `background` says; samples at least half opaque are composited over it. A transparent
    /// picture was painted in `background` (black by default): a black box on a light theme.
    func testTransparencyIsTheTerminalsBackgroundAndHalfOpaqueIsComposited() {
        let clear = PixelImage(width: 10, height: 10, fill: (255, 255, 255, 0))
        let art = CellRenderer.render(clear, options: ArtOptions(columns: 3, rows: 2, fit: .stretch, background: RGB(10, 20, 30)))
        XCTAssertTrue(art.cells.allSatisfy { $0 == .blank })
        let half = PixelImage(width: 10, height: 10, fill: (255, 255, 255, 128))
        let mixed = CellRenderer.render(half, options: ArtOptions(columns: 1, rows: 1, fit: .stretch))
        guard case .rgb(let c) = mixed[0, 0].background else { return XCTFail("expected RGB") }
        XCTAssertEqual(Int(c.r), 128, accuracy: 2)
    }

    /// A cell partly transparent draws the glyph whose ink covers its opaque part, in that
    /// part's colour, on the terminal's background; at every depth and in every symbol set a
    /// transparent cell is blank, and in true colour nothing is black (at palette depths a cell
    /// whose edge samples are just over half opaque, composited over black, may still take a
    /// dark entry).
    func testPartlyTransparentCellsDrawInkOnTheTerminalsBackground() {
        // Top half red, bottom half transparent, in one cell of half blocks: ▀ in red.
        let top = PixelImage(width: 8, height: 16) { _, y in y < 8 ? (220, 30, 30, 255) : (0, 0, 0, 0) }
        let cell = CellRenderer.render(top, options: ArtOptions(columns: 1, rows: 1, symbols: .blocks, fit: .stretch))[0, 0]
        XCTAssertEqual(cell, ArtCell(glyph: "\u{2580}", foreground: .rgb(RGB(220, 30, 30))))
        let bottom = PixelImage(width: 8, height: 16) { _, y in y >= 8 ? (220, 30, 30, 255) : (0, 0, 0, 0) }
        XCTAssertEqual(CellRenderer.render(bottom, options: ArtOptions(columns: 1, rows: 1, symbols: .blocks, fit: .stretch))[0, 0],
                       ArtCell(glyph: "\u{2584}", foreground: .rgb(RGB(220, 30, 30))), "the inverse glyph: ink on the opaque side")
        // A red disc on a transparent square.
        let disc = PixelImage(width: 64, height: 64) { x, y in
            (x - 32) * (x - 32) + (y - 32) * (y - 32) < 16 * 16 ? (220, 30, 30, 255) : (0, 0, 0, 0)
        }
        for symbols in SymbolSet.allCases {
            for colors in [ColorDepth.trueColor, .ansi256, .ansi16, .none] {
                let art = CellRenderer.render(disc, options: ArtOptions(columns: 8, rows: 4, symbols: symbols, colors: colors, fit: .stretch))
                XCTAssertEqual(art[0, 0], .blank, "\(symbols) \(colors)")
                XCTAssertEqual(art[7, 3], .blank, "\(symbols) \(colors)")
                XCTAssertNotEqual(art[4, 2], .blank, "\(symbols) \(colors): the disc")
                let black: [TerminalColor] = [.rgb(RGB(0, 0, 0)), .indexed(0), .indexed(16)]
                if colors == .trueColor {
                    XCTAssertFalse(art.cells.contains { black.contains($0.background) || black.contains($0.foreground) }, "\(symbols)")
                }
            }
        }
    }

    func testFitLetterboxesOnWholeCells() {
        let wide = PixelImage(width: 400, height: 100)
        let art = CellRenderer.render(wide, options: ArtOptions(columns: 20, rows: 10, fit: .fit))
        // 4:1 picture in 20x10 cells twice as tall as wide: 20 columns by 2.5 rows, rounded to 2 or 3.
        let used = (0..<10).filter { row in (0..<20).contains { art[$0, row] != .blank } }
        XCTAssertTrue(used.count == 2 || used.count == 3, "\(used)")
        XCTAssertEqual(used.first, (10 - used.count) / 2)
        let layout = PictureLayout(imageWidth: 400, imageHeight: 100, options: ArtOptions(columns: 20, rows: 10, fit: .fit))
        XCTAssertEqual(layout.columns, 20)
        XCTAssertEqual(layout.source.width, 400)
    }

    /// The renderer says which cells the picture covers, and `picture` is those cells alone
    /// (what `mediapick thumb` prints): a wide picture in a tall tile and a tall one in a wide tile.
    func testThePictureAreaIsTheFittedPictureWithoutItsMargins() {
        let wide = PixelImage(width: 90, height: 60) { x, _ in (UInt8(x * 2), 90, 200, 255) }
        let art = CellRenderer.render(wide, options: ArtOptions(columns: 8, rows: 12, symbols: .blocks, colors: .trueColor, fit: .fit))
        // 3:2 in 8 columns of square half-cells: 8 by 2.67 rows, rounded to 3, centred in 12.
        XCTAssertEqual(art.pictureArea, CellArea(column: 0, row: 4, columns: 8, rows: 3))
        let picture = art.picture
        XCTAssertEqual([picture.columns, picture.rows], [8, 3])
        XCTAssertEqual(picture.cells, Array(art.cells[(4 * 8)..<(7 * 8)]))
        XCTAssertFalse(picture.cells.contains(.blank), "every cell printed is the picture's")
        XCTAssertTrue((0..<4).allSatisfy { row in (0..<8).allSatisfy { art[$0, row] == .blank } }, "the margin above is blank")

        let tall = PixelImage(width: 60, height: 90) { _, y in (90, UInt8(y * 2), 200, 255) }
        let portrait = CellRenderer.render(tall, options: ArtOptions(columns: 12, rows: 4, symbols: .blocks, colors: .trueColor, fit: .fit))
        XCTAssertEqual(portrait.pictureArea, CellArea(column: 3, row: 0, columns: 5, rows: 4))
        XCTAssertEqual(portrait.picture.cells, (0..<4).flatMap { row in (3..<8).map { portrait[$0, row] } })

        let filled = CellRenderer.render(wide, options: ArtOptions(columns: 8, rows: 12, fit: .fill))
        XCTAssertEqual(filled.picture, filled, "fill and stretch have no margins")
    }

    /// Square cells (a terminal reporting 10x10 pixels) give a picture twice as many rows as
    /// the usual 1:2 cells; the aspect from a cell size is held to 0.5...4.
    func testTheCellsShapeDecidesThePicturesRows() {
        let photo = PixelImage(width: 80, height: 60) { x, _ in (UInt8(x * 3), 90, 200, 255) }
        func rows(_ aspect: Double) -> Int {
            CellRenderer.render(photo, options: ArtOptions(columns: 40, rows: 40, symbols: .blocks, colors: .trueColor,
                                                           fit: .fit, cellAspect: aspect)).pictureArea.rows
        }
        XCTAssertEqual(rows(2), 15)
        XCTAssertEqual(rows(ArtOptions.cellAspect(pixelWidth: 10, pixelHeight: 10)), 30)
        XCTAssertEqual(ArtOptions.cellAspect(pixelWidth: 1, pixelHeight: 1000), 4)
        XCTAssertEqual(ArtOptions.cellAspect(pixelWidth: 1000, pixelHeight: 1), 0.5)
        XCTAssertEqual(ArtOptions.cellAspect(pixelWidth: 0, pixelHeight: 20), 2)
    }

    func testFillCropsTheCentre() {
        let layout = PictureLayout(imageWidth: 400, imageHeight: 100, options: ArtOptions(columns: 20, rows: 10, fit: .fill))
        XCTAssertEqual(layout.columns, 20)
        XCTAssertEqual(layout.rows, 10)
        // 20x10 cells of aspect 2 are square: the middle 100x100 of the image.
        XCTAssertEqual(layout.source.x, 150, accuracy: 0.001)
        XCTAssertEqual(layout.source.width, 100, accuracy: 0.001)
        XCTAssertEqual(layout.source.height, 100, accuracy: 0.001)
    }

    func testStretchUsesEverything() {
        let layout = PictureLayout(imageWidth: 400, imageHeight: 100, options: ArtOptions(columns: 20, rows: 10, fit: .stretch))
        XCTAssertEqual(layout.columns, 20)
        XCTAssertEqual(layout.rows, 10)
        XCTAssertEqual(layout.source.width, 400)
        XCTAssertEqual(layout.source.height, 100)
    }

    func testPreferredPixelSizeIsEnoughAndNoMore() {
        let options = ArtOptions(columns: 16, rows: 8, symbols: .blocks, fit: .fit)
        let size = CellRenderer.preferredPixelSize(imageWidth: 4000, imageHeight: 3000, options: options)
        // 16 columns x 6 rows of 2x4 samples.
        XCTAssertEqual(size.width, 32)
        XCTAssertEqual(size.height, 24)
        let tiny = CellRenderer.preferredPixelSize(imageWidth: 20, imageHeight: 10, options: options)
        XCTAssertEqual(tiny.width, 20)
        XCTAssertEqual(tiny.height, 10)
    }

    func testEmptyInputsGiveBlankImages() {
        let art = CellRenderer.render(PixelImage(width: 0, height: 0), options: ArtOptions(columns: 3, rows: 2))
        XCTAssertEqual(art.cells.count, 6)
        XCTAssertEqual(CellRenderer.render(TestImages.disc, options: ArtOptions(columns: 0, rows: 0)).cells.count, 0)
    }
}
