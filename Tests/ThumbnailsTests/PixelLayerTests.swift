import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// The layer's middle: pixels cached by bytes, renderers at the edge.
final class PixelLayerTests: XCTestCase {
    private func pixelKey(_ name: String, box: Int = 128) -> PixelKey {
        PixelKey(file: FileVersion(path: RawPath("/virtual/" + name), modificationTime: FileTime(seconds: 1), byteSize: 1), box: box)
    }

    private func pixels(_ side: Int) -> ThumbnailPixels { .image(PixelImage(width: side, height: side)) }

    func testPixelCacheIsBoundedByBytesAndEvictsTheLeastRecentlyUsed() {
        // 10x10 RGBA is 400 bytes; room for five.
        let cache = ThumbnailPixelCache(byteLimit: 2_000)
        for name in ["a", "b", "c", "d", "e"] { cache.insert(pixels(10), for: pixelKey(name)) }
        XCTAssertEqual(cache.byteCount, 2_000)
        XCTAssertNotNil(cache.get(pixelKey("a")), "a is used again: b is now the oldest")
        cache.insert(pixels(10), for: pixelKey("f"))
        XCTAssertLessThanOrEqual(cache.byteCount, 2_000)
        XCTAssertNil(cache.get(pixelKey("b")), "the least recently used went first")
        XCTAssertNotNil(cache.get(pixelKey("a")), "the recently used stays")
        XCTAssertNotNil(cache.get(pixelKey("f")), "the newest stays")
        XCTAssertNotNil(cache.get(pixelKey("a", box: 128)))
        XCTAssertNil(cache.get(pixelKey("a", box: 256)), "another pixel box is another entry")
    }

    func testLargePicturesHaveTheirOwnBoundAndNeverPushOutSmallOnes() {
        // Small: room for five 10x10 (400 bytes each); large (box over 256): room for one 20x20.
        let cache = ThumbnailPixelCache(byteLimit: 2_000, largeByteLimit: 1_600)
        for name in ["a", "b", "c", "d", "e"] { cache.insert(pixels(10), for: pixelKey(name)) }
        for name in ["p", "q", "r"] { cache.insert(pixels(20), for: pixelKey(name, box: 960)) }
        for name in ["a", "b", "c", "d", "e"] { XCTAssertNotNil(cache.get(pixelKey(name)), "\(name) stays") }
        XCTAssertEqual(cache.largeByteCount, 1_600, "only the newest large picture is kept")
        XCTAssertNil(cache.get(pixelKey("p", box: 960)))
        XCTAssertNotNil(cache.get(pixelKey("r", box: 960)))
        XCTAssertEqual(cache.statistics, ThumbnailPixelCache.Statistics(smallHits: 5, smallMisses: 0, largeHits: 1, largeMisses: 1))
    }

    func testALargeBoundOfZeroKeepsNoLargePictures() {
        let cache = ThumbnailPixelCache(byteLimit: 2_000, largeByteLimit: 0)
        cache.insert(pixels(20), for: pixelKey("p", box: 960))
        XCTAssertNil(cache.get(pixelKey("p", box: 960)))
        XCTAssertEqual(cache.byteCount, 0)
    }

    func testCellArtRendererDrawsWhatCellRendererDraws() {
        let image = Drawn.quarters(size: 120, seed: 3)
        for options in [ArtOptions(columns: 16, rows: 8), ArtOptions(columns: 12, rows: 5, symbols: .ascii, colors: .none, fit: .fill),
                        ArtOptions(columns: 20, rows: 6, symbols: .sextants, colors: .ansi256)] {
            let renderer = CellArtRenderer(options)
            XCTAssertEqual(renderer.render(image, in: TileSize(options)), RenderedThumbnail.cells(CellRenderer.render(image, options: options)))
            let asked = renderer.pixelSize(forImageOf: PixelSize(width: 4000, height: 3000), in: TileSize(options))
            let expected = CellRenderer.preferredPixelSize(imageWidth: 4000, imageHeight: 3000, options: options)
            XCTAssertEqual(asked, PixelSize(width: expected.width, height: expected.height))
        }
    }

    func testRenderersWithTheSameOptionsAreOneIdentityWhateverTheTileSize() {
        let a = AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 16, rows: 8)))
        let b = AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 30, rows: 10)))
        let c = AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 16, rows: 8, colors: .ansi16)))
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertNotEqual(a, c)
    }

    @MainActor
    func testARendererOptionChangeRendersAgainWithoutDecodingAgain() async throws {
        let folder = TempFolder()
        let image = folder.write("scene.ppm", bytes: Drawn.ppm(Drawn.quarters(size: 300, seed: 1)), mtime: 1_700_000_000)
        let decodes = Locked(0)
        let pipeline = ThumbnailPipeline(concurrency: 1, decode: { plan, isCancelled throws(ThumbnailError) in
            decodes.withLock { $0 += 1 }
            return try Thumbnailer.pixels(for: plan, cache: nil, isCancelled: isCancelled)
        })
        let colour = ArtOptions(columns: 16, rows: 8, symbols: .blocks, colors: .trueColor)
        var grey = colour
        grey.colors = .ansi256
        let first = ThumbnailKey(path: image, modificationTime: FileTime(seconds: 1_700_000_000), byteSize: 0, options: colour)
        let second = ThumbnailKey(path: image, modificationTime: FileTime(seconds: 1_700_000_000), byteSize: 0, options: grey)

        pipeline.want(visible: [first])
        await pipeline.waitUntilIdle()
        pipeline.want(visible: [second])
        await pipeline.waitUntilIdle()

        XCTAssertEqual(decodes.withLock { $0 }, 1, "the second look is rendered from the cached pixels")
        guard case .ready(let colourTile) = pipeline.state(for: first), case .ready(let greyTile) = pipeline.state(for: second) else {
            return XCTFail("both tiles are done")
        }
        XCTAssertNotEqual(colourTile, greyTile)
        XCTAssertEqual(greyTile, try Thumbnailer.thumbnail(for: image, options: grey), "the same cells as a fresh thumbnail")
        XCTAssertEqual(pipeline.pixels.count, 1)
        withExtendedLifetime(folder) {}
    }
}
