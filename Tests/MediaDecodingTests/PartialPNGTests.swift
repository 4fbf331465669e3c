import Foundation
import MediaDecoding
import Platform
import XCTest

/// A PNG cut inside its image data (a download in progress) is refused as truncated, as before,
/// and now comes with the rows that arrived (`DecodeError.truncated`'s partial picture), the rest
/// transparent, as a browser shows a PNG still loading; the thumbnails show it marked as a cut
/// JPEG is. An interlaced PNG, whose rows come in passes over the whole picture, and one cut
/// before its first row, have none.
final class PartialPNGTests: XCTestCase {
    /// The first `length` bytes of `bytes` in a file of their own.
    private func cut(_ bytes: [UInt8], at length: Int, _ name: String) throws -> RawPath {
        try CutFile.write(bytes, at: length, name, "png", for: self)
    }

    /// The partial picture a decode of `path` comes with (from a file and from memory alike).
    private func partial(_ path: RawPath, options: DecodeOptions = DecodeOptions(), file: StaticString = #filePath,
                         line: UInt = #line) throws -> PixelImage? {
        try CutFile.truncation(path, options: options, file: file, line: line)?.partial
    }

    func testAPNGCutInItsDataGivesItsRowsSoFarAndTransparencyBelow() throws {
        let whole = JPEGWithoutEndMarkerTests.noisy
        let bytes = try PNGEncoder.encode(whole)
        XCTAssertGreaterThan(bytes.count, 65_536 * 2, "read from a file through its window")
        let picture = try XCTUnwrap(try partial(try cut(bytes, at: bytes.count * 6 / 10, "cut")))
        XCTAssertEqual([picture.width, picture.height], [640, 480])
        let stride = 640 * 4, rows = CutFile.firstDifferingRow(picture, whole)
        XCTAssertTrue((200...340).contains(rows), "the top \(rows) rows are the picture's, exactly")
        XCTAssertTrue(picture.pixels[(rows * stride)...].allSatisfy { $0 == 0 }, "below them, transparent")

        let small = DecodeOptions(targetWidth: 80, targetHeight: 60)
        let reduced = try XCTUnwrap(try partial(try cut(bytes, at: bytes.count * 6 / 10, "cut"), options: small))
        XCTAssertEqual([reduced.width, reduced.height], [80, 60])
        XCTAssertEqual(reduced[40, 0].a, 255, "the top opaque")
        XCTAssertEqual(reduced[40, 59].a, 0, "the bottom transparent")
    }

    func testAnInterlacedPNGOrOneCutBeforeItsFirstRowHasNoPartialPicture() throws {
        let bytes = try PNGEncoder.encode(JPEGWithoutEndMarkerTests.noisy)
        let data = try XCTUnwrap((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(Array("IDAT".utf8)) })
        XCTAssertNil(try partial(try cut(bytes, at: data + 8, "early")), "cut before a row came")

        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), interlaced = dir.appendingPathComponent("adam7.png")
        try Data(bytes).write(to: source)
        try Fixtures.run("convert", [source.path, "-interlace", "PNG", interlaced.path])
        let adam7 = try Fixtures.bytes(interlaced)
        XCTAssertNil(try partial(try cut(adam7, at: adam7.count * 6 / 10, "adam7")), "an interlaced picture has no whole rows")
    }
}
