import ColorModel
import Foundation
import MediaDecoding
import Platform
import TestFixtures
@testable import Thumbnails
import XCTest

/// The sixel encoder, its output parsed back by `SixelDecoder` (and once by ImageMagick).
///
/// Colour registers carry percent, not bytes: a channel comes back within 255/200 of itself.
/// Images drawn in multiples of 51 (exactly 0, 20, …, 100 %) come back exactly.
final class SixelEncoderTests: XCTestCase {
    /// Colours a register holds exactly.
    private static let exact: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 153, 51), (51, 102, 204), (255, 255, 255), (0, 0, 0),
                                                         (204, 153, 0), (102, 51, 153)]

    private func roundTrip(_ image: PixelImage, encoder: SixelEncoder = SixelEncoder(),
                           file: StaticString = #filePath, line: UInt = #line) throws -> SixelDecoder.Decoded {
        let bytes = encoder.encode(image)
        let decoded = try SixelDecoder.decode(bytes)
        XCTAssertEqual(decoded.width, image.width, "raster attributes: width", file: file, line: line)
        XCTAssertEqual(decoded.height, image.height, "raster attributes: height", file: file, line: line)
        XCTAssertFalse(decoded.drewOutside, "no sixel bit outside the declared size", file: file, line: line)
        XCTAssertLessThanOrEqual(decoded.registers, encoder.colours, file: file, line: line)
        return decoded
    }

    /// Mean and largest per-channel difference over the pixels opaque in `source`.
    private func error(_ source: PixelImage, _ decoded: PixelImage) -> (mean: Double, max: Int) {
        var total = 0, worst = 0, samples = 0
        for i in stride(from: 0, to: source.pixels.count, by: 4) where source.pixels[i + 3] == 255 {
            for c in 0..<3 {
                let d = abs(Int(source.pixels[i + c]) - Int(decoded.pixels[i + c]))
                total += d
                worst = max(worst, d)
                samples += 1
            }
        }
        return (Double(total) / Double(max(samples, 1)), worst)
    }

    func testAFlatImageComesBackExactlyAndIsRunLengthEncoded() throws {
        let image = PixelImage(width: 200, height: 60, fill: (51, 102, 204, 255))
        let bytes = SixelEncoder().encode(image)
        XCTAssertEqual(Array(bytes.prefix(9)), Array("\u{1B}P0;1;0q\"".utf8), "DCS with P2 = 1 and raster attributes")
        XCTAssertEqual(Array(bytes.suffix(2)), [0x1B, UInt8(ascii: "\\")])
        let decoded = try roundTrip(image)
        XCTAssertEqual(decoded.image, image)
        XCTAssertEqual(decoded.registers, 1)
        // 10 bands of "#0!200~" and "-": run-length encoding, not 12,000 pixels' worth.
        XCTAssertLessThan(bytes.count, 120, String(decoding: bytes, as: UTF8.self))
    }

    func testACheckerboardWithAnOddSizeComesBackExactly() throws {
        let image = PixelImage(width: 33, height: 17) { x, y in
            let c = Self.exact[(x / 3 + y / 2) % 2 == 0 ? 0 : 2]
            return (c.0, c.1, c.2, 255)
        }
        XCTAssertEqual(try roundTrip(image).image, image)
    }

    func testHeightsThatAreNotMultiplesOfSixAndOnePixel() throws {
        for (width, height) in [(1, 1), (7, 13), (5, 1), (1, 11), (12, 6), (9, 7)] {
            let image = PixelImage(width: width, height: height) { x, y in
                let c = Self.exact[(x * 3 + y * 5) % Self.exact.count]
                return (c.0, c.1, c.2, 255)
            }
            let decoded = try roundTrip(image)
            XCTAssertEqual(decoded.image, image, "\(width)x\(height)")
        }
    }

    func testTransparentPixelsAreLeftUndrawnAndPartlyTransparentOnesBlendOverTheBackground() throws {
        let image = PixelImage(width: 20, height: 14) { x, y in
            if x < 8 { return (200, 10, 10, 0) }
            if y < 4 { return (255, 255, 255, 128) }
            return (0, 153, 51, 255)
        }
        let encoder = SixelEncoder(colours: 256, background: RGB(0, 0, 0))
        let decoded = try roundTrip(image, encoder: encoder).image
        for y in 0..<14 {
            for x in 0..<20 {
                let p = decoded[x, y]
                if x < 8 {
                    XCTAssertEqual(p.a, 0, "(\(x), \(y)) undrawn")
                } else if y < 4 {
                    XCTAssertEqual(p.a, 255)
                    XCTAssertEqual(Int(p.r), 128, accuracy: 2, "half white over black")
                } else {
                    XCTAssertTrue(p == (0, 153, 51, 255), "(\(x), \(y)): \(p)")
                }
            }
        }
    }

    /// Under half opaque is undrawn, as cell art leaves such samples to the terminal's
    /// background: the soft edge of a transparent icon (enlarged bilinearly for a tile) is not
    /// a dark fringe blended over black. Only alpha 0 was left undrawn.
    func testPixelsUnderHalfOpaqueAreLeftUndrawn() throws {
        let image = PixelImage(width: 12, height: 6) { x, _ in x < 4 ? (255, 255, 255, 127) : x < 8 ? (255, 255, 255, 10) : (0, 153, 51, 255) }
        let decoded = try roundTrip(image, encoder: SixelEncoder(colours: 256, background: RGB(0, 0, 0))).image
        for y in 0..<6 {
            for x in 0..<12 {
                XCTAssertEqual(decoded[x, y].a, x < 8 ? 0 : 255, "(\(x), \(y))")
            }
        }
    }

    func testAGradientWithMoreShadesThanBinsStaysClose() throws {
        // 256 greys: more than one per 5-6-5 bin, so they go through the median cut.
        let image = PixelImage(width: 256, height: 12) { x, _ in (UInt8(x), UInt8(x), UInt8(x), 255) }
        let decoded = try roundTrip(image)
        let e = error(image, decoded.image)
        XCTAssertLessThanOrEqual(e.mean, 2.5, "mean per-channel error")
        XCTAssertLessThanOrEqual(e.max, 6, "largest per-channel error")
    }

    func testMoreColoursThanThePaletteStayWithinABound() throws {
        // A smooth 2-D colour field: 128 x 96 = 12,288 colours.
        let image = PixelImage(width: 128, height: 96) { x, y in (UInt8(x * 2), UInt8(y * 8 / 3), UInt8(255 - x - y), 255) }
        let full = try roundTrip(image)
        XCTAssertLessThanOrEqual(full.registers, 256)
        let e256 = error(image, full.image)
        // Each register stands for a patch of about 7x7 pixels where a channel moves by 2-3 a
        // pixel: a few levels of error on average, never far from the source.
        XCTAssertLessThanOrEqual(e256.mean, 4, "256 colours: mean per-channel error")
        XCTAssertLessThanOrEqual(e256.max, 16, "256 colours: largest per-channel error")

        let few = try roundTrip(image, encoder: SixelEncoder(colours: 16))
        XCTAssertLessThanOrEqual(few.registers, 16)
        let e16 = error(image, few.image)
        XCTAssertLessThanOrEqual(e16.mean, 16, "16 colours: mean per-channel error")
        XCTAssertGreaterThan(e16.mean, e256.mean, "fewer registers, more error")
    }

    func testAPhotoLikeSceneStaysClose() throws {
        let image = Drawn.scene(width: 160, height: 120, seed: 4)
        let e = error(image, try roundTrip(image).image)
        XCTAssertLessThanOrEqual(e.mean, 2, "mean per-channel error")
    }

    func testAnEmptyImageIsAnEmptySixel() throws {
        let decoded = try SixelDecoder.decode(SixelEncoder().encode(PixelImage(width: 0, height: 0)))
        XCTAssertEqual(decoded.width, 0)
        XCTAssertEqual(decoded.height, 0)
    }

    func testImageMagickReadsTheSameImage() throws {
        let image = Drawn.scene(width: 90, height: 50, seed: 2)
        let bytes = SixelEncoder().encode(image)
        let ours = try SixelDecoder.decode(bytes).image
        let folder = TempFolder()
        let path = folder.write("scene.six", bytes: bytes, mtime: 1_700_000_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The real ImageMagick, not a stand-in that may lead PATH. Through PNG: ImageMagick 6.9
        // hands out a sixel image's pixels as black until its colour map is written out.
        process.arguments = ["-c", "/usr/bin/convert \"$0\" png:- 2>/dev/null | /usr/bin/convert png:- -depth 8 rgba:- 2>/dev/null",
                             path.string]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, data.count == image.width * image.height * 4 else {
            throw XCTSkip("ImageMagick cannot read sixel here (/usr/bin/convert missing or without the SIXEL coder: apt-get install imagemagick)")
        }
        let theirs = PixelImage(width: image.width, height: image.height, pixels: [UInt8](data))
        var worst = 0
        for i in stride(from: 0, to: theirs.pixels.count, by: 4) {
            for c in 0..<3 { worst = max(worst, abs(Int(theirs.pixels[i + c]) - Int(ours.pixels[i + c]))) }
        }
        XCTAssertLessThanOrEqual(worst, 2, "ImageMagick and the test decoder agree to the rounding of percent")
    }
}
