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
        // The picker's large tile writes the entry; the small tiles and other symbol sets read it.
        _ = try Thumbnailer.thumbnail(for: path, options: options((80, 40)), cache: cache)
        for size in sizes {
            for symbols in [SymbolSet.sextants, .quadrants, .blocks] {
                let later = try Thumbnailer.thumbnail(for: path, options: options(size, symbols), cache: cache)
                XCTAssertEqual(later, try Thumbnailer.thumbnail(for: path, options: options(size, symbols), cache: nil), "\(size) \(symbols)")
            }
        }
    }
}
