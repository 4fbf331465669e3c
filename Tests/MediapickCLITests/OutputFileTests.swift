import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Writing results and exports on a real file system, in a scratch folder.
final class OutputFileTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-cli")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    func testAtomicWriteReplacesTheFileAndLeavesNoTemporary() throws {
        let target = folder.appending("out.txt")
        try OutputSink.writeFile(Array("old\n".utf8), to: target)
        try OutputSink.writeFile([0xFF, 0x0A], to: target)
        XCTAssertEqual(try FileBytes.read(target), [0xFF, 0x0A])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["out.txt"])
    }

    /// `-o res.txt` on a full disk said "mediapick: cannot write: No space left on device",
    /// naming no file; it names it now, keeps the old file and leaves no temporary file. A
    /// file size limit of 0 (`ulimit -f 0`) fails the write as a full disk does (EFBIG).
    func testAFailedWriteNamesTheFileAndKeepsTheOldOne() throws {
        let target = folder.appending("res.txt")
        try OutputSink.writeFile(Array("old\n".utf8), to: target)
        let failure = withoutRoom { try OutputSink.writeFile(Array("x.jpg\n".utf8), to: target) }
        XCTAssertEqual(failure, "cannot write \(target.string): File too large")
        XCTAssertEqual(try FileBytes.read(target), Array("old\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["res.txt"])
    }

    /// The error `body` throws while no file may grow (`ulimit -f 0`: a write fails with
    /// EFBIG, as on a full disk with ENOSPC), as the user reads it; nil when it throws none.
    private func withoutRoom(_ body: () throws -> Void) -> String? {
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let previous = signal(SIGXFSZ, SIG_IGN)
        var none = saved
        none.rlim_cur = 0
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &none)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            signal(SIGXFSZ, previous)
        }
        do { try body() } catch { return "\(error)" }
        return nil
    }

    /// An export whose copy cannot be written (a full disk; a 5 GB video on a FAT32 stick) said
    /// "cannot create out/<UUID>.jpg: No space left on device", naming a copy the user never saw
    /// (removed with the rest) and not the pick; it names the pick now.
    func testAnExportThatCannotWriteItsCopyNamesThePick() throws {
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(PixelImage(width: 4, height: 4)))
        let video = folder.appending("clip.avi")
        try FileBytes.createNew(video, bytes: Array("RIFF....AVI not really".utf8))
        let destination = folder.appending("out")
        var exporter = Exporter(directory: destination, quality: 0.8)
        exporter.makeName = { "copy" }
        XCTAssertEqual(withoutRoom { _ = try exporter.export([OutputRecord(path: png, kind: .image)]) },
                       "cannot export \(png.string): cannot create \(destination.string)/copy.jpg: File too large")
        XCTAssertEqual(withoutRoom { _ = try exporter.export([OutputRecord(path: video, kind: .video)]) },
                       "cannot export \(video.string): cannot create \(destination.string)/copy.avi: File too large")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string).sorted(), ["clip.avi", "pic.png"],
                       "nothing is left, nor the folder made")
    }

    /// A name of 250 bytes (the shell's `>` writes it) failed after the pick with "File name
    /// too long": the temporary file beside it, `.NAME.XXXXXX`, was 258. It is cut to fit.
    func testALongNameIsWritten() throws {
        let target = folder.appending(String(repeating: "o", count: 250) + ".txt")
        try OutputSink.writeFile(Array("old\n".utf8), to: target)
        try OutputSink.writeFile(Array("x.jpg\n".utf8), to: target)
        XCTAssertEqual(try FileBytes.read(target), Array("x.jpg\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), [target.lastComponent.string])
        XCTAssertEqual(OutputSink.temporaryName(for: RawPath("out.txt")), RawPath(".out.txt.XXXXXX"))
    }

    func testAtomicWriteIntoAMissingFolderFails() {
        XCTAssertThrowsError(try OutputSink.writeFile([1], to: folder.appending("no/such/out.txt")))
    }

    func testNothingPickedWritesNothing() throws {
        var options = PickOptions()
        options.output = folder.appending("out.txt")
        XCTAssertEqual(try ResultEmitter.emit([], options: options), .nothingPicked)
        XCTAssertFalse(FileManager.default.fileExists(atPath: options.output!.string))
    }

    func testEmitToOutputFile() throws {
        var options = PickOptions()
        options.output = folder.appending("out.txt")
        options.print0 = true
        XCTAssertEqual(try ResultEmitter.emit([OutputRecord(path: RawPath("/a\nb"))], options: options), .picked)
        XCTAssertEqual(try FileBytes.read(options.output!), Array("/a\nb".utf8) + [0])
    }

    func testExportReencodesImagesAndCopiesVideos() throws {
        let image = PixelImage(width: 8, height: 6) { x, y in (UInt8(x * 30), UInt8(y * 40), 200, 255) }
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(image))
        let video = folder.appending("clip.avi")
        let clip: [UInt8] = Array("RIFF....AVI not really".utf8)
        try FileBytes.createNew(video, bytes: clip)
        let pngBefore = try FileBytes.read(png)

        let destination = folder.appending("made/here")  // created, parents too
        var exporter = Exporter(directory: destination, quality: 0.9)
        let names = ["11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"]
        let counter = Counter(names)
        exporter.makeName = { counter.next() }
        let copies = try XCTUnwrap(try exporter.export([OutputRecord(path: png, kind: .image), OutputRecord(path: video, kind: .video, byteSize: 3)]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.string).count, 2, "no temporary file left")

        XCTAssertEqual(copies.records.map(\.path), [destination.appending(names[0] + ".jpg"), destination.appending(names[1] + ".avi")])
        XCTAssertEqual(copies.madeFolders, [folder.appending("made"), destination])
        let jpeg = try FileBytes.read(copies.records[0].path)
        XCTAssertEqual(ImageDecoder.sniff(jpeg), .jpeg)
        let decoded = try ImageDecoder.decode(data: jpeg)
        XCTAssertEqual([decoded.width, decoded.height], [8, 6])
        XCTAssertEqual(copies.records[0].mimeType, "image/jpeg")
        XCTAssertEqual(copies.records[0].byteSize, Int64(jpeg.count))
        XCTAssertEqual(try FileBytes.read(copies.records[1].path), clip)
        XCTAssertEqual(copies.records[1].byteSize, Int64(clip.count))
        XCTAssertEqual(try FileBytes.read(png), pngBefore, "the original is untouched")
    }

    func testExportNeverOverwritesAndCleansUp() throws {
        let image = PixelImage(width: 2, height: 2)
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(image))
        let destination = folder.appending("out")
        try FileManager.default.createDirectory(atPath: destination.string, withIntermediateDirectories: false)
        try FileBytes.createNew(destination.appending("taken.jpg"), bytes: [1, 2, 3])
        let counter = Counter(["fresh", "taken"])
        var exporter = Exporter(directory: destination, quality: 0.8)
        exporter.makeName = { counter.next() }
        XCTAssertThrowsError(try exporter.export([OutputRecord(path: png, kind: .image), OutputRecord(path: png, kind: .image)]))
        XCTAssertEqual(try FileBytes.read(destination.appending("taken.jpg")), [1, 2, 3])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.string), ["taken.jpg"],
                       "the copy made before the failure is removed")
    }

    /// A signal during an export (`abandon` says so before the second copy) takes back the
    /// copy made, and the folders made for it (they were left behind, empty).
    func testAbandonedExportRemovesTheCopiesMade() throws {
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(PixelImage(width: 4, height: 4)))
        let destination = folder.appending("made/out")
        var asked = 0
        let copies = try Exporter(directory: destination, quality: 0.8)
            .export([OutputRecord(path: png, kind: .image), OutputRecord(path: png, kind: .image)]) {
                asked += 1
                return asked == 2
            }
        XCTAssertNil(copies)
        XCTAssertEqual(asked, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["pic.png"])
    }

    /// Abandoned just before the rename: the old file stays as it was, no temporary file is left.
    func testAbandonedAtomicWriteLeavesTheOldFile() throws {
        let target = folder.appending("out.txt")
        try OutputSink.writeFile(Array("old\n".utf8), to: target)
        XCTAssertFalse(try OutputSink.writeFile(Array("new\n".utf8), to: target, abandon: { true }))
        XCTAssertEqual(try FileBytes.read(target), Array("old\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["out.txt"])
    }

    /// A failed export leaves no folder it made behind.
    func testExportOfABrokenImageFails() throws {
        let broken = folder.appending("broken.jpg")
        try FileBytes.createNew(broken, bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])
        XCTAssertThrowsError(try Exporter(directory: folder.appending("x"), quality: 0.8)
            .export([OutputRecord(path: broken, kind: .image)])) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot export "), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["broken.jpg"])
    }

    /// Results that cannot be written take the export back, its folder too; a folder that
    /// someone else put a file in meanwhile stays.
    func testAnUnwrittenResultTakesBackTheExportAndItsFolder() throws {
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(PixelImage(width: 4, height: 4)))
        var options = PickOptions()
        options.export = folder.appending("exported")
        options.output = folder.appending("no/such/out.txt")
        XCTAssertThrowsError(try ResultEmitter.emit([OutputRecord(path: png, kind: .image)], options: options))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["pic.png"])

        let copies = try XCTUnwrap(try Exporter(directory: folder.appending("shared"), quality: 0.8).export([OutputRecord(path: png, kind: .image)]))
        try FileBytes.createNew(folder.appending("shared/other.txt"), bytes: [1])
        copies.remove()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appending("shared").string), ["other.txt"])
    }

    /// A long export showed nothing between the picker closing and the results: the exporter
    /// says which copy it is making, and the progress line is rewritten in place, then blanked.
    func testExportTellsItsProgress() throws {
        let png = folder.appending("pic.png")
        try FileBytes.createNew(png, bytes: try PNGEncoder.encode(PixelImage(width: 2, height: 2)))
        var told: [String] = []
        _ = try Exporter(directory: folder.appending("out"), quality: 0.8)
            .export(Array(repeating: OutputRecord(path: png, kind: .image), count: 3), progress: { told.append("\($0)/\($1)") })
        XCTAssertEqual(told, ["1/3", "2/3", "3/3"])

        var written = ""
        var progress = ExportProgress { written += $0 }
        progress.clear()
        XCTAssertEqual(written, "", "nothing to blank before a line was shown")
        for copying in [9, 10] { progress.show(copying: copying, of: 10) }
        progress.clear()
        progress.clear()
        XCTAssertEqual(written, "\rmediapick: exporting 9/10…\rmediapick: exporting 10/10…\r" + String(repeating: " ", count: 27) + "\r")
    }

    /// A video was read whole into memory before it was written (a 4 GB clip cost 4 GB):
    /// it is copied a chunk at a time, `abandon` asked between chunks, and the copy is the
    /// same bytes. Stopped half-way (a signal), nothing of it is left, nor the folder made.
    func testAVideoIsCopiedInChunksAndAStopMidWayLeavesNothing() throws {
        let clip = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let video = folder.appending("clip.mp4")
        try FileBytes.createNew(video, bytes: clip)
        var exporter = Exporter(directory: folder.appending("out"), quality: 0.8)
        exporter.videoChunkSize = 4096
        var asked = 0
        let copies = try XCTUnwrap(try exporter.export([OutputRecord(path: video, kind: .video)]) {
            asked += 1
            return false
        })
        XCTAssertEqual(try FileBytes.read(copies.records[0].path), clip, "byte for byte")
        XCTAssertEqual(copies.records[0].byteSize, Int64(clip.count))
        XCTAssertGreaterThanOrEqual(asked, 5, "before the copy, between its 3 chunks (and the end), after it")
        copies.remove()

        asked = 0
        let stopped = try exporter.export([OutputRecord(path: video, kind: .video)]) {
            asked += 1
            return asked == 3  // after the first chunk
        }
        XCTAssertNil(stopped)
        XCTAssertEqual(asked, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.string), ["clip.mp4"],
                       "no copy, no temporary file, no folder")
    }

    /// A video that cannot be read (here a folder, whose reads fail with EISDIR after it
    /// opened) fails the export with the reason, and leaves nothing.
    func testAnUnreadableVideoLeavesNothing() throws {
        try FileManager.default.createDirectory(atPath: folder.appending("dir.mp4").string, withIntermediateDirectories: false)
        let good = folder.appending("good.mp4")
        try FileBytes.createNew(good, bytes: [1, 2, 3])
        XCTAssertThrowsError(try Exporter(directory: folder.appending("out"), quality: 0.8)
            .export([OutputRecord(path: good, kind: .video), OutputRecord(path: folder.appending("dir.mp4"), kind: .video)])) { error in
            XCTAssertTrue("\(error)".contains("dir.mp4: Is a directory"), "\(error)")
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.string)), ["dir.mp4", "good.mp4"])
    }

    func testFileExtension() {
        XCTAssertEqual(Exporter.fileExtension(of: RawPath("/a/b.mp4")), "mp4")
        XCTAssertEqual(Exporter.fileExtension(of: RawPath("/a/.hidden")), "")
        XCTAssertEqual(Exporter.fileExtension(of: RawPath("/a.d/none")), "")
        XCTAssertEqual(Exporter.fileExtension(of: RawPath("/a/x.m/v")), "")
    }
}

/// Hands out names in order (thread-safe: the exporter may be called from any thread).
/// `@unchecked`: `names`, its only mutable field, is private and touched only inside `lock.withLock`.
private final class Counter: @unchecked Sendable {
    private var names: [String]
    private let lock = NSLock()
    init(_ names: [String]) { self.names = names }
    func next() -> String { lock.withLock { names.removeFirst() } }
}
