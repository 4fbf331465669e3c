import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Pictures over the decoders' pixel limit (100 MP; lowered here through `Exporter.pixelLimit`
/// so that a small picture stands for a large one): a JPEG is exported whole, at full size,
/// re-encoded a band at a time (PNGs and the other formats: ExportLargePNGTests).
final class ExportLargePictureTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-big")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    /// 64x48 in four quadrants: red, green / blue, white.
    private static let quadrants = PixelImage(width: 64, height: 48) { x, y in
        switch (x < 32, y < 24) {
        case (true, true): return (255, 0, 0, 255)
        case (false, true): return (0, 255, 0, 255)
        case (true, false): return (0, 0, 255, 255)
        case (false, false): return (255, 255, 255, 255)
        }
    }

    /// The quadrants as a JPEG, with an Exif Orientation tag when `orientation` is not 1.
    private func source(_ name: String, orientation: Int = 1) throws -> RawPath {
        var jpeg = try JPEGEncoder.encode(Self.quadrants, quality: 0.95)
        if orientation != 1 {
            let exif: [UInt8] = Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1,
                                                       0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
            jpeg.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif, at: 2)
        }
        let path = folder.appending(name)
        try FileBytes.createNew(path, bytes: jpeg)
        return path
    }

    private func export(_ path: RawPath, into name: String, pixelLimit: Int) throws -> OutputRecord {
        var exporter = Exporter(directory: folder.appending(name), quality: 0.9)
        exporter.pixelLimit = pixelLimit
        let copies = try XCTUnwrap(try exporter.export([OutputRecord(path: path, kind: .image)]))
        return copies.records[0]
    }

    private func assertClose(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (UInt8, UInt8, UInt8),
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let d = [Int(a.r) - Int(b.0), Int(a.g) - Int(b.1), Int(a.b) - Int(b.2)].map(abs).max()!
        XCTAssertLessThanOrEqual(d, 12, "\(what): \(a) against \(b)", file: file, line: line)
    }

    /// A 102 MP JPEG that `thumb` shows could not be exported ("image too large"): it is now
    /// copied at full size, with the pixels an export within the limit gives.
    func testAJPEGOverTheLimitIsExportedWholeAtFullSize() throws {
        let path = try source("big.jpg")
        let streamed = try export(path, into: "streamed", pixelLimit: 1000)
        XCTAssertEqual([streamed.width, streamed.height], [64, 48])
        XCTAssertEqual(streamed.mimeType, "image/jpeg")
        let bytes = try FileBytes.read(streamed.path)
        XCTAssertEqual(streamed.byteSize, Int64(bytes.count))
        let image = try ImageDecoder.decode(data: bytes)
        XCTAssertEqual([image.width, image.height], [64, 48])
        assertClose(image[8, 8], (255, 0, 0), "top left")
        assertClose(image[56, 8], (0, 255, 0), "top right")
        assertClose(image[8, 40], (0, 0, 255), "bottom left")
        assertClose(image[56, 40], (255, 255, 255), "bottom right")

        let whole = try ImageDecoder.decode(data: try FileBytes.read(try export(path, into: "whole", pixelLimit: 1_000_000).path))
        XCTAssertEqual(image.pixels, whole.pixels, "the same pixels (only the Huffman tables differ)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appending("streamed").string).count, 1,
                       "no temporary file left")
    }

    /// Rows cannot be turned a band at a time: the copy keeps the stored rows and says the
    /// orientation in its own tag, so it shows as the export within the limit does.
    func testTheOrientationIsKeptAsATag() throws {
        let path = try source("turned.jpg", orientation: 6)
        let streamed = try export(path, into: "streamed", pixelLimit: 1000)
        XCTAssertEqual([streamed.width, streamed.height], [48, 64], "the size as shown")
        let bytes = try FileBytes.read(streamed.path)
        let stored = try ImageDecoder.decode(data: bytes, options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual([stored.width, stored.height], [64, 48])
        XCTAssertEqual(try ImageDecoder.info(data: bytes).orientation, 6)
        let shown = try ImageDecoder.decode(data: bytes)
        let whole = try ImageDecoder.decode(data: try FileBytes.read(try export(path, into: "whole", pixelLimit: 1_000_000).path))
        XCTAssertEqual([shown.width, shown.height], [whole.width, whole.height])
        for (x, y) in [(8, 8), (40, 8), (8, 56), (40, 56)] {
            let w = whole[x, y]
            assertClose(shown[x, y], (w.r, w.g, w.b), "(\(x), \(y))")
        }
    }

    /// Half a picture is not a copy: a truncated JPEG over the limit fails and leaves nothing.
    func testATruncatedJPEGOverTheLimitLeavesNothing() throws {
        let path = try source("whole.jpg")
        let bytes = try FileBytes.read(path)
        let cut = folder.appending("cut.jpg")
        try FileBytes.createNew(cut, bytes: Array(bytes.prefix(bytes.count / 2)))
        var exporter = Exporter(directory: folder.appending("out"), quality: 0.9)
        exporter.pixelLimit = 1000
        XCTAssertThrowsError(try exporter.export([OutputRecord(path: cut, kind: .image)])) { error in
            XCTAssertTrue("\(error)".contains("cut.jpg"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("out").string))
    }

    /// A copy that cannot be written (a full disk: /dev/full) says so, naming the copy.
    func testAFailedWriteIsReportedAsSuch() throws {
        let path = try source("big.jpg")
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        XCTAssertThrowsError(try JPEGTranscoder.transcode(path: path, to: full, outputPath: RawPath("/dev/full"), quality: 0.9)) { error in
            XCTAssertEqual("\(error)", "cannot write /dev/full: No space left on device")
        }
    }
}
