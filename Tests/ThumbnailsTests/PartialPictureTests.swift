import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// A JPEG cut inside its data (a download in progress) is drawn as far as it goes, marked
/// (`PictureCut`), where it failed as "truncated file". Its pixels are neither kept in the disk
/// cache nor recorded as a failure: loaded from the cache later, they would be drawn unmarked
/// as the file's thumbnail; the file, once whole, is drawn whole.
final class PartialPictureTests: XCTestCase {
    let options = ArtOptions(columns: 16, rows: 8, symbols: .blocks, colors: .trueColor)
    let cut = PictureCut(detail: "JPEG: Premature end of JPEG file")

    /// A baseline JPEG of a scene made in code (320x240), and its first 60 %.
    private func jpeg() throws -> (whole: [UInt8], cut: [UInt8]) {
        let whole = try JPEGEncoder.encode(Drawn.scene(width: 320, height: 240, seed: 2), quality: 0.9)
        return (whole, Array(whole.prefix(whole.count * 6 / 10)))
    }

    private func exists(_ path: RawPath) -> Bool {
        if case .success = FileStat.of(path) { return true } else { return false }
    }

    private func drawing(_ path: RawPath, cache: ThumbnailDiskCache?) throws -> DrawnThumbnail {
        try Thumbnailer.drawing(for: path, in: TileSize(options), renderer: CellArtRenderer(options), cache: cache)
    }

    func testACutJPEGIsDrawnMarkedAndNotKeptInTheDiskCache() throws {
        let folder = TempFolder()
        let cache = ThumbnailDiskCache(root: folder.path.appending("cache/thumbnails"))
        let (wholeBytes, cutBytes) = try jpeg()
        let whole = folder.write("whole.jpg", bytes: wholeBytes, mtime: 1_700_000_000)
        let path = folder.write("dl.jpg", bytes: cutBytes, mtime: 1_700_000_000)
        let expected = try drawing(whole, cache: nil)
        XCTAssertNil(expected.cut)

        let drawn = try drawing(path, cache: cache)
        XCTAssertEqual(drawn.cut, cut)
        guard case .cells(let partial) = drawn.thumbnail, case .cells(let full) = expected.thumbnail else { return XCTFail("cell art") }
        XCTAssertEqual(Array(partial.cells.prefix(16)), Array(full.cells.prefix(16)), "the top row is the whole picture's")
        XCTAssertNotEqual(partial, full, "the rest is not")
        XCTAssertEqual("\(cut)", "partial picture: the file is cut short (JPEG: Premature end of JPEG file); drawn as far as it goes")
        for bucket in ThumbnailDiskCache.Bucket.allCases {
            XCTAssertFalse(exists(cache.file(for: path, bucket: bucket)), "no thumbnail kept for a partial picture (\(bucket))")
        }
        XCTAssertFalse(exists(cache.failureFile(for: path)), "nor a failure")
        XCTAssertEqual(try drawing(path, cache: cache), drawn, "drawn again, marked again")

        // The download finishes: the whole picture, unmarked, and now kept.
        folder.write("dl.jpg", bytes: wholeBytes, mtime: 1_700_000_060)
        XCTAssertEqual(try drawing(path, cache: cache), expected)
        XCTAssertTrue(ThumbnailDiskCache.Bucket.allCases.contains { exists(cache.file(for: path, bucket: $0)) }, "the whole one is kept")
        XCTAssertEqual(try drawing(path, cache: cache), expected, "and read back")
    }

    /// A PNG cut inside its image data the same way: its rows so far, marked, not cached. (Its
    /// rows reach libpng in blocks of 64 KB, so it is large enough to have whole blocks before
    /// the cut.)
    func testACutPNGIsDrawnMarkedAndNotKeptInTheDiskCache() throws {
        let folder = TempFolder()
        let cache = ThumbnailDiskCache(root: folder.path.appending("cache/thumbnails"))
        let whole = try PNGEncoder.encode(PixelImage(width: 400, height: 300) { x, y in
            (UInt8((x * 7919 ^ y * 104_729) & 0xFF), UInt8(y & 0xFF), UInt8(x & 0xFF), 255)
        })
        let path = folder.write("dl.png", bytes: Array(whole.prefix(whole.count * 6 / 10)), mtime: 1_700_000_000)
        let drawn = try drawing(path, cache: cache)
        XCTAssertEqual(drawn.cut, PictureCut(detail: "PNG: the PNG data ends early"))
        for bucket in ThumbnailDiskCache.Bucket.allCases {
            XCTAssertFalse(exists(cache.file(for: path, bucket: bucket)), "no thumbnail kept for a partial picture (\(bucket))")
        }
        XCTAssertFalse(exists(cache.failureFile(for: path)), "nor a failure")
    }

    /// The pipeline's tile says `.partial`, and once the file is whole (while the picker is
    /// open), its check of the visible tiles makes it again, whole.
    @MainActor
    func testThePipelineMarksTheTileAndMakesItAgainOnceTheFileIsWhole() async throws {
        let folder = TempFolder()
        let (wholeBytes, cutBytes) = try jpeg()
        let path = folder.write("dl.jpg", bytes: cutBytes, mtime: 1_700_000_000)
        let st = try FileStat.of(path).get()
        let key = ThumbnailKey(path: path, modificationTime: st.modificationTime, byteSize: st.byteSize, options: options)
        let pipeline = ThumbnailPipeline(concurrency: 1)
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: key), .partial(try drawing(path, cache: nil).thumbnail, cut))

        folder.write("dl.jpg", bytes: wholeBytes, mtime: 1_700_000_060)
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: key), .ready(try drawing(path, cache: nil).thumbnail))
        XCTAssertEqual(pipeline.statistics.renewed, 1)
    }
}
