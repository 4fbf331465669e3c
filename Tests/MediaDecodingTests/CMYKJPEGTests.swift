import Foundation
@testable import MediaDecoding
import XCTest
import Platform

/// CMYK JPEGs are decoded with the colours ImageMagick shows for them, Adobe APP14 marker or not.
final class CMYKJPEGTests: XCTestCase {
    /// Five flat patches, 64 pixels wide, none with black ink once in CMYK (a channel at 255 each):
    /// red, lime, blue, white, yellow.
    static let patches: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (255, 255, 0)]

    static func patchwork() -> PixelImage {
        PixelImage(width: 64 * patches.count, height: 16) { x, _ in
            let p = patches[x / 64]
            return (p.0, p.1, p.2, 255)
        }
    }

    /// ImageMagick's CMYK JPEG of the patchwork, which it writes with an Adobe marker.
    func magickCMYK(in dir: URL) throws -> [UInt8] {
        let source = dir.appendingPathComponent("patches.png")
        try Fixtures.writePNG(Self.patchwork(), to: source)
        let out = dir.appendingPathComponent("cmyk.jpg")
        try Fixtures.run("convert", [source.path, "-colorspace", "CMYK", "-quality", "95", out.path])
        return try Fixtures.bytes(out)
    }

    /// The file without its APP14 segments, as a metadata stripper leaves it.
    static func withoutAdobeMarker(_ jpeg: [UInt8]) -> [UInt8] {
        var out = Array(jpeg[0..<2])
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA {
            let end = at + 2 + Int(jpeg[at + 2]) << 8 + Int(jpeg[at + 3])
            if jpeg[at + 1] != 0xEE { out += jpeg[at..<end] }
            at = end
        }
        return out + jpeg[at...]
    }

    /// BT.601 full-range YCbCr of a colour, as libjpeg computes it.
    static func ycc(_ c: (UInt8, UInt8, UInt8)) -> (Int, Int, Int) {
        let r = Double(c.0), g = Double(c.1), b = Double(c.2)
        let y = 0.299 * r + 0.587 * g + 0.114 * b
        let clamp = { (v: Double) in min(255, max(0, Int(v.rounded()))) }
        return (clamp(y), clamp(128 + (b - y) / 1.772), clamp(128 + (r - y) / 1.402))
    }

    func assertPatches(_ image: PixelImage, _ expected: [(Int, Int, Int)], within tolerance: Int,
                       _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (i, want) in expected.enumerated() {
            let p = image[i * 64 + 32, 8]
            let got = (Int(p.r), Int(p.g), Int(p.b))
            XCTAssertTrue(abs(got.0 - want.0) <= tolerance && abs(got.1 - want.1) <= tolerance && abs(got.2 - want.2) <= tolerance,
                          "\(what): patch \(i) is \(got), expected \(want)", file: file, line: line)
        }
    }

    func testWithItsAdobeMarkerTheColoursAreThePictures() throws {
        let jpeg = try magickCMYK(in: try Fixtures.directory(self))
        XCTAssertTrue(jpeg[2] == 0xFF && jpeg[3] == 0xEE, "ImageMagick writes the Adobe marker first")
        let image = try ImageDecoder.decode(data: jpeg)
        assertPatches(image, Self.patches.map { (Int($0.0), Int($0.1), Int($0.2)) }, within: 4, "with the marker")
    }

    /// Without the marker every reader takes the samples for CMYK (libjpeg has no other way to
    /// know): ImageMagick, as with the marker, as inverted inks (255 no ink), where this decoder
    /// took them for plain inks and showed the file as its negative. ImageMagick writes YCCK (Adobe
    /// transform 2), so the samples read as CMYK are the YCbCr of the inverse of each patch's
    /// colour with K at 255 (no black): shown inverted, that YCbCr itself.
    func testWithoutItsAdobeMarkerTheColoursAreThoseImageMagickShows() throws {
        let dir = try Fixtures.directory(self)
        let stripped = Self.withoutAdobeMarker(try magickCMYK(in: dir))
        XCTAssertFalse(stripped.indices.dropLast().contains { stripped[$0] == 0xFF && stripped[$0 + 1] == 0xEE })
        let image = try ImageDecoder.decode(data: stripped)
        let expected = Self.patches.map { Self.ycc((255 - $0.0, 255 - $0.1, 255 - $0.2)) }
        assertPatches(image, expected, within: 4, "without the marker")

        let file = dir.appendingPathComponent("stripped.jpg")
        try Data(stripped).write(to: file)
        let shown = dir.appendingPathComponent("shown.png")
        try Fixtures.run("convert", [file.path, "-colorspace", "sRGB", shown.path])
        let magick = try ImageDecoder.decode(data: try Fixtures.bytes(shown))
        assertPatches(magick, expected, within: 4, "ImageMagick's")
        XCTAssertLessThanOrEqual(Fixtures.maxDifference(image, magick), 4)
    }

    /// The export's copy of a picture over the pixel limit converts CMYK with the same rule.
    func testTheStreamedCopyWithoutTheMarkerHasTheSameColours() throws {
        let dir = try Fixtures.directory(self)
        let stripped = Self.withoutAdobeMarker(try magickCMYK(in: dir))
        let source = dir.appendingPathComponent("stripped.jpg")
        try Data(stripped).write(to: source)
        let copy = dir.appendingPathComponent("copy.jpg")
        FileManager.default.createFile(atPath: copy.path, contents: nil)
        let handle = try FileHandle(forWritingTo: copy)
        defer { try? handle.close() }
        _ = try JPEGTranscoder.transcode(path: RawPath(source), to: handle.fileDescriptor, outputPath: RawPath(copy),
                                         quality: 0.95, pixelLimit: 1000)
        let image = try ImageDecoder.decode(data: try Fixtures.bytes(copy))
        assertPatches(image, Self.patches.map { Self.ycc((255 - $0.0, 255 - $0.1, 255 - $0.2)) }, within: 6, "the copy")
    }
}
