#if canImport(Glibc)
import Glibc
#endif
import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest
import Platform

final class ThumbnailCacheTests: XCTestCase {
    let options = ArtOptions(columns: 16, rows: 8, symbols: .blocks, colors: .trueColor)

    private func setUpFiles() -> (TempFolder, ThumbnailDiskCache, RawPath) {
        let folder = TempFolder()
        let cache = ThumbnailDiskCache(root: folder.path.appending("cache/thumbnails"))
        let image = folder.write("photo one.ppm", bytes: Drawn.ppm(Drawn.quarters(size: 300, seed: 0)), mtime: 1_700_000_000)
        return (folder, cache, image)
    }

    private func cacheFile(_ cache: ThumbnailDiskCache, _ path: RawPath) -> RawPath? {
        ThumbnailDiskCache.Bucket.allCases.map { cache.file(for: path, bucket: $0) }
            .first { if case .success = FileStat.of($0) { return true } else { return false } }
    }

    private func exists(_ path: RawPath) -> Bool {
        if case .success = FileStat.of(path) { return true } else { return false }
    }

    private func mode(_ path: RawPath) -> mode_t {
        var st = stat()
        _ = path.withCString { stat($0, &st) }
        return st.st_mode & 0o777
    }

    func testCacheFilesCarryTheSpecChunksAndModes() throws {
        let (folder, cache, image) = setUpFiles()
        defer { withExtendedLifetime(folder) {} }
        let cold = try Thumbnailer.thumbnail(for: image, options: options, cache: cache)
        let file = try XCTUnwrap(cacheFile(cache, image), "a thumbnail was written")
        let text = try XCTUnwrap(CacheCodec.readText(path: file))
        XCTAssertEqual(text["Thumb::URI"], ThumbnailDiskCache.uri(for: image))
        XCTAssertTrue(text["Thumb::URI"]!.hasSuffix("/photo%20one.ppm"))
        XCTAssertEqual(text["Thumb::MTime"], "1700000000")
        XCTAssertEqual(text["Thumb::Size"], "\(Drawn.ppm(Drawn.quarters(size: 300, seed: 0)).count)")
        XCTAssertEqual(file.lastComponent.string, Digest.md5(Array(text["Thumb::URI"]!.utf8)) + ".png")
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(mode(file.parent), 0o700)
        XCTAssertEqual(mode(cache.root), 0o700)
        let stored = try ImageDecoder.decode(path: file)
        XCTAssertLessThanOrEqual(max(stored.width, stored.height), 256)
        // The warm path gives the very same cells.
        XCTAssertEqual(try Thumbnailer.thumbnail(for: image, options: options, cache: cache), cold)
        XCTAssertEqual(try Thumbnailer.thumbnail(for: image, options: options, cache: nil), cold)
    }

    func testWarmCacheIsReadAndAStaleMTimeIsRegenerated() throws {
        let (folder, cache, image) = setUpFiles()
        defer { withExtendedLifetime(folder) {} }
        _ = try Thumbnailer.thumbnail(for: image, options: options, cache: cache)
        let file = try XCTUnwrap(cacheFile(cache, image))
        var text = try XCTUnwrap(CacheCodec.readText(path: file))
        let green = PixelImage(width: 128, height: 96, fill: (0, 255, 0, 255))
        let greenCells = RenderedThumbnail.cells(CellRenderer.render(green, options: options))

        // A planted entry with the right identity is served as it is: the cache is really read.
        let planted = try XCTUnwrap(CacheCodec.encodePNG(green, text: text.map { ($0.key, $0.value) }))
        try Data(planted).write(to: URL(fileURLWithPath: file.string))
        XCTAssertEqual(try Thumbnailer.thumbnail(for: image, options: options, cache: cache), greenCells)

        // The same entry with another Thumb::MTime is stale: regenerated from the file.
        text["Thumb::MTime"] = "1600000000"
        let stale = try XCTUnwrap(CacheCodec.encodePNG(green, text: text.map { ($0.key, $0.value) }))
        try Data(stale).write(to: URL(fileURLWithPath: file.string))
        let fresh = try Thumbnailer.thumbnail(for: image, options: options, cache: cache)
        XCTAssertNotEqual(fresh, greenCells)
        XCTAssertEqual(fresh, try Thumbnailer.thumbnail(for: image, options: options, cache: nil))
        XCTAssertEqual(CacheCodec.readText(path: file)?["Thumb::MTime"], "1700000000")
        XCTAssertEqual(mode(file), 0o600)
    }

    func testARewriteWithinTheSameSecondIsNotServedFromTheCache() throws {
        let (folder, cache, image) = setUpFiles()
        defer { withExtendedLifetime(folder) {} }
        let before = FileVersion(path: image, status: try FileStat.of(image).get())
        let green = PixelImage(width: 64, height: 48, fill: (0, 255, 0, 255))
        cache.store(green, for: before, original: nil, mimeType: nil, bucket: .normal)
        XCTAssertNotNil(cache.load(for: before, bucket: .normal))
        // Same second, same size, other nanoseconds: a different version of the file.
        var rewritten = before
        rewritten.modificationTime.nanoseconds = (before.modificationTime.nanoseconds + 1) % 1_000_000_000
        XCTAssertNil(cache.load(for: rewritten, bucket: .normal))
        XCTAssertNil(cache.recordedFailure(for: rewritten))

        // An entry written by another program (none of our keys) is judged by the standard's keys.
        let file = cache.file(for: image, bucket: .normal)
        var text = try XCTUnwrap(CacheCodec.readText(path: file))
        for key in text.keys where key.hasPrefix("X-mediapick::") || key == "Software" { text[key] = nil }
        try Data(try XCTUnwrap(CacheCodec.encodePNG(green, text: text.map { ($0.key, $0.value) }))).write(to: URL(fileURLWithPath: file.string))
        XCTAssertNotNil(cache.load(for: rewritten, bucket: .normal))
    }

    @MainActor
    func testThePipelineWritesTheCacheOnceTheTilesAreDone() async throws {
        let (folder, cache, image) = setUpFiles()
        defer { withExtendedLifetime(folder) {} }
        let pipeline = ThumbnailPipeline(concurrency: 2, diskCache: cache)
        let key = ThumbnailKey(path: image, modificationTime: FileTime(seconds: 1_700_000_000), byteSize: 0, options: options)
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        guard case .ready(let cells) = pipeline.state(for: key) else { return XCTFail("the tile is done") }
        await pipeline.waitForCacheWrites()
        let file = try XCTUnwrap(cacheFile(cache, image))
        XCTAssertEqual(CacheCodec.readText(path: file)?["Thumb::MTime"], "1700000000")
        XCTAssertEqual(try Thumbnailer.thumbnail(for: image, options: options, cache: cache), cells, "the warm path agrees")
    }

    func testFailuresAreRecordedUnderFail() throws {
        let (folder, cache, _) = setUpFiles()
        let broken = folder.write("broken.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200), mtime: 1_700_000_100)
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.decode = error else { return XCTFail("\(error)") }
        }
        let record = cache.failureFile(for: broken)
        XCTAssertTrue(record.string.contains("/fail/mediapick/"))
        XCTAssertEqual(CacheCodec.readText(path: record)?["Thumb::MTime"], "1700000100")
        XCTAssertEqual(mode(record), 0o600)
        // The reason is kept in the record and told on later views (user testing: it said only
        // "cannot be read (it failed before; …)").
        var firstReason = ""
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: nil)) { error in
            firstReason = (error as? ThumbnailError)?.reason ?? "?"
        }
        XCTAssertFalse(firstReason.isEmpty)
        XCTAssertEqual(CacheCodec.readText(path: record)?[ThumbnailDiskCache.errorKey], firstReason)
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            XCTAssertEqual(error as? ThumbnailError, .failedBefore(path: broken.string, reason: firstReason))
            XCTAssertEqual("\(error)", "\(broken.string): \(firstReason) (remembered from an earlier try; --no-cache tries again)")
        }
        // A changed file is tried again.
        TempFolder.setMTime(broken, 1_700_000_200)
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.decode = error else { return XCTFail("\(error)") }
        }
    }

    /// A record written by an older mediapick has no reason, nor the file's inode and status
    /// change: it cannot tell a replaced file from the one that failed, so the file is tried
    /// again (and the record made anew, with the reason). A record without a reason is told as
    /// in FailedBeforeMessageTests.
    func testARecordOfAnOlderMediapickIsTriedAgain() throws {
        let (folder, cache, _) = setUpFiles()
        let broken = folder.write("broken.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200), mtime: 1_700_000_100)
        let st = try FileStat.of(broken).get()
        let old = [("Thumb::URI", ThumbnailDiskCache.uri(for: broken)), ("Thumb::MTime", "\(st.modificationTime.seconds)"),
                   ("Thumb::Size", "\(st.byteSize)"), (ThumbnailDiskCache.nanosecondsKey, "\(st.modificationTime.nanoseconds)"),
                   ("Software", "mediapick")].map { (key: $0.0, value: $0.1) }
        cache.writeAtomically(try XCTUnwrap(CacheCodec.encodePNG(PixelImage(width: 1, height: 1, fill: (0, 0, 0, 0)), text: old)),
                              to: cache.failureFile(for: broken))
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.decode = error else { return XCTFail("\(error)") }
        }
        XCTAssertNotNil(CacheCodec.readText(path: cache.failureFile(for: broken))?[ThumbnailDiskCache.inodeKey])
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: broken, options: options, cache: cache)) { error in
            guard case ThumbnailError.failedBefore(_, .some) = error else { return XCTFail("\(error)") }
        }
    }

    /// A reason that is not ASCII (a codec's message, a name) comes back as it was written.
    func testAReasonThatIsNotASCIIComesBackWhole() throws {
        let (folder, cache, _) = setUpFiles()
        let file = folder.write("x.jpg", bytes: [1, 2, 3], mtime: 1_700_000_100)
        let st = try FileStat.of(file).get()
        cache.recordFailure(for: FileVersion(path: file, status: st), reason: "corrupt image: été → 写真")
        XCTAssertEqual(cache.recordedFailure(for: FileVersion(path: file, status: st))?.reason,
                       "corrupt image: été → 写真")
    }

    func testATooLargePictureIsNotRecordedAsAFailure() throws {
        let (folder, cache, _) = setUpFiles()
        // A PNM header of 20000x20000 (400 MP): refused from the header, before any pixel.
        let huge = folder.write("huge.ppm", bytes: Array("P6\n20000 20000\n255\n".utf8) + [1, 2, 3], mtime: 1_700_000_100)
        for attempt in 1...2 {
            XCTAssertThrowsError(try Thumbnailer.thumbnail(for: huge, options: options, cache: cache), "attempt \(attempt)") { error in
                guard case ThumbnailError.decode(_, .tooLarge(20000, 20000, _)) = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertFalse(exists(cache.failureFile(for: huge)), "too large is told as such every time, not as failed before")
    }

    func testFilesInsideTheCacheAreNeverCached() throws {
        let (folder, cache, _) = setUpFiles()
        _ = folder.folder("cache")
        _ = folder.folder("cache/thumbnails")
        let inside = folder.write(RawPath("cache/thumbnails/own.ppm"), bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 1)))
        _ = try Thumbnailer.thumbnail(for: inside, options: options, cache: cache)
        XCTAssertNil(cacheFile(cache, inside))
    }

    func testNonUTF8NameHasOneExactURI() throws {
        let (folder, cache, _) = setUpFiles()
        let name = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".ppm".utf8))
        let file = folder.write(name, bytes: Drawn.ppm(Drawn.quarters(size: 64, seed: 2)))
        _ = try Thumbnailer.thumbnail(for: file, options: options, cache: cache)
        let stored = try XCTUnwrap(cacheFile(cache, file))
        XCTAssertEqual(CacheCodec.readText(path: stored)?["Thumb::URI"]?.hasSuffix("/caf%E9.ppm"), true)
    }

    /// A home or `$XDG_CACHE_HOME` parent that does not exist is not made (it was: as root,
    /// `HOME=/nonexistent/x` left /nonexistent/x/.cache/thumbnails behind); the picture is
    /// still drawn, uncached. An existing one gets its `.cache/thumbnails`.
    func testAMissingHomeIsNotCreated() throws {
        let (folder, _, image) = setUpFiles()
        let missingHome = folder.path.appending("nonexistent/x")
        let missingCacheParent = folder.path.appending("gone/cache")
        for environment in [["HOME": missingHome.string], ["XDG_CACHE_HOME": missingCacheParent.appending("xdg").string]] {
            let cache = try XCTUnwrap(ThumbnailDiskCache.standard(environment: environment))
            XCTAssertEqual(try Thumbnailer.thumbnail(for: image, options: options, cache: cache),
                           try Thumbnailer.thumbnail(for: image, options: options, cache: nil))
        }
        XCTAssertFalse(exists(folder.path.appending("nonexistent")))
        XCTAssertFalse(exists(folder.path.appending("gone")))

        let home = folder.folder("home")
        let xdgParent = folder.folder("xdg-parent")
        for environment in [["HOME": home.string], ["XDG_CACHE_HOME": xdgParent.appending("cache").string]] {
            let cache = try XCTUnwrap(ThumbnailDiskCache.standard(environment: environment))
            _ = try Thumbnailer.thumbnail(for: image, options: options, cache: cache)
            XCTAssertNotNil(cacheFile(cache, image), "\(environment)")
        }
        XCTAssertTrue(exists(home.appending(".cache/thumbnails")))
    }
}
