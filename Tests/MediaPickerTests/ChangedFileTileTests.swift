#if canImport(Glibc)
import Glibc
#endif
@testable import MediaPicker
import Platform
import TerminalUI
import Thumbnails
import XCTest

/// A file rewritten or replaced while the picker is open is drawn anew the next time its tile
/// is asked for (the next redraw), as yazi and Apple's picker show a changed photo. The tile's
/// key comes from the library's scan (path, size, modification time), which does not change,
/// so the tile kept the old picture for as long as the picker was open, even after
/// `mv new.ppm x.ppm` (another inode) or a plain rewrite (another modification time); the
/// caches below it (pixels, disk) key on the file's version and would have made it anew.
@MainActor
final class ChangedFileTileTests: XCTestCase {
    private let mtime: Int64 = 1_700_000_000

    /// Two pictures of the same size in bytes.
    private func picture(_ seed: Int) -> [UInt8] { Drawn.ppm(Drawn.quarters(size: 64, seed: seed)) }

    /// A picker over x.ppm (`picture(1)`, modified at `mtime`), its content read as a real
    /// library reads it and its tiles made by the real pipeline, settled.
    private func harness() async -> PickerHarness {
        let first = picture(1), mtime = mtime
        return await PickerHarness(names: [], work: nil, classifier: FileInspector.classify, prepare: { folder in
            folder.write("x.ppm", bytes: first, mtime: mtime)
        })
    }

    /// x.ppm's key, and its tile as the picker would draw it now.
    private func tile(_ h: PickerHarness) throws -> (key: ThumbnailKey, drawn: RenderedThumbnail?) {
        let key = try XCTUnwrap(h.picker.tileRequest.visible.first { $0.path.lastComponent.string == "x.ppm" })
        guard case .ready(let drawn) = h.picker.pipeline.state(for: key) else { return (key, nil) }
        return (key, drawn)
    }

    /// What the file at `key`'s path draws now, from scratch.
    private func fresh(_ key: ThumbnailKey) throws -> RenderedThumbnail {
        try Thumbnailer.thumbnail(for: key.path, in: key.size, renderer: key.renderer)
    }

    /// Redraws (layout and draw, as the host does after a key or a library update) and waits
    /// for what the pipeline was asked.
    private func redraw(_ h: PickerHarness) async {
        _ = h.screen()
        await h.picker.pipeline.waitUntilIdle()
        _ = h.screen()
    }

    /// After a redraw, x.ppm's tile is what its file draws now, which is not `before`.
    private func assertDrawnAnew(_ h: PickerHarness, was before: RenderedThumbnail?, file: StaticString = #filePath,
                                 line: UInt = #line) async throws {
        let key = try tile(h).key
        let expected = try fresh(key)
        XCTAssertTrue(expected != before, "the new picture differs", file: file, line: line)
        await redraw(h)
        XCTAssertTrue(try tile(h).drawn == expected, "x.ppm's tile shows its new picture, not the old one", file: file, line: line)
    }

    func testAFileReplacedByOneOfTheSameSizeAndModificationTimeIsDrawnAnew() async throws {
        let h = await harness()
        let (key, before) = try tile(h)
        XCTAssertTrue(try before == fresh(key))
        let replacement = h.folder.write(".x.new", bytes: picture(2), mtime: mtime)
        let (old, new) = (try FileStat.of(key.path).get(), try FileStat.of(replacement).get())
        XCTAssertEqual([old.byteSize, old.modificationTime.seconds], [new.byteSize, new.modificationTime.seconds])
        XCTAssertEqual(replacement.withCString { from in key.path.withCString { rename(from, $0) } }, 0)
        try await assertDrawnAnew(h, was: before)
        XCTAssertEqual(h.picker.pipeline.statistics.renewed, 1)
    }

    func testAFileRewrittenInPlaceIsDrawnAnew() async throws {
        let h = await harness()
        let before = try tile(h).drawn
        h.folder.write("x.ppm", bytes: picture(3))
        try await assertDrawnAnew(h, was: before)
    }

    /// Rewritten in place and its modification time set back (`touch -d`): the same inode, size
    /// and modification time; its status-change time, which `touch` cannot set, tells it.
    func testAFileRewrittenWithItsModificationTimeSetBackIsDrawnAnew() async throws {
        let h = await harness()
        let (key, before) = try tile(h)
        let was = try FileStat.of(key.path).get()
        h.folder.write("x.ppm", bytes: picture(4), mtime: mtime)
        // The kernel's file clock ticks every few milliseconds: set the time until it has moved.
        while try FileStat.of(key.path).get().statusChangeTime == was.statusChangeTime { TempFolder.setMTime(key.path, mtime) }
        let now = try FileStat.of(key.path).get()
        XCTAssertEqual([now.inode, UInt64(now.byteSize), UInt64(now.modificationTime.seconds)],
                       [was.inode, UInt64(was.byteSize), UInt64(was.modificationTime.seconds)])
        try await assertDrawnAnew(h, was: before)
    }

    /// A file that has not changed is not made again, however often the sheet is redrawn; one
    /// that is gone is left to the paths that look for that (a pick's check), its tile kept.
    func testAnUnchangedOrVanishedFileIsNotMadeAgain() async throws {
        let h = await harness()
        let (key, before) = try tile(h)
        let started = h.picker.pipeline.statistics.started
        for _ in 0..<5 { await redraw(h) }
        h.press(.right, .left)
        await redraw(h)
        XCTAssertEqual(h.picker.pipeline.statistics.started, started)
        XCTAssertTrue(try tile(h).drawn == before)
        XCTAssertEqual(key.path.withCString { unlink($0) }, 0)
        await redraw(h)
        XCTAssertEqual(h.picker.pipeline.statistics.started, started)
        XCTAssertTrue(try tile(h).drawn == before, "the tile of a file gone is kept")
        XCTAssertEqual(h.picker.shownEntries.count, 1)
    }
}
