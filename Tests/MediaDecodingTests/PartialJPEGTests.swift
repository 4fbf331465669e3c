import Foundation
import MediaDecoding
import Platform
import TestFixtures
import XCTest

/// A JPEG cut inside its data (a download in progress, an interrupted copy: `head -c 60%
/// photo.jpg`) was refused as "truncated file: JPEG: Premature end of JPEG file", where djpeg
/// draws the rows it has (libjpeg fills the rest) and chafa, ImageMagick and ffmpeg draw it.
/// The decoder still says truncated, and now hands out the picture libjpeg drew with the error
/// (`DecodeError.truncated`'s partial): a baseline file's rows so far, mid-grey below, a
/// progressive one's scans so far. A file cut before any of its picture arrived has none.
final class PartialJPEGTests: XCTestCase {
    /// ImageMagick's JPEG of `JPEGWithoutEndMarkerTests.noisy` (640x480, over 64 KB, so that a
    /// file is read in chunks), baseline or with `arguments`.
    private func jpeg(_ name: String, _ arguments: [String] = []) throws -> [UInt8] {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), url = dir.appendingPathComponent("\(name).jpg")
        try Fixtures.writePNG(JPEGWithoutEndMarkerTests.noisy, to: source)
        try Fixtures.run("convert", [source.path, "-quality", "90"] + arguments + [url.path])
        return try Fixtures.bytes(url)
    }

    /// The first `length` bytes of `bytes` in a file of their own.
    private func cut(_ bytes: [UInt8], at length: Int, _ name: String) throws -> RawPath {
        try CutFile.write(bytes, at: length, name, "jpg", for: self)
    }

    /// The partial picture a decode of `path` comes with (from a file and from memory alike), its
    /// words libjpeg's as before.
    private func partial(_ path: RawPath, options: DecodeOptions = DecodeOptions(), file: StaticString = #filePath,
                         line: UInt = #line) throws -> PixelImage? {
        let found = try CutFile.truncation(path, options: options, file: file, line: line)
        if found?.partial != nil {
            XCTAssertEqual(found?.detail, "JPEG: Premature end of JPEG file", "the words are as before", file: file, line: line)
        }
        return found?.partial
    }

    private func firstDifferingRow(_ image: PixelImage, _ whole: PixelImage) -> Int { CutFile.firstDifferingRow(image, whole) }

    /// The mean difference of the channels of two pictures of one size.
    private func meanDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    func testABaselineJPEGCutInItsDataGivesItsRowsSoFarAndGreyBelow() throws {
        let bytes = try jpeg("baseline")
        let whole = try ImageDecoder.decode(data: bytes)
        let picture = try XCTUnwrap(try partial(try cut(bytes, at: bytes.count * 6 / 10, "baseline")))
        XCTAssertEqual([picture.width, picture.height], [640, 480], "the whole picture's size")
        // The noise spreads the bytes evenly over the rows: 60 % of them come with 60 % of the bytes.
        let rows = firstDifferingRow(picture, whole)
        XCTAssertTrue((200...340).contains(rows), "the top \(rows) rows are the whole picture's")
        // Below the row of blocks the data ended in (16 rows, and the upsampling's one more), all
        // is libjpeg's fill for missing data, zero coefficients: mid-grey, as djpeg writes it.
        let grey = stride(from: (rows + 17) * 640 * 4, to: picture.pixels.count, by: 4).allSatisfy {
            picture.pixels[$0..<$0 + 4].elementsEqual([128, 128, 128, 255])
        }
        XCTAssertTrue(grey, "below the cut, mid-grey")

        // At a thumbnail's size: the same picture, reduced.
        let small = DecodeOptions(targetWidth: 80, targetHeight: 60)
        let reduced = try XCTUnwrap(try partial(try cut(bytes, at: bytes.count * 6 / 10, "baseline"), options: small))
        let wholeReduced = try ImageDecoder.decode(data: bytes, options: small)
        XCTAssertEqual([reduced.width, reduced.height], [wholeReduced.width, wholeReduced.height])
        XCTAssertTrue((20...45).contains(firstDifferingRow(reduced, wholeReduced)), "the top rows are the whole picture's")
        XCTAssertEqual(reduced[reduced.width / 2, reduced.height - 1].r, 128, "the bottom row is grey")
    }

    func testAProgressiveJPEGCutInItsDataGivesItsScansSoFar() throws {
        let bytes = try jpeg("progressive", ["-interlace", "JPEG"])
        let whole = try ImageDecoder.decode(data: bytes)
        let grey = PixelImage(width: 640, height: 480, fill: (128, 128, 128, 255))
        let lastScan = try XCTUnwrap((0..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        // Cut at 60 % of its bytes, and before its last scan (its last refinement missing).
        for length in [bytes.count * 6 / 10, lastScan] {
            let picture = try XCTUnwrap(try partial(try cut(bytes, at: length, "progressive"), options: DecodeOptions()), "cut at \(length)")
            XCTAssertEqual([picture.width, picture.height], [640, 480])
            XCTAssertNotEqual(picture, whole, "cut at \(length): not the whole picture")
            // Every row has come at a lower precision: the picture is near the whole one
            // everywhere, nowhere near the grey a baseline file's missing rows are.
            let near = meanDifference(picture, whole), far = meanDifference(grey, whole)
            XCTAssertLessThan(near, far / 4, "cut at \(length): \(near) from the whole picture, the grey \(far)")
        }
        // Read for a small tile, from its DC scans alone: the same as the whole file's.
        let tile = DecodeOptions(targetWidth: 40, targetHeight: 30)
        let small = try ImageDecoder.decode(path: try cut(bytes, at: bytes.count * 6 / 10, "progressive-dc"), options: tile)
        XCTAssertEqual(small, try ImageDecoder.decode(data: bytes, options: tile), "the first scans hold all a tile at 1/8 draws")
    }

    func testAJPEGCutBeforeItsPictureDataHasNoPartialPicture() throws {
        let bytes = try jpeg("baseline")
        let scan = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        // In its headers, and a few bytes into its data (less than a row of blocks).
        for length in [scan / 2, scan, scan + 20] {
            XCTAssertNil(try partial(try cut(bytes, at: length, "early")), "cut at \(length) of \(bytes.count): nothing to show")
        }
    }

    func testAPartialPictureIsTurnedAsTheWholeOneIs() throws {
        let bytes = try jpeg("baseline")
        // Orientation 6: turned a quarter clockwise, so its top rows become its right-hand columns.
        let tagged = ExifBuilder.inserting(ExifBuilder.app1(orientation: 6), into: bytes)
        let whole = try ImageDecoder.decode(data: tagged)
        let picture = try XCTUnwrap(try partial(try cut(tagged, at: tagged.count * 6 / 10, "turned")))
        XCTAssertEqual([picture.width, picture.height], [480, 640])
        XCTAssertTrue(picture[picture.width - 1, 320] == whole[whole.width - 1, 320], "the first row, on the right, as the whole one's")
        XCTAssertEqual(picture[0, 320].r, 128, "the missing rows, on the left, grey")
    }
}
