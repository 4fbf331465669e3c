#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
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
    /// library reads it and its tiles made by the real pipeline, settled; with `exporting`, as
    /// `--export` configures it (broken pictures and those too large to export are refused).
    private func harness(_ name: String = "x.ppm", bytes: [UInt8]? = nil, exporting: Bool = false) async -> PickerHarness {
        let first = bytes ?? picture(1), mtime = mtime
        return await PickerHarness(names: [], configure: { config in
            config.selectionLimit = 0
            config.refusesUndecodablePictures = exporting
        }, work: nil, classifier: FileInspector.classify, prepare: { folder in
            folder.write(name, bytes: first, mtime: mtime)
        })
    }

    /// x.ppm's (or `name`'s) key, and its tile as the picker would draw it now.
    private func tile(_ h: PickerHarness, _ name: String = "x.ppm") throws -> (key: ThumbnailKey, drawn: RenderedThumbnail?) {
        let key = try XCTUnwrap(h.picker.tileRequest.visible.first { $0.path.lastComponent.string == name })
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

    /// A picture still being written when the picker opened (a download: its header there, its
    /// pixels not yet) failed as broken, and with `--export` was refused for good: its tile was
    /// not looked at again. Once the file is complete, the next redraw draws its picture, and
    /// Space and Enter take it.
    func testABrokenPictureCompletedWhileThePickerIsOpenIsDrawnAndCanBePicked() async throws {
        let whole = picture(5)
        let h = await harness(bytes: Array(whole.prefix(whole.count / 2)), exporting: true)
        guard case .failed(let error) = h.picker.pipeline.state(for: try tile(h).key) else { return XCTFail("the half-written file's tile fails") }
        XCTAssertNotNil(error.undecodableReason, "\(error)")
        h.press(.character(" "))
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage?.hasPrefix("Cannot export x.ppm: "), true, h.picker.statusMessage ?? "")
        await redraw(h)
        XCTAssertEqual(h.picker.pipeline.statistics.renewed, 0, "an unchanged broken file is not tried again")

        h.folder.write("x.ppm", bytes: whole)
        await h.settle()
        XCTAssertTrue(try tile(h).drawn == fresh(try tile(h).key), "x.ppm's tile shows its picture")
        XCTAssertEqual(h.picker.pipeline.statistics.renewed, 1)
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["x.ppm"], h.picker.statusMessage ?? "")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["x.ppm"])
    }

    /// A picture replaced while the picker is open by one the export cannot write (70000x4,
    /// wider than a JPEG can be) was taken at Space and Enter: the size rule read the header
    /// the library kept from its scan, of the old 64x48 file, and the info line named the old
    /// file's size and pixels. The library takes the new file's facts from its tile's plan, so
    /// Space refuses it, saying why, and the line names the new file; the tile made for the new
    /// facts' key is the one already made (no second make, no placeholder between).
    func testAPictureReplacedByOneTooLargeToExportIsRefusedAndDescribedAsItIsNow() async throws {
        let small = try PNGEncoder.encode(PixelImage(width: 64, height: 48, fill: (200, 30, 30, 255)))
        let wide = try PNGEncoder.encode(PixelImage(width: 70000, height: 4, fill: (30, 30, 200, 255)))
        let h = await harness("x.png", bytes: small, exporting: true)
        XCTAssertTrue(h.screen().text.contains("64×48"), h.screen().text)
        let replacement = h.folder.write(".x.new", bytes: wide, mtime: mtime + 3600)
        XCTAssertEqual(replacement.withCString { from in h.folder.path.appending("x.png").withCString { rename(from, $0) } }, 0)
        let started = h.picker.pipeline.statistics.started
        await h.settle()
        let entry = try XCTUnwrap(h.picker.focusedEntry)
        XCTAssertEqual([entry.byteSize, entry.modificationTime.seconds, Int64(entry.pixelWidth ?? 0)], [Int64(wide.count), mtime + 3600, 70000])
        let screen = h.screen().text
        XCTAssertTrue(screen.contains("x.png · PNG · 70000×4 · \(EntryDetails.bytes(Int64(wide.count))) · \(EntryDetails.date(FileTime(seconds: mtime + 3600)))")
                      && !screen.contains("64×48"), screen)
        guard case .ready = h.picker.pipeline.state(for: try tile(h, "x.png").key) else { return XCTFail("the new key's tile is ready") }
        XCTAssertEqual(h.picker.pipeline.statistics.started, started + 1, "made once, for the new file")
        h.press(.character(" "))
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage, "Cannot export x.png: 70000x4 is larger than a JPEG can be (65500 pixels a side); "
                       + "scale it down to export it")
    }
}
