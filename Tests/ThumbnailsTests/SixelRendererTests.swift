import CellArt
import MediaDecoding
import TestFixtures
@testable import Thumbnails
import XCTest

/// The sixel renderer: the tile's pixels fitted inside its cells, encoded, and parsed back.
final class SixelRendererTests: XCTestCase {
    private let tile = TileSize(columns: 16, rows: 8)  // 160x160 pixels at 10x20

    func testThePictureFitsInsideTheTileAndEndsOnABandInsideIt() {
        let renderer = SixelRenderer()
        XCTAssertEqual(renderer.box(for: tile), PixelSize(width: 160, height: 156), "160 rounded down to whole bands")
        XCTAssertEqual(renderer.pixelSize(forImageOf: PixelSize(width: 4000, height: 3000), in: tile), PixelSize(width: 160, height: 120))
        XCTAssertEqual(renderer.pixelSize(forImageOf: PixelSize(width: 3000, height: 4000), in: tile), PixelSize(width: 117, height: 156))
        XCTAssertEqual(renderer.pixelSize(forImageOf: PixelSize(width: 50, height: 40), in: tile), PixelSize(width: 50, height: 40),
                       "never decoded larger than it is (the renderer enlarges it)")
        let wide = SixelRenderer(cellSize: PixelSize(width: 10, height: 17))
        XCTAssertEqual(wide.pixelSize(forImageOf: PixelSize(width: 1000, height: 1000), in: TileSize(columns: 80, rows: 40)),
                       PixelSize(width: 678, height: 678), "40 rows of 17: 680, rounded down to whole bands")
    }

    /// A sixel band is 6 pixels tall: rows of cells under one band in all hold no sixel that
    /// ends inside them. One row of 4-pixel cells (`--size 20x1 --cell-size 10x4`) got a 6-pixel
    /// band, drawn over the row below (2 rows where 1 was asked); it is cell art now. Where a
    /// band fits, the picture is whole bands inside the rows and covers no more of them.
    func testRowsUnderOneBandGetCellArtAndTheBandsStayInsideTheRows() throws {
        let image = PixelImage(width: 300, height: 97, fill: (30, 140, 220, 255))
        let tiny = SixelRenderer(cellSize: PixelSize(width: 10, height: 4))
        XCTAssertEqual(tiny.box(for: TileSize(columns: 20, rows: 1)), nil)
        XCTAssertEqual(tiny.render(image, in: TileSize(columns: 20, rows: 1)),
                       tiny.cellArt.render(image, in: TileSize(columns: 20, rows: 1)), "cell art: one row, as asked")
        XCTAssertEqual(tiny.pixelSize(forImageOf: PixelSize(of: image), in: TileSize(columns: 20, rows: 1)),
                       tiny.cellArt.pixelSize(forImageOf: PixelSize(of: image), in: TileSize(columns: 20, rows: 1)))
        for (cell, rows) in [(PixelSize(width: 10, height: 4), 3), (PixelSize(width: 10, height: 7), 1), (PixelSize(width: 6, height: 5), 4)] {
            let renderer = SixelRenderer(cellSize: cell)
            let cells = TileSize(columns: 20, rows: rows)
            guard case .graphics(let picture) = renderer.render(image, in: cells) else { return XCTFail("a picture in \(cells) of \(cell)") }
            XCTAssertEqual(picture.pixels.height % 6, 0, "whole bands in \(cells) of \(cell)")
            XCTAssertLessThanOrEqual(picture.pixels.height, rows * cell.height, "inside the rows: \(cell)")
            XCTAssertEqual(picture.cells, GraphicsFit.coveredCells(by: picture.pixels, in: cells, cellSize: cell))
        }
    }

    func testRenderReducesEncodesAndSaysWhichCellsItCovers() throws {
        let renderer = SixelRenderer()
        let image = Drawn.scene(width: 400, height: 300, seed: 1)
        guard case .graphics(let picture) = renderer.render(image, in: tile) else { return XCTFail("a picture") }
        XCTAssertEqual(picture.encoding, .sixel)
        XCTAssertEqual(picture.pixels, PixelSize(width: 160, height: 120))
        XCTAssertEqual(picture.cells, TileSize(columns: 16, rows: 6), "120 px of 20 px rows")
        XCTAssertNil(picture.imageID)
        let decoded = try SixelDecoder.decode(picture.payload)
        XCTAssertEqual(decoded.width, 160)
        XCTAssertEqual(decoded.height, 120)
        let reduced = image.reduced(width: 160, height: 120)
        var total = 0
        for i in stride(from: 0, to: reduced.pixels.count, by: 4) {
            for c in 0..<3 { total += abs(Int(reduced.pixels[i + c]) - Int(decoded.image.pixels[i + c])) }
        }
        XCTAssertLessThanOrEqual(Double(total) / Double(160 * 120 * 3), 2, "mean per-channel error against the reduced pixels")
    }

    /// A terminal does not scale a sixel: a small picture is enlarged to the tile, as kitty's and
    /// iTerm2's are by their terminals. It was drawn at its own 25x21 pixels on 3x2 cells.
    func testASmallImageIsEnlargedToFillTheTile() throws {
        guard case .graphics(let picture) = SixelRenderer().render(PixelImage(width: 25, height: 21, fill: (200, 10, 10, 255)), in: tile) else {
            return XCTFail("a picture")
        }
        XCTAssertEqual(picture.pixels, PixelSize(width: 160, height: 134))
        XCTAssertEqual(picture.cells, TileSize(columns: 16, rows: 7))
        let decoded = try SixelDecoder.decode(picture.payload)
        XCTAssertEqual(Double(decoded.image[80, 67].r), 200, accuracy: 2, "the colour kept (sixel colours are percentages)")
    }

    /// `fill` crops the centre to the tile's whole bands, `stretch` squeezes the whole picture
    /// into them: both cover every cell. Sixel ignored --fit.
    func testFillAndStretchCoverTheTile() throws {
        // Left half red, right half blue, 400x100: fill keeps the middle, stretch all of it.
        let image = PixelImage(width: 400, height: 100) { x, _ in x < 200 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        for fit in [FitMode.fill, .stretch] {
            let renderer = SixelRenderer(cellArt: CellArtRenderer(ArtOptions(columns: 0, rows: 0, fit: fit)))
            XCTAssertEqual(renderer.pixelSize(forImageOf: PixelSize(of: image), in: tile), PixelSize(width: 400, height: 100),
                           "156 rows shown of 100: all of it")
            guard case .graphics(let picture) = renderer.render(image, in: tile) else { return XCTFail("a picture") }
            XCTAssertEqual(picture.pixels, PixelSize(width: 160, height: 156), "\(fit)")
            XCTAssertEqual(picture.cells, TileSize(columns: 16, rows: 8), "\(fit)")
        }
        XCTAssertEqual(SixelRenderer(cellArt: CellArtRenderer(ArtOptions(columns: 0, rows: 0, fit: .fill)))
                        .pixelSize(forImageOf: PixelSize(width: 4000, height: 1000), in: tile), PixelSize(width: 624, height: 156),
                       "decoded so that the centre crop keeps 156 rows")
    }

    func testAVideoWithoutPosterGetsTheFilmStrip() {
        let shown = SixelRenderer().placeholder(duration: 75, in: tile)
        XCTAssertEqual(shown, .cells(FilmStrip.placeholder(options: ArtOptions(columns: 16, rows: 8), duration: 75)))
    }

    func testTheOptionsAreTheIdentity() {
        let a = AnyThumbnailRenderer(SixelRenderer())
        XCTAssertEqual(a, AnyThumbnailRenderer(SixelRenderer(cellSize: PixelSize(width: 10, height: 20))))
        XCTAssertNotEqual(a, AnyThumbnailRenderer(SixelRenderer(cellSize: PixelSize(width: 9, height: 18))))
        XCTAssertNotEqual(a, AnyThumbnailRenderer(SixelRenderer(encoder: SixelEncoder(colours: 64))))
        XCTAssertNotEqual(a, AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 16, rows: 8))))
    }
}
