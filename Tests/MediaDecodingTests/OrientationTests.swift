import Foundation
import MediaDecoding
import XCTest

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
}
