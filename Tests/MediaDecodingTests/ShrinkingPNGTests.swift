import CCodecs
import Foundation
@testable import MediaDecoding
import TestFixtures
import XCTest

/// A PNG that shrinks while it is read (truncated by another process after its size was taken)
/// is drawn as a file cut where it ends. The test takes the size, then truncates the file, then
/// decodes with that size (`cc_png_decode_file_of_size`): the moment a real reader meets by
/// chance, made certain without waiting for anything.
final class ShrinkingPNGTests: XCTestCase {
    /// What a decode of the file open on `fd` gives: its status and message, and the picture
    /// (whole or partial) when one came.
    struct Outcome: Equatable {
        let status: cc_status
        let message: String
        let picture: PixelImage?
    }

    /// Decodes `fd` after `head`, as `file_len` bytes long when given, else as fstat says now.
    func decode(_ fd: Int32, head: [UInt8], fileLength: Int?) -> Outcome {
        var image = cc_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = head.withUnsafeBufferPointer { bytes in
            if let fileLength {
                return cc_png_decode_file_of_size(fd, bytes.baseAddress, bytes.count, fileLength, 0, 0, 1 << 26, &image, &message, message.count)
            }
            return cc_png_decode_file(fd, bytes.baseAddress, bytes.count, 0, 0, 1 << 26, &image, &message, message.count)
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Outcome(status: status, message: text, picture: image.pixels == nil ? nil : CodecBridge.take(&image))
    }

    /// Before, reads that met the file's new end inside its image data were "the PNG data ends
    /// early" at once, losing the rows of the 64 KB block being inflated, which the same bytes
    /// cut in a file give (at 30 %: 54 rows of 300 where the cut file gives 89; at 90 %: 218,
    /// not 270). Now the picture is the cut file's.
    func testAPNGThatShrinksWhileReadIsDrawnAsTheFileCutWhereItEnds() throws {
        let whole = Drawn.noise(width: 400, height: 300)
        let bytes = try PNGEncoder.encode(whole)
        XCTAssertGreaterThan(bytes.count, 3 * ImageDecoder.streamedHeadLength, "most of it read past the head")
        let url = try Fixtures.directory(self).appendingPathComponent("shrinking.png")
        for percent in [30, 60, 90] {
            let length = bytes.count * percent / 100
            try Data(bytes).write(to: url)
            let fd = open(url.path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { close(fd) }
            // The head, as ImageDecoder reads it, and the size, before the file shrinks.
            let head = Array(bytes.prefix(ImageDecoder.streamedHeadLength))
            var st = stat()
            XCTAssertEqual(fstat(fd, &st), 0)
            XCTAssertEqual(Int(st.st_size), bytes.count)
            XCTAssertEqual(truncate(url.path, off_t(length)), 0)

            let shrunk = decode(fd, head: head, fileLength: Int(st.st_size))
            let cut = decode(fd, head: head, fileLength: nil)  // the same file, its size taken now
            XCTAssertEqual(cut.status, CC_TRUNCATED, "at \(percent) %")
            XCTAssertEqual(shrunk.status, CC_TRUNCATED, "at \(percent) %: \(shrunk.message)")
            XCTAssertEqual(shrunk.message, cut.message, "at \(percent) %")
            let picture = try XCTUnwrap(shrunk.picture, "at \(percent) %: no partial picture")
            let rows = CutFile.firstDifferingRow(picture, whole)
            XCTAssertEqual(Double(rows), Double(whole.height * percent) / 100, accuracy: 30, "at \(percent) %: the top rows the picture's")
            XCTAssertTrue(picture.pixels[(rows * whole.width * 4)...].allSatisfy { $0 == 0 }, "at \(percent) %: below them, transparent")
            let cutRows = cut.picture.map { CutFile.firstDifferingRow($0, whole) } ?? 0
            XCTAssertTrue(picture == cut.picture, "at \(percent) %: \(rows) rows where the file cut where it ends gives \(cutRows)")
        }
    }

    /// A file that has not shrunk decodes whole through the same entry, and one cut before its
    /// image data is as broken as a file cut there.
    func testTheSizeGivenIsTheFilesWhenItHasNotShrunk() throws {
        let whole = Drawn.noise(width: 400, height: 300)
        let bytes = try PNGEncoder.encode(whole)
        let url = try Fixtures.directory(self).appendingPathComponent("whole.png")
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        let head = Array(bytes.prefix(ImageDecoder.streamedHeadLength))
        let decoded = decode(fd, head: head, fileLength: bytes.count)
        XCTAssertEqual(decoded.status, CC_OK, decoded.message)
        XCTAssertEqual(decoded.picture, whole)

        XCTAssertEqual(truncate(url.path, 40), 0)
        let early = decode(fd, head: [], fileLength: bytes.count)
        XCTAssertEqual(early, decode(fd, head: [], fileLength: nil), "cut in its header: as a file cut there")
        XCTAssertEqual(early.status, CC_TRUNCATED)
        XCTAssertNil(early.picture)
    }
}
