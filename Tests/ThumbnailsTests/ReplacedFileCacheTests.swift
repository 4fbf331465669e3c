#if canImport(Glibc)
import Glibc
#endif
import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// A file replaced by another of the same size and modification time (`mv`, `cp -p`, `tar x`,
/// `rsync -t`) is another file to the caches: the disk cache's entries and failure records
/// that mediapick wrote carry the file's device, inode and status-change time, and the pixel
/// cache's key has them too. The exploratory tester saw the old picture after
/// `mv y.bmp x.bmp` (both 2020-01-01, same size) until `--no-cache`.
final class ReplacedFileCacheTests: XCTestCase {
    let options = ArtOptions(columns: 16, rows: 8, symbols: .blocks, colors: .trueColor)
    let mtime: Int64 = 1_700_000_000

    /// Two different pictures of the same size in bytes (PPMs of the same dimensions), both
    /// modified at `mtime`.
    private func twoPictures(in folder: TempFolder, _ first: String, _ second: String) throws -> (RawPath, RawPath) {
        let a = folder.write(first, bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 1)), mtime: mtime)
        let b = folder.write(second, bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 2)), mtime: mtime)
        let (sa, sb) = (try FileStat.of(a).get(), try FileStat.of(b).get())
        XCTAssertEqual(sa.byteSize, sb.byteSize)
        XCTAssertEqual(sa.modificationTime, sb.modificationTime)
        XCTAssertNotEqual(try Thumbnailer.thumbnail(for: a, options: options, cache: nil),
                          try Thumbnailer.thumbnail(for: b, options: options, cache: nil))
        return (a, b)
    }

    private func move(_ from: RawPath, over to: RawPath) {
        XCTAssertEqual(from.withCString { f in to.withCString { t in rename(f, t) } }, 0)
    }

    private func cache(in folder: TempFolder) -> ThumbnailDiskCache {
        ThumbnailDiskCache(root: folder.path.appending("cache/thumbnails"))
    }

    func testAFileRenamedOverWithTheSameSizeAndMTimeIsNotServedTheOldEntry() throws {
        let folder = TempFolder()
        let cache = cache(in: folder)
        let (x, y) = try twoPictures(in: folder, "x.ppm", "y.ppm")
        let yCells = try Thumbnailer.thumbnail(for: y, options: options, cache: nil)
        _ = try Thumbnailer.thumbnail(for: x, options: options, cache: cache)
        XCTAssertNotNil(CacheCodec.readText(path: cache.file(for: x, bucket: .large))?[ThumbnailDiskCache.inodeKey])
        move(y, over: x)
        XCTAssertEqual(try Thumbnailer.thumbnail(for: x, options: options, cache: cache), yCells)
        // The entry was made anew for the new file, and serves it.
        XCTAssertEqual(try Thumbnailer.thumbnail(for: x, options: options, cache: cache), yCells)
    }

    func testAFailedFileReplacedByAGoodOneWithTheSameSizeAndMTimeIsTriedAgain() throws {
        let folder = TempFolder()
        let cache = cache(in: folder)
        let good = folder.write("good.ppm", bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 3)), mtime: mtime)
        let size = Int(try FileStat.of(good).get().byteSize)
        let broken = folder.write("x.img", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: size - 4), mtime: mtime)
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.decode = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.failedBefore = error else { return XCTFail("the failure is remembered: \(error)") }
        }
        move(good, over: broken)
        XCTAssertEqual(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache),
                       try Thumbnailer.thumbnail(for: broken, options: options, cache: nil))
    }

    /// A file manager's entry has none of mediapick's keys: it is judged by the standard's
    /// keys alone (URI, MTime, Size), as before, and served.
    func testAnEntryWrittenByAnotherProgramIsAcceptedByTheStandardsKeys() throws {
        let folder = TempFolder()
        let cache = cache(in: folder)
        let x = folder.write("x.ppm", bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 1)), mtime: mtime)
        let st = try FileStat.of(x).get()
        let green = PixelImage(width: 128, height: 96, fill: (0, 255, 0, 255))
        let text = [("Thumb::URI", ThumbnailDiskCache.uri(for: x)), ("Thumb::MTime", "\(mtime)"), ("Thumb::Size", "\(st.byteSize)"),
                    ("Software", "GNOME::ThumbnailFactory")].map { (key: $0.0, value: $0.1) }
        cache.writeAtomically(try XCTUnwrap(CacheCodec.encodePNG(green, text: text)), to: cache.file(for: x, bucket: .large))
        XCTAssertEqual(try Thumbnailer.thumbnail(for: x, options: options, cache: cache),
                       .cells(CellRenderer.render(green, options: options)))
    }

    /// `sl/link/../x.ppm`, where `sl/link` is a symlink to `real/sub`, is `real/x.ppm`: its
    /// URI is that file's, not `sl/x.ppm`'s (the `..` resolved as text), whose entry (same size
    /// and modification time) it was served.
    func testASymlinkFollowedByDotDotIsCachedAsTheFileItNames() throws {
        let folder = TempFolder()
        let cache = cache(in: folder)
        _ = folder.folder("real")
        _ = folder.folder("real/sub")
        _ = folder.folder("sl")
        XCTAssertEqual(folder.path.appending("sl/link").withCString { symlink("../real/sub", $0) }, 0)
        let (slx, realx) = try twoPictures(in: folder, "sl/x.ppm", "real/x.ppm")
        let climbing = folder.path.appending("sl/link/../x.ppm")
        let slCells = try Thumbnailer.thumbnail(for: slx, options: options, cache: cache)
        let realCells = try Thumbnailer.thumbnail(for: realx, options: options, cache: nil)
        XCTAssertTrue(ThumbnailDiskCache.uri(for: climbing).hasSuffix("/real/x.ppm"), ThumbnailDiskCache.uri(for: climbing))
        XCTAssertEqual(try Thumbnailer.thumbnail(for: climbing, options: options, cache: cache), realCells)
        XCTAssertEqual(try Thumbnailer.thumbnail(for: climbing, options: options, cache: cache), realCells, "from its own entry")
        XCTAssertEqual(try Thumbnailer.thumbnail(for: slx, options: options, cache: cache), slCells, "sl/x.ppm's entry is left alone")
    }

    /// Within one picker session: a file replaced while the picker is open, then asked for at
    /// another tile size (the preview), is decoded again, not taken from the pixel cache.
    @MainActor
    func testThePixelCacheTellsAReplacedFile() async throws {
        let folder = TempFolder()
        let (x, y) = try twoPictures(in: folder, "x.ppm", "y.ppm")
        let pipeline = ThumbnailPipeline(concurrency: 1, diskCache: nil)
        let st = try FileStat.of(x).get()
        var larger = options
        larger.columns = 20
        larger.rows = 10
        let tile = ThumbnailKey(path: x, modificationTime: st.modificationTime, byteSize: st.byteSize, options: options)
        let preview = ThumbnailKey(path: x, modificationTime: st.modificationTime, byteSize: st.byteSize, options: larger)
        pipeline.want(visible: [tile])
        await pipeline.waitUntilIdle()
        guard case .ready = pipeline.state(for: tile) else { return XCTFail("the tile is done") }
        move(y, over: x)
        pipeline.want(visible: [preview])
        await pipeline.waitUntilIdle()
        guard case .ready(let drawn) = pipeline.state(for: preview) else { return XCTFail("the preview is done") }
        XCTAssertEqual(drawn, try Thumbnailer.thumbnail(for: x, options: larger, cache: nil))
    }
}
