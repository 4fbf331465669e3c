import CellArt
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// The same request again (the picker asks at every key and again at the frame's layout) is
/// answered without working the request out anew: these are the cases where it still must
/// do something, as a request worked out in full did. Each fails when an unchanged request
/// only checks the files (checked); that it still checks them is
/// `ThumbnailPipelineTests.testAFailedTileIsTriedAgainOnceItsFileChanges`, which asks for
/// the same tile three times.
@MainActor
final class ThumbnailPipelineSameRequestTests: XCTestCase {
    private func key(_ name: String) -> ThumbnailKey {
        ThumbnailKey(path: RawPath("/virtual/" + name), modificationTime: FileTime(seconds: 1), byteSize: 1,
                     options: ArtOptions(columns: 2, rows: 1))
    }

    /// A tile of two cells.
    nonisolated private static let tile = RenderedThumbnail.cells(CellImage(columns: 2, rows: 1))

    /// Asked again while the tiles are being made, nothing is cancelled or started twice, and
    /// they are made in the order first asked.
    func testTheSameRequestWhileWorkingChangesNothing() async {
        let gate = Gate()
        let pipeline = ThumbnailPipeline(concurrency: 1, work: { key, _ throws(ThumbnailError) in
            gate.enter(key.path)
            return Self.tile
        })
        let (a, b, c) = (key("a"), key("b"), key("c"))
        var starts = gate.starts.makeAsyncIterator()
        pipeline.want(visible: [a, b], ahead: [c])
        let first = await starts.next()
        XCTAssertEqual(first, a.path)
        for _ in 0..<3 { pipeline.want(visible: [a, b], ahead: [c]) }
        gate.open(times: 3)
        await pipeline.waitUntilIdle()
        XCTAssertEqual(gate.started, [a.path, b.path, c.path])
        XCTAssertEqual([pipeline.statistics.started, pipeline.statistics.finished, pipeline.statistics.cancelled], [3, 3, 0])
        XCTAssertEqual(pipeline.isIdle, true)
    }

    /// Other `ahead` tiles are another request: the old ones leave, the new ones are made.
    func testAnotherAheadIsAnotherRequest() async {
        let pipeline = ThumbnailPipeline(concurrency: 1, work: { _, _ throws(ThumbnailError) in Self.tile })
        let (a, b, c) = (key("a"), key("b"), key("c"))
        pipeline.want(visible: [a], ahead: [b])
        await pipeline.waitUntilIdle()
        pipeline.want(visible: [a], ahead: [c])
        await pipeline.waitUntilIdle()
        guard case .ready = pipeline.state(for: c) else { return XCTFail("c must be made: \(pipeline.state(for: c))") }
        XCTAssertEqual(pipeline.statistics.started, 3)
    }

    /// Wanted tiles let go from memory (a bound too small for the screen) are made again at
    /// the same request, as at any other.
    func testWantedTilesLetGoFromMemoryAreMadeAgain() async {
        // Four cells: the third tile of two cells lets the first two go.
        let pipeline = ThumbnailPipeline(concurrency: 1, memoryCellLimit: 4, work: { _, _ throws(ThumbnailError) in Self.tile })
        let (a, b, c) = (key("a"), key("b"), key("c"))
        pipeline.want(visible: [a, b, c])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: a), .loading, "let go")
        XCTAssertEqual(pipeline.statistics.started, 3)
        pipeline.want(visible: [a, b, c])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.statistics.started, 5, "a and b are made again")
    }

    /// A failure forgotten (`forgetFailure`) is tried again at the same request.
    func testAForgottenFailureIsTriedAgainAtTheSameRequest() async {
        let tries = Locked(0)
        let pipeline = ThumbnailPipeline(concurrency: 1, work: { key, _ throws(ThumbnailError) in
            if tries.withLock({ $0 += 1; return $0 }) == 1 { throw .notMedia(path: key.path.string) }
            return Self.tile
        })
        let x = key("x")
        pipeline.want(visible: [x])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: x), .failed(.notMedia(path: "/virtual/x")))
        pipeline.want(visible: [x])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.statistics.started, 1, "a failure stands")
        pipeline.forgetFailure(for: x)
        pipeline.want(visible: [x])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: x), .ready(Self.tile))
    }

    /// A wanted tile whose work ended cancelled without being dropped (its helper stopped) is
    /// tried again at the same request.
    func testAWantedTileWhoseWorkEndedCancelledIsTriedAgain() async {
        let tries = Locked(0)
        let pipeline = ThumbnailPipeline(concurrency: 1, work: { _, _ throws(ThumbnailError) in
            if tries.withLock({ $0 += 1; return $0 }) == 1 { throw .cancelled }
            return Self.tile
        })
        let x = key("x")
        pipeline.want(visible: [x])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: x), .loading)
        pipeline.want(visible: [x])
        await pipeline.waitUntilIdle()
        XCTAssertEqual(pipeline.state(for: x), .ready(Self.tile))
        XCTAssertEqual(pipeline.statistics.started, 2)
    }
}
