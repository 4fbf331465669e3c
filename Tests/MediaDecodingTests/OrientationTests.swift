import DemoMedia
import Foundation
import MediaDecoding
import TestFixtures
import XCTest
import Platform

/// Every EXIF orientation must come out as the same upright picture.
final class OrientationTests: XCTestCase {
    /// ImageMagick operations that turn the upright picture into what a camera stores for
    /// each orientation (ImageMagick 6 writes no EXIF into a JPEG made from a PNG, so the tag
    /// itself is added by `ExifBuilder`).
    static let stored: [(Int, [String])] = [
        (1, []), (2, ["-flop"]), (3, ["-rotate", "180"]), (4, ["-flip"]),
        (5, ["-transpose"]), (6, ["-rotate", "270"]), (7, ["-transverse"]), (8, ["-rotate", "90"]),
    ]

    func testAllEightOrientationsThroughImageMagick() throws {
        let dir = try Fixtures.directory(self)
        let upright = Fixtures.picture(width: 48, height: 32)
        let source = dir.appendingPathComponent("upright.png")
        try Fixtures.writePNG(upright, to: source)
        for (orientation, operations) in Self.stored {
            let plain = dir.appendingPathComponent("p\(orientation).jpg")
            try Fixtures.run("convert", [source.path] + operations + ["-quality", "95", plain.path])
            let out = dir.appendingPathComponent("o\(orientation).jpg")
            let tagged = ExifBuilder.inserting(ExifBuilder.app1(orientation: orientation), into: try Fixtures.bytes(plain))
            try Data(tagged).write(to: out)
            let info = try ImageDecoder.info(path: RawPath(out))
            XCTAssertEqual(info.orientation, orientation)
            let decoded = try ImageDecoder.decode(path: RawPath(out))
            XCTAssertEqual(decoded.width, 48, "orientation \(orientation)")
            XCTAssertEqual(decoded.height, 32, "orientation \(orientation)")
            XCTAssertLessThan(Fixtures.meanDifference(decoded, upright), 3, "orientation \(orientation)")
        }
    }

    func testOrientationFromOwnAPP1AndApplyOrientationOff() throws {
        // Stored rotated 90° counter-clockwise; orientation 6 says "turn clockwise to view".
        let upright = Fixtures.picture(width: 40, height: 24)
        let stored = PixelImage(width: 24, height: 40) { x, y in upright[39 - y, x] }
        let jpeg = ExifBuilder.inserting(ExifBuilder.app1(orientation: 6), into: try JPEGEncoder.encode(stored, quality: 0.95))
        let decoded = try ImageDecoder.decode(data: jpeg)
        XCTAssertLessThan(Fixtures.meanDifference(decoded, upright), 3)
        let raw = try ImageDecoder.decode(data: jpeg, options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual(raw.width, 24)
        XCTAssertEqual(try ImageDecoder.info(data: jpeg).displaySize.width, 40)
    }

    func testApplyingOrientationMapsCorners() {
        // A 2x3 image with distinct pixels: check where the top-left stored pixel goes.
        let image = PixelImage(width: 2, height: 3) { x, y in (UInt8(x), UInt8(y), 0, 255) }
        let expectations: [(Int, Int, Int)] = [(1, 0, 0), (2, 1, 0), (3, 1, 2), (4, 0, 2), (5, 0, 0), (6, 2, 0), (7, 2, 1), (8, 0, 1)]
        for (o, x, y) in expectations {
            let turned = image.applyingOrientation(o)
            XCTAssertEqual(turned[x, y].r, 0, "orientation \(o)")
            XCTAssertEqual(turned[x, y].g, 0, "orientation \(o)")
        }
    }

    /// A lossless WebP turned into the extended format with an `EXIF` chunk after the image
    /// data, where writers put it (VP8X with the EXIF flag, then VP8L, then EXIF).
    static func webpWithExif(_ image: PixelImage, orientation: Int, exifPrefix: Bool) throws -> [UInt8] {
        let simple = try WebPEncoder.encode(image, lossless: true)
        let vp8l = Array(simple[12...])  // the VP8L chunk as it is
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let app1 = ExifBuilder.app1(orientation: orientation)
        let tiff = Array(app1[(exifPrefix ? 4 : 10)...])  // after FF E1 and the length (and "Exif\0\0")
        var exif = Array("EXIF".utf8) + le(tiff.count, 4) + tiff
        if tiff.count % 2 == 1 { exif.append(0) }
        let vp8x = Array("VP8X".utf8) + le(10, 4) + [0x08, 0, 0, 0] + le(image.width - 1, 3) + le(image.height - 1, 3)
        let body = Array("WEBP".utf8) + vp8x + vp8l + exif
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    func testWebPExifOrientation() throws {
        let upright = Fixtures.picture(width: 40, height: 24)
        let stored = PixelImage(width: 24, height: 40) { x, y in upright[39 - y, x] }
        for prefix in [false, true] {
            let webp = try Self.webpWithExif(stored, orientation: 6, exifPrefix: prefix)
            XCTAssertEqual(try ImageDecoder.info(data: webp).orientation, 6)
            XCTAssertEqual(try ImageDecoder.info(data: webp).displaySize.width, 40)
            let decoded = try ImageDecoder.decode(data: webp)
            XCTAssertEqual(decoded.width, 40)
            XCTAssertLessThan(Fixtures.meanDifference(decoded, upright), 1, "prefix \(prefix)")
            XCTAssertEqual(try ImageDecoder.decode(data: webp, options: DecodeOptions(applyOrientation: false)).width, 24)
        }
    }

    /// The target is the picture as shown: a turned picture (5–8) covers it as the upright one
    /// does, rather than covering it with its stored sides (256x342, then 342x256 once turned).
    func testATurnedPictureIsDecodedToTheTargetOfThePictureAsShown() throws {
        let upright = Fixtures.picture(width: 800, height: 600)
        let stored = PixelImage(width: 600, height: 800) { x, y in upright[799 - y, x] }
        let target = DecodeOptions(targetWidth: 256, targetHeight: 192)
        let jpeg = ExifBuilder.inserting(ExifBuilder.app1(orientation: 6), into: try JPEGEncoder.encode(stored, quality: 0.9))
        let webp = try Self.webpWithExif(stored, orientation: 6, exifPrefix: false)
        for (name, bytes) in [("JPEG", jpeg), ("WebP", webp)] {
            let decoded = try ImageDecoder.decode(data: bytes, options: target)
            XCTAssertEqual("\(decoded.width)x\(decoded.height)", "256x192", name)
        }
    }
}
