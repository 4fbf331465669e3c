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
                       "never enlarged")
        let wide = SixelRenderer(cellSize: PixelSize(width: 10, height: 17))
        XCTAssertEqual(wide.pixelSize(forImageOf: PixelSize(width: 1000, height: 1000), in: TileSize(columns: 80, rows: 40)),
                       PixelSize(width: 678, height: 678), "40 rows of 17: 680, rounded down to whole bands")
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

    func testASmallImageIsDrawnAtItsOwnSizeOnPartialCells() {
        guard case .graphics(let picture) = SixelRenderer().render(PixelImage(width: 25, height: 21), in: tile) else {
            return XCTFail("a picture")
        }
        XCTAssertEqual(picture.pixels, PixelSize(width: 25, height: 21))
        XCTAssertEqual(picture.cells, TileSize(columns: 3, rows: 2))
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
