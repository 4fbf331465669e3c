import Foundation
import MediaDecoding
import Platform
import TestFixtures
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

    /// A picture of less than 64 KB of pixels (one stored block, as png_inflate_source.c hands
    /// the image data to libpng) showed nothing when cut short: the block the data ended in was
    /// lost with the error. Now the rows inflated before the end are drawn, wherever it is cut.
    func testASmallPNGCutShortGivesTheRowsInflatedSoFar() throws {
        let whole = Drawn.noise(width: 120, height: 90)
        let bytes = try PNGEncoder.encode(whole)
        XCTAssertLessThan(whole.pixels.count + whole.height, 65_535, "all of its pixels fit one stored block")
        let stride = whole.width * 4
        var drawn: [Int] = []
        for percent in [10, 30, 60, 90] {
            let picture = try XCTUnwrap(try partial(try cut(bytes, at: bytes.count * percent / 100, "small")), "cut at \(percent) %")
            XCTAssertEqual([picture.width, picture.height], [120, 90])
            let rows = CutFile.firstDifferingRow(picture, whole)
            XCTAssertTrue(picture.pixels[(rows * stride)...].allSatisfy { $0 == 0 }, "at \(percent) %: below the top \(rows) rows, transparent")
            // Noise costs about as many bytes a row: the rows drawn are about the share that came.
            XCTAssertEqual(Double(rows), Double(whole.height * percent) / 100, accuracy: 9, "at \(percent) %")
            drawn.append(rows)
        }
        XCTAssertEqual(drawn, drawn.sorted(), "more of the file, more rows: \(drawn)")
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
