import Foundation
import MediaDecoding
import XCTest
import Platform

/// A progressive JPEG decoded at 1/8 scale stops after its DC scans (issue 14 §4): the
/// pixels are those of the baseline file's 1/8 decode, and the AC scans are never read.
final class ProgressiveJPEGTests: XCTestCase {
    /// 1600x1200 (1/8 scale covers a 100x75 target with room to spare), detailed enough
    /// that the AC scans are most of the file.
    private static let picture = PixelImage(width: 1600, height: 1200) { x, y in
        let ring = ((x - 500) * (x - 500) + (y - 600) * (y - 600)) / 900 % 2 == 0
        let check = (x / 37 + y / 29) % 2 == 0
        return (UInt8(x * 255 / 1599), ring ? 220 : 30, check ? UInt8(y * 255 / 1199) : 90, 255)
    }

    private let small = DecodeOptions(targetWidth: 100, targetHeight: 75)

    /// The picture encoded by ImageMagick at the same quality, baseline and progressive.
    private func encodings() throws -> (baseline: [UInt8], progressive: [UInt8]) {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("source.png")
        try Fixtures.writePNG(Self.picture, to: source)
        let baseline = dir.appendingPathComponent("baseline.jpg"), progressive = dir.appendingPathComponent("progressive.jpg")
        try Fixtures.run("convert", [source.path, "-quality", "90", "-interlace", "none", baseline.path])
        try Fixtures.run("convert", [source.path, "-quality", "90", "-interlace", "JPEG", progressive.path])
        return (try Fixtures.bytes(baseline), try Fixtures.bytes(progressive))
    }

    /// The offsets of the file's SOS markers.
    private func scanStarts(_ jpeg: [UInt8]) -> [Int] {
        (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
    }

    func testDCScansGiveTheBaselineEighthScaleDecode() throws {
        let (baseline, progressive) = try encodings()
        XCTAssertGreaterThan(scanStarts(progressive).count, 3, "ImageMagick wrote a multi-scan progressive file")
        let reference = try ImageDecoder.decode(data: baseline, options: small)
        let fromDC = try ImageDecoder.decode(data: progressive, options: small)
        XCTAssertEqual(fromDC.width, reference.width)
        XCTAssertEqual(fromDC.height, reference.height)
        // The first DC scan leaves out the lowest bit of each block's mean (successive approximation).
        XCTAssertLessThan(Fixtures.meanDifference(fromDC, reference), 1.5)
        XCTAssertLessThanOrEqual(Fixtures.maxDifference(fromDC, reference), 12)
    }

    func testTheACScansAreNotRead() throws {
        let (_, progressive) = try encodings()
        // Cut the file just after the header of its second scan: everything a 1/8 decode
        // needs is there, nothing else is.
        let second = try XCTUnwrap(scanStarts(progressive).dropFirst().first)
        let length = Int(progressive[second + 2]) << 8 | Int(progressive[second + 3])
        let cut = Array(progressive.prefix(second + 2 + length))
        XCTAssertLessThan(cut.count * 3, progressive.count, "the DC scan is a small part of the file")
        let dir = try Fixtures.directory(self)
        let file = dir.appendingPathComponent("cut.jpg")
        try Data(cut).write(to: file)
        let whole = try ImageDecoder.decode(data: progressive, options: small)
        for decoded in [try ImageDecoder.decode(data: cut, options: small), try ImageDecoder.decode(path: RawPath(file.path), options: small)] {
            XCTAssertTrue(decoded.pixels == whole.pixels, "the same pixels as from the whole file")
        }
        // A larger target needs the AC scans: the cut file is then truncated.
        XCTAssertThrowsError(try ImageDecoder.decode(data: cut, options: DecodeOptions(targetWidth: 400, targetHeight: 300))) { error in
            guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }
}
