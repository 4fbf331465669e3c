import Foundation
import MediaDecoding
import XCTest

final class CoreDecodingTests: XCTestCase {
    func testPNGRoundTripIsExact() throws {
        for alpha in [false, true] {
            let image = Fixtures.picture(alpha: alpha)
            let decoded = try ImageDecoder.decode(data: PNGEncoder.encode(image))
            XCTAssertEqual(decoded, image)
        }
    }

    func testJPEGRoundTripWithinTolerance() throws {
        let image = Fixtures.picture()
        let bytes = try JPEGEncoder.encode(image, quality: 0.95)
        XCTAssertEqual(ImageDecoder.sniff(bytes), .jpeg)
        let decoded = try ImageDecoder.decode(data: bytes)
        XCTAssertEqual(decoded.width, 96)
        XCTAssertLessThan(Fixtures.meanDifference(decoded, image), 3)
    }

    func testInfoFromHeaders() throws {
        let image = Fixtures.picture(width: 40, height: 30, alpha: true)
        let png = try ImageDecoder.info(data: PNGEncoder.encode(image))
        XCTAssertEqual(png, ImageInfo(format: .png, width: 40, height: 30, hasAlpha: true))
        let jpeg = try ImageDecoder.info(data: JPEGEncoder.encode(image))
        XCTAssertEqual(jpeg, ImageInfo(format: .jpeg, width: 40, height: 30))
    }

    func testReductionCoversTargetAndAveragesSRGBValues() throws {
        // Alternating black and white columns average to sRGB 128 (not linear light's 188), as
        // the cell renderer, chafa and the quality score average (issue 14).
        let stripes = PixelImage(width: 64, height: 64) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let small = try ImageDecoder.decode(data: PNGEncoder.encode(stripes), options: DecodeOptions(targetWidth: 16, targetHeight: 16))
        XCTAssertEqual(small.width, 16)
        XCTAssertEqual(small.height, 16)
        XCTAssertEqual(Int(small[5, 5].r), 128, accuracy: 1)
    }

    func testCoverKeepsAspectRatio() throws {
        let wide = Fixtures.picture(width: 400, height: 100)
        let d = try ImageDecoder.decode(data: PNGEncoder.encode(wide), options: DecodeOptions(targetWidth: 50, targetHeight: 50))
        XCTAssertEqual(d.width, 200)
        XCTAssertEqual(d.height, 50)
        let j = try ImageDecoder.decode(data: JPEGEncoder.encode(wide), options: DecodeOptions(targetWidth: 50, targetHeight: 50))
        XCTAssertEqual(j.width, 200)
        XCTAssertEqual(j.height, 50)
    }

    func testNotMediaIsRecognised() {
        XCTAssertNil(ImageDecoder.sniff(Array("hello, world".utf8)))
        XCTAssertThrowsError(try ImageDecoder.decode(data: Array("hello".utf8)))
    }

    func testCapabilitiesAndVersions() {
        XCTAssertTrue(ImageDecoder.canDecode(.jpeg))
        XCTAssertFalse(ImageDecoder.canDecode(.mp4))
        XCTAssertTrue(ImageDecoder.codecVersions.contains("libpng"))
    }

    func testTransparentPixelsDoNotTintTheAverage() throws {
        // Alternating transparent red and opaque blue columns: the average is blue, half opaque.
        let image = PixelImage(width: 32, height: 8) { x, _ in x % 2 == 0 ? (255, 0, 0, 0) : (0, 0, 255, 255) }
        let small = try ImageDecoder.decode(data: PNGEncoder.encode(image), options: DecodeOptions(targetWidth: 4))
        XCTAssertEqual(small.width, 4)
        XCTAssertEqual(small[1, 0].r, 0)
        XCTAssertEqual(small[1, 0].b, 255)
        XCTAssertEqual(Int(small[1, 0].a), 128, accuracy: 1)
    }

    func testReducedAveragesAndNeverEnlarges() {
        let stripes = PixelImage(width: 8, height: 2) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let half = stripes.reduced(width: 4, height: 1)
        XCTAssertEqual(half.width, 4)
        XCTAssertEqual(half.height, 1)
        XCTAssertEqual(Int(half[2, 0].g), 128, accuracy: 1, "the sRGB values averaged")
        XCTAssertEqual(stripes.reduced(width: 100, height: 100), stripes)
    }
}
