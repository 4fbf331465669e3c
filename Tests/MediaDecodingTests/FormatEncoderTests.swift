import DemoMedia
import MediaDecoding
import XCTest

/// WebP, GIF and HEIC encoders, each checked by decoding its output with the project's own decoders.
final class FormatEncoderTests: XCTestCase {
    /// Four flat colours and a transparent disc: what a GIF palette holds exactly.
    private func flatPicture(width: Int = 40, height: Int = 30) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            let dx = x - width / 2, dy = y - height / 2
            if dx * dx + dy * dy < 64 { return (9, 9, 9, UInt8(x % 2 == 0 ? 0 : 100)) }  // both below 128: transparent
            switch (x * 2 / width, y * 2 / height) {
            case (0, 0): return (255, 255, 255, 255)
            case (1, 0): return (200, 30, 40, 255)
            case (0, _): return (12, 90, 250, UInt8(200))  // partial alpha above 128 becomes opaque
            default: return (0, 0, 0, 255)
            }
        }
    }

    func testWebPLossyRoundTripAndQuality() throws {
        let picture = Fixtures.picture(width: 96, height: 64)
        let high = try WebPEncoder.encode(picture, quality: 0.95)
        XCTAssertEqual(ImageDecoder.sniff(high), .webp)
        let decoded = try ImageDecoder.decode(data: high)
        XCTAssertEqual([decoded.width, decoded.height], [96, 64])
        XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 3)
        XCTAssertLessThan(try WebPEncoder.encode(picture, quality: 0.05).count, high.count)
    }

    func testWebPLosslessKeepsEveryPixelAndAlpha() throws {
        let picture = Fixtures.picture(width: 33, height: 17, alpha: true)
        let decoded = try ImageDecoder.decode(data: WebPEncoder.encode(picture, lossless: true))
        XCTAssertEqual(decoded, picture)
        let lossy = try ImageDecoder.decode(data: WebPEncoder.encode(picture, quality: 0.9))
        XCTAssertEqual(stride(from: 3, to: lossy.pixels.count, by: 4).map { lossy.pixels[$0] },
                       stride(from: 3, to: picture.pixels.count, by: 4).map { picture.pixels[$0] },
                       "lossy WebP stores the alpha channel losslessly")
        XCTAssertLessThan(Fixtures.meanDifference(lossy, picture), 6)
    }

    func testGIFKeepsAFewColoursExactlyAndATransparentRegion() throws {
        let picture = flatPicture()
        let gif = try GIFEncoder.encode(picture)
        XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8))
        let decoded = try ImageDecoder.decode(data: gif)
        XCTAssertEqual([decoded.width, decoded.height], [40, 30])
        for y in 0..<30 {
            for x in 0..<40 {
                let source = picture[x, y], result = decoded[x, y]
                if source.a < 128 {
                    XCTAssertEqual(result.a, 0, "(\(x), \(y)) transparent")
                } else {
                    XCTAssertEqual([result.r, result.g, result.b, result.a], [source.r, source.g, source.b, 255], "(\(x), \(y))")
                }
            }
        }
    }

    func testGIFQuantisesAPictureOfManyColours() throws {
        let picture = Fixtures.picture(width: 96, height: 64)
        let decoded = try ImageDecoder.decode(data: GIFEncoder.encode(picture))
        XCTAssertFalse(decoded.hasTransparency)
        XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 8)
        XCTAssertLessThanOrEqual(Fixtures.maxDifference(decoded, picture), 48)
    }

    func testHEICRoundTripWithOddSizeAndAlpha() throws {
        guard HEIFEncoder.isAvailable else { throw XCTSkip("this libheif has no HEVC encoder") }
        let picture = Fixtures.picture(width: 96, height: 64)
        let heic = try HEIFEncoder.encode(picture, quality: 0.9)
        XCTAssertEqual(ImageDecoder.sniff(heic), .heif)
        let decoded = try ImageDecoder.decode(data: heic)
        XCTAssertEqual([decoded.width, decoded.height], [96, 64])
        XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 4)

        let odd = Fixtures.picture(width: 33, height: 17, alpha: true)
        let oddDecoded = try ImageDecoder.decode(data: HEIFEncoder.encode(odd, quality: 0.9, fastest: true))
        XCTAssertEqual([oddDecoded.width, oddDecoded.height], [33, 17])
        XCTAssertTrue(oddDecoded.hasTransparency)
        XCTAssertLessThan(Fixtures.meanDifference(oddDecoded, odd), 10)
    }

    func testEmptyImagesAreRefusedWithAnError() {
        let empty = PixelImage(width: 0, height: 0, pixels: [])
        for (name, encode) in [("WebP", { () throws -> [UInt8] in try WebPEncoder.encode(empty) }),
                               ("GIF", { try GIFEncoder.encode(empty) }),
                               ("HEIC", { try HEIFEncoder.encode(empty) })] {
            XCTAssertThrowsError(try encode(), name) { error in
                guard case DecodeError.unsupported = error else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    // Other decoders read the output too (each test skips when its tool is not installed).

    func testImageMagickReadsTheGIFWithItsTransparency() throws {
        let picture = flatPicture()
        let decoded = try crossDecoded(GIFEncoder.encode(picture), ext: "gif") { ("convert", [$0, "PNG32:" + $1]) }
        XCTAssertEqual(decoded, try ImageDecoder.decode(data: GIFEncoder.encode(picture)))
    }

    func testDwebpReadsTheWebP() throws {
        let picture = Fixtures.picture(width: 33, height: 17, alpha: true)
        let decoded = try crossDecoded(WebPEncoder.encode(picture, lossless: true), ext: "webp") { ("dwebp", ["-quiet", $0, "-o", $1]) }
        XCTAssertEqual(decoded, picture)
    }

    func testHeifConvertReadsTheHEIC() throws {
        guard HEIFEncoder.isAvailable else { throw XCTSkip("this libheif has no HEVC encoder") }
        let picture = Fixtures.picture(width: 96, height: 64)
        let decoded = try crossDecoded(HEIFEncoder.encode(picture, quality: 0.9), ext: "heic") { ("heif-convert", [$0, $1]) }
        XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 4)
    }

    /// `bytes` written to a file, converted to PNG by the tool `command` names, decoded by the project.
    private func crossDecoded(_ bytes: [UInt8], ext: String,
                              command: (String, String) -> (String, [String])) throws -> PixelImage {
        let dir = try Fixtures.directory(self)
        let input = dir.appendingPathComponent("in.\(ext)"), output = dir.appendingPathComponent("out.png")
        try Data(bytes).write(to: input)
        let (tool, arguments) = command(input.path, output.path)
        try Fixtures.run(tool, arguments)
        return try ImageDecoder.decode(data: Fixtures.bytes(output))
    }
}
