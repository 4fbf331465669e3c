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

    func testAStraddlingPixelIsSplitByArea() {
        // 3x3 to 2x2: the white centre pixel straddles all four output pixels, a quarter of it
        // in each (a quarter of a pixel in 2.25): 255 / 9 = 28 everywhere. Handing each source
        // pixel whole to one output pixel gave 64 at the top left and 0 elsewhere.
        let dot = PixelImage(width: 3, height: 3) { x, y in x == 1 && y == 1 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let small = dot.reduced(width: 2, height: 2)
        for y in 0..<2 {
            for x in 0..<2 {
                XCTAssertEqual(Int(small[x, y].g), 28, accuracy: 1, "output pixel \(x),\(y)")
                XCTAssertEqual(small[x, y].a, 255)
            }
        }
    }

    func testReductionAtARatioThatIsNotWholeIsTheAreaAverage() throws {
        // 13x7 to 8x4 (1.625x, 1.75x: ratios like a 2/8 JPEG decode reduced to 256 px):
        // every output pixel is the area-weighted mean of the source, whether reduced in memory
        // or by a decoder reading rows.
        let value = { (x: Int, y: Int) -> UInt8 in UInt8((x * 37 + y * 91 + x * y * 13) % 256) }
        let image = PixelImage(width: 13, height: 7) { x, y in (value(x, y), 255 - value(x, y), 128, 255) }
        func expected(_ ox: Int, _ oy: Int, _ dw: Int, _ dh: Int) -> Double {
            func overlap(_ i: Int, _ o: Int, _ s: Int, _ d: Int) -> Double {
                let lo = Double(o) * Double(s) / Double(d), hi = Double(o + 1) * Double(s) / Double(d)
                return max(0, min(hi, Double(i + 1)) - max(lo, Double(i)))
            }
            var sum = 0.0, area = 0.0
            for y in 0..<7 {
                for x in 0..<13 {
                    let w = overlap(x, ox, 13, dw) * overlap(y, oy, 7, dh)
                    sum += w * Double(value(x, y))
                    area += w
                }
            }
            return sum / area
        }
        let inMemory = image.reduced(width: 8, height: 4)
        // The decoder covers its target: 8x5 (1.625x, 1.4x).
        let decoded = try ImageDecoder.decode(data: PNGEncoder.encode(image), options: DecodeOptions(targetWidth: 8, targetHeight: 4))
        XCTAssertEqual([decoded.width, decoded.height], [8, 5])
        for small in [inMemory, decoded] {
            for y in 0..<small.height {
                for x in 0..<small.width {
                    let mean = expected(x, y, small.width, small.height)
                    // The exact area mean, rounded half up (no half falls on these pixels).
                    XCTAssertEqual(Double(small[x, y].r), (mean + 0.5).rounded(.down), "output pixel \(x),\(y) of \(small.width)x\(small.height)")
                    XCTAssertEqual(Double(small[x, y].g), (255 - mean + 0.5).rounded(.down))
                    XCTAssertEqual(small[x, y].a, 255)
                }
            }
        }
    }
}
