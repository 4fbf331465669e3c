import Foundation
import MediaDecoding
import Platform
import TestFixtures
import XCTest

/// A PNG cut inside its image data (a download in progress) is refused as truncated, as before,
/// and now comes with the rows that arrived (`DecodeError.truncated`'s partial picture), the rest
/// transparent, as a browser shows a PNG still loading; the thumbnails show it marked as a cut
/// JPEG is. An interlaced PNG's passes so far are drawn, each pixel filling its block, as a
/// browser draws them. One cut before its first row has none.
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

    func testAPNGCutBeforeItsFirstRowHasNoPartialPicture() throws {
        let bytes = try PNGEncoder.encode(JPEGWithoutEndMarkerTests.noisy)
        let data = try XCTUnwrap((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(Array("IDAT".utf8)) })
        XCTAssertNil(try partial(try cut(bytes, at: data + 8, "early")), "cut before a row came")
    }

    /// An interlaced PNG cut short was "truncated file" with no picture. Now its passes so far
    /// are drawn, each pixel filling the block that later passes fill in (libpng's display
    /// rows), as a browser draws one still loading: Adam7's first pass is a pixel in 64 (its
    /// blocks 8x8), the first six together every even row (their blocks two rows high), the
    /// seventh the odd rows.
    func testAnInterlacedPNGCutShortGivesThePassesSoFar() throws {
        let whole = JPEGWithoutEndMarkerTests.noisy
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), interlaced = dir.appendingPathComponent("adam7.png")
        try Fixtures.writePNG(whole, to: source)
        try Fixtures.run("convert", [source.path, "-interlace", "PNG", interlaced.path])
        let adam7 = try Fixtures.bytes(interlaced)
        XCTAssertEqual(adam7[28], 1, "interlaced")
        XCTAssertEqual(try ImageDecoder.decode(path: RawPath(interlaced)), whole, "whole, the picture")
        let stride = whole.width * 4
        func row(_ image: PixelImage, _ y: Int) -> ArraySlice<UInt8> { image.pixels[y * stride..<(y + 1) * stride] }

        // At 75 % the first six passes came (half the pixels) and some of the seventh.
        let late = try XCTUnwrap(try partial(try cut(adam7, at: adam7.count * 3 / 4, "late")))
        XCTAssertEqual([late.width, late.height], [640, 480])
        let even = Swift.stride(from: 0, to: 480, by: 2), odd = Swift.stride(from: 1, to: 480, by: 2)
        XCTAssertEqual(even.filter { row(late, $0) != row(whole, $0) }, [], "every even row is the picture's")
        let came = odd.filter { row(late, $0) == row(whole, $0) }, repeated = odd.filter { row(late, $0) == row(whole, $0 - 1) }
        XCTAssertTrue((40...200).contains(came.count), "some of the odd rows came: \(came.count)")
        XCTAssertEqual(came, Array(odd.prefix(came.count)), "from the top")
        XCTAssertEqual(repeated, Array(odd.dropFirst(came.count)), "the others repeat the row above")

        // At 10 % the first pass came (and more): the whole picture in blocks, nothing transparent.
        let early = try XCTUnwrap(try partial(try cut(adam7, at: adam7.count / 10, "early")))
        for y in Swift.stride(from: 0, to: 480, by: 8) {
            let wrong = Swift.stride(from: 0, to: 640, by: 8).filter { early[$0, y] != whole[$0, y] }
            XCTAssertEqual(wrong, [], "row \(y): the first pass's pixels are the picture's")
        }
        XCTAssertTrue(Swift.stride(from: 3, to: early.pixels.count, by: 4).allSatisfy { early.pixels[$0] == 255 }, "opaque")
        XCTAssertNotEqual(early, whole)
    }
}
