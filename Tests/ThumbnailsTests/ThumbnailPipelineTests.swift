import CellArt
import Dispatch
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest
import Platform

/// A gate the fake work waits at, so a test decides when a tile may finish (no sleeps).
/// `@unchecked`: `_started`, its only mutable field, is private and touched only inside `lock.withLock`;
/// the semaphore and the stream are safe from any thread.
final class Gate: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var _started: [RawPath] = []
    private let startStream = AsyncStream<RawPath>.makeStream()
    var started: [RawPath] { lock.withLock { _started } }
    /// Each path as its work starts, so a test can await a start instead of racing it.
    var starts: AsyncStream<RawPath> { startStream.stream }
    func enter(_ path: RawPath) {
        lock.withLock { _started.append(path) }
        startStream.continuation.yield(path)
        semaphore.wait()
    }
    func open(times: Int = 1) { for _ in 0..<times { semaphore.signal() } }
}

@MainActor
final class ThumbnailPipelineTests: XCTestCase {
    private func key(_ name: String) -> ThumbnailKey {
        ThumbnailKey(path: RawPath("/virtual/" + name), modificationTime: FileTime(seconds: 1), byteSize: 1,
                     options: ArtOptions(columns: 2, rows: 1))
    }

    func testTileScrolledAwayIsCancelledAndVisibleOnesComeFirst() async {
        let gate = Gate()
        let pipeline = ThumbnailPipeline(concurrency: 1, work: { key, _ throws(ThumbnailError) in
            gate.enter(key.path)
            return .cells(CellImage(columns: 2, rows: 1))
        })
        let a = key("a"), b = key("b"), c = key("c"), d = key("d")
        var starts = gate.starts.makeAsyncIterator()
        pipeline.want(visible: [a, b], ahead: [c])
        let first = await starts.next()
        XCTAssertEqual(first, a.path, "the first visible tile starts first")
        // Scroll: a and b leave the screen before they are done; d comes in.
        pipeline.want(visible: [c, d])
        gate.open(times: 4)
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: a), .loading, "the running tile's late result is dropped")
        guard case .ready = pipeline.state(for: c), case .ready = pipeline.state(for: d) else { return XCTFail("c and d must be done") }
        XCTAssertEqual(gate.started.map(\.string), ["/virtual/a", "/virtual/c", "/virtual/d"], "b never started")
        XCTAssertEqual(pipeline.statistics.cancelled, 2)
        XCTAssertEqual(pipeline.statistics.finished, 2)
    }

    func testFailuresAreRememberedAndReported() async {
        let pipeline = ThumbnailPipeline(concurrency: 2, work: { key, _ throws(ThumbnailError) in
            throw .notMedia(path: key.path.string)
        })
        var seen: [ThumbnailKey] = []
        pipeline.onUpdate = { seen.append($0) }
        pipeline.want(visible: [key("x")])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: key("x")), .failed(.notMedia(path: "/virtual/x")))
        XCTAssertEqual(seen, [key("x")])
    }

    func testMemoryCacheIsBounded() {
        var cache = ThumbnailMemoryCache(cellLimit: 10)
        for i in 0..<10 { cache.insert(.init(thumbnail: .cells(CellImage(columns: 2, rows: 1)), file: nil), for: key("\(i)")) }
        XCTAssertLessThanOrEqual(cache.count, 5)
        XCTAssertNotNil(cache.peek(key("9")), "the newest stays")
    }

    /// A file that failed after its stat (here: empty, a download that has just begun; the
    /// plan fails before its probe) is kept with that version of its file and tried again at a
    /// `want` once its file has changed; before, its failure stood until the pipeline was gone.
    func testAFailedTileIsTriedAgainOnceItsFileChanges() async throws {
        let folder = TempFolder()
        let path = folder.write("x.ppm", bytes: [], mtime: 1_700_000_000)
        let key = ThumbnailKey(path: path, modificationTime: FileTime(seconds: 1_700_000_000), byteSize: 0, options: ArtOptions(columns: 4, rows: 2))
        let pipeline = ThumbnailPipeline(concurrency: 1)
        var changes: [(ThumbnailKey, FileVersion, PixelPlan?)] = []
        pipeline.onFileChanged = { changes.append(($0, $1, $2)) }
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: key), .failed(.empty(path: path.string)))
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.statistics.started, 1, "an unchanged file is not tried again")

        let bytes = Drawn.ppm(Drawn.quarters(size: 16, seed: 3))
        folder.write("x.ppm", bytes: bytes)
        pipeline.want(visible: [key])
        await pipeline.waitUntilIdle()
        guard case .ready(let tile) = pipeline.state(for: key) else { return XCTFail("\(pipeline.state(for: key))") }
        XCTAssertTrue(tile == (try Thumbnailer.thumbnail(for: path, in: key.size, renderer: key.renderer)))
        XCTAssertEqual([pipeline.statistics.started, pipeline.statistics.renewed, pipeline.statistics.failed], [2, 1, 1])
        // Whoever keeps the file's facts hears of the new size, and the tile is kept under the key naming it.
        XCTAssertEqual(changes.map(\.1.byteSize), [Int64(bytes.count)])
        XCTAssertEqual(changes.first?.2?.original, PixelSize(width: 16, height: 12))
        var current = key
        current.byteSize = Int64(bytes.count)
        current.modificationTime = try FileStat.of(path).get().modificationTime
        XCTAssertEqual(pipeline.state(for: current), .ready(tile))
    }
}
