import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// A file's first view (decoded now, nothing cached) and its later views (from the disk
/// cache, whichever tile size wrote the entry) are the same cells (issue 14).
final class FirstViewTests: XCTestCase {
    private let sizes = [(16, 8), (40, 20), (80, 40)]

    private func options(_ size: (Int, Int), _ symbols: SymbolSet = .sextants) -> ArtOptions {
        ArtOptions(columns: size.0, rows: size.1, symbols: symbols, colors: .trueColor, fit: .stretch)
    }

    /// A 1600x1000 JPEG, large enough to be decoded at a reduced DCT scale.
    private func photo(_ folder: TempFolder) throws -> RawPath {
        let jpeg = try JPEGEncoder.encode(Drawn.scene(width: 1600, height: 1000, seed: 1), quality: 0.9)
        return folder.write("photo.jpg", bytes: jpeg, mtime: 1_700_000_000)
    }

    private func exists(_ path: RawPath) -> Bool {
        if case .success = FileStat.of(path) { return true }
        return false
    }

    func testFirstAndLaterViewsOfAJPEGAreTheSame() throws {
        let folder = TempFolder()
        let path = try photo(folder)
        for size in sizes {
            let cache = ThumbnailDiskCache(root: folder.folder("cache \(size.0)x\(size.1)").appending("thumbnails"))
            let uncached = try Thumbnailer.thumbnail(for: path, options: options(size), cache: nil)
            let first = try Thumbnailer.thumbnail(for: path, options: options(size), cache: cache)
            let second = try Thumbnailer.thumbnail(for: path, options: options(size), cache: cache)
            XCTAssertEqual(first, uncached, "\(size): first view with a cache")
            XCTAssertEqual(second, uncached, "\(size): second view, from the cache")
        }
    }

    func testAnEntryWrittenForAnotherTileSizeGivesTheSameCells() throws {
        let folder = TempFolder()
        let path = try photo(folder)
        let cache = ThumbnailDiskCache(root: folder.folder("cache").appending("thumbnails"))
        // The largest cached tile writes the entry; the small tiles and other symbol sets read
        // it, and the 80x40 tiles (decoded straight from the file) do not.
        _ = try Thumbnailer.thumbnail(for: path, options: options((40, 20), .blocks), cache: cache)
        XCTAssertTrue(exists(cache.file(for: path, bucket: .large)))
        for size in sizes {
            for symbols in [SymbolSet.sextants, .quadrants, .blocks] {
                let later = try Thumbnailer.thumbnail(for: path, options: options(size, symbols), cache: cache)
                XCTAssertEqual(later, try Thumbnailer.thumbnail(for: path, options: options(size, symbols), cache: nil), "\(size) \(symbols)")
            }
        }
    }

    func testLargeColourTilesAreDecodedAtAMultipleOfTheirSamplesAndNotCached() throws {
        let folder = TempFolder()
        let path = try photo(folder)
        let cache = ThumbnailDiskCache(root: folder.folder("cache").appending("thumbnails"))
        let picture = PixelSize(width: 1600, height: 1000)
        // Sextants at 80x40 stretched: 160x120 samples, covered by 192x120 pixels, asked 6x.
        XCTAssertEqual(CellArtRenderer(options((80, 40))).pixelSize(forImageOf: picture, in: TileSize(columns: 80, rows: 40)),
                       PixelSize(width: 1152, height: 720))
        XCTAssertEqual(CellArtRenderer(options((40, 20))).pixelSize(forImageOf: picture, in: TileSize(columns: 40, rows: 20)),
                       PixelSize(width: 96, height: 60))
        var mono = options((80, 40))
        mono.colors = .none
        XCTAssertEqual(CellArtRenderer(mono).pixelSize(forImageOf: picture, in: TileSize(columns: 80, rows: 40)).longestSide, 192)
        _ = try Thumbnailer.thumbnail(for: path, options: options((80, 40)), cache: cache)
        XCTAssertFalse(exists(cache.file(for: path, bucket: .large)))
    }
}
