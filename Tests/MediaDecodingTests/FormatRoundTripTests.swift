import Foundation
@testable import MediaDecoding
import TestFixtures
import XCTest
import Platform

/// Images drawn in code, encoded by outside tools at test time, decoded back.
final class FormatRoundTripTests: XCTestCase {
    /// Four flat colours and a transparent corner: exact in every palette format.
    static func flat(alpha: Bool = false) -> PixelImage {
        PixelImage(width: 30, height: 20) { x, y in
            if alpha && x < 6 && y < 6 { return (0, 0, 0, 0) }
            switch (x < 15, y < 10) {
            case (true, true): return (255, 0, 0, 255)
            case (false, true): return (0, 128, 255, 255)
            case (true, false): return (20, 200, 40, 255)
            default: return (250, 250, 250, 255)
            }
        }
    }

    /// Converts `image` with ImageMagick (`arguments` go between input and output) and decodes.
    func convert(_ image: PixelImage, _ arguments: [String], to name: String,
                 options: DecodeOptions = DecodeOptions()) throws -> (PixelImage, ImageInfo, [UInt8]) {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("source.png")
        try Fixtures.writePNG(image, to: source)
        let out = dir.appendingPathComponent(name)
        try Fixtures.run("convert", [source.path] + arguments + [out.path])
        let bytes = try Fixtures.bytes(out)
        return (try ImageDecoder.decode(data: bytes, options: options), try ImageDecoder.info(path: RawPath(out)), bytes)
    }

    func testPNGVariants() throws {
        let picture = Fixtures.picture()
        for args in [["-depth", "16"], ["-interlace", "PNG"], ["-depth", "16", "-interlace", "PNG"]] {
            let (decoded, info, _) = try convert(picture, args, to: "v.png")
            XCTAssertEqual(decoded, picture, "\(args)")
            XCTAssertEqual(info.width, 96)
        }
        let flat = Self.flat(alpha: true)
        let (palette, info, bytes) = try convert(flat, [], to: "png8:p.png")
        XCTAssertEqual(bytes[25], 3, "palette colour type")
        XCTAssertTrue(info.hasAlpha)
        XCTAssertEqual(Fixtures.maxDifference(palette, flat), 0)
        let grey = PixelImage(width: 20, height: 12) { x, y in let v = UInt8((x * 12 + y) % 256); return (v, v, v, UInt8(255 - x * 10)) }
        let (greyAlpha, _, gaBytes) = try convert(grey, [], to: "ga.png")
        XCTAssertEqual(gaBytes[25], 4, "grey+alpha colour type")
        XCTAssertEqual(greyAlpha, grey)
        let bw = PixelImage(width: 21, height: 7) { x, y in (x + y) % 3 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let (oneBit, _, oneBytes) = try convert(bw, ["-depth", "1", "-type", "Bilevel"], to: "png:b.png")
        XCTAssertEqual(oneBytes[24], 1, "bit depth")
        XCTAssertEqual(oneBit, bw)
    }

    func testJPEGVariants() throws {
        let picture = Fixtures.picture()
        for args in [["-quality", "95"], ["-quality", "95", "-interlace", "JPEG"]] {
            let (decoded, _, _) = try convert(picture, args, to: "v.jpg")
            XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 3, "\(args)")
        }
        let (grey, _, _) = try convert(picture, ["-colorspace", "Gray", "-quality", "95"], to: "g.jpg")
        XCTAssertEqual(grey[10, 10].r, grey[10, 10].g)
        let (cmyk, _, cmykBytes) = try convert(Self.flat(), ["-colorspace", "CMYK", "-quality", "95"], to: "c.jpg")
        XCTAssertEqual(JPEGHeader(ByteReader(cmykBytes))?.components, 4)
        XCTAssertLessThan(Fixtures.meanDifference(cmyk, Self.flat()), 12)
    }

    func testGIFWithTransparencyAndInterlace() throws {
        let flat = Self.flat(alpha: true)
        for args in [[String](), ["-interlace", "GIF"]] {
            let (decoded, info, _) = try convert(flat, args, to: "f.gif")
            XCTAssertEqual(Fixtures.maxDifference(decoded, flat), 0, "\(args)")
            XCTAssertTrue(info.hasAlpha)
            XCTAssertEqual(info.width, 30)
        }
    }

    func testBMPVariants() throws {
        let flat = Self.flat()
        for args in [["-type", "Palette", "-colors", "4"], ["-type", "TrueColor"]] {
            let (decoded, _, _) = try convert(flat, args, to: "bmp3:f.bmp")
            XCTAssertEqual(decoded, flat, "\(args)")
        }
        let (bilevel, _, _) = try convert(PixelImage(width: 9, height: 5) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) },
                                          ["-type", "Bilevel"], to: "bmp3:b.bmp")
        XCTAssertEqual(bilevel[1, 2].r, 255)
        XCTAssertEqual(bilevel[2, 2].r, 0)
        let alpha = Fixtures.picture(width: 20, height: 10, alpha: true)
        let (withAlpha, _, _) = try convert(alpha, [], to: "bmp:a.bmp")
        XCTAssertEqual(Fixtures.maxDifference(withAlpha, alpha), 0)
    }

    func testBMPFourBitTopDownWrittenHere() throws {
        // A top-down (negative height) 4-bit BMP, written byte by byte.
        var b: [UInt8] = Array("BM".utf8) + le32(0) + le32(0) + le32(14 + 40 + 16 * 4)
        b += le32(40) + le32(3) + le32(UInt32(bitPattern: -2)) + le16(1) + le16(4) + le32(0) + le32(0) + le32(0) + le32(0) + le32(16) + le32(0)
        for i in 0..<16 { b += [UInt8(i * 16), 0, UInt8(255 - i * 16), 0] }  // B, G, R, 0
        b += [0x01, 0x20, 0, 0]  // row 0: indices 0, 1, 2
        b += [0xF0, 0xF0, 0, 0]  // row 1: 15, 0, 15
        let image = try ImageDecoder.decode(data: b)
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image[1, 0].r, 255 - 16)
        XCTAssertEqual(image[1, 0].b, 16)
        XCTAssertEqual(image[0, 1].b, 240)
    }

    func testBMPRunLength8FromImageMagickEqualsUncompressed() throws {
        // A picture with runs and with noise, so both encoded runs and literal runs occur.
        let picture = PixelImage(width: 37, height: 23) { x, y in
            x < 18 ? (200, 30, 30, 255) : (UInt8((x * 37 + y * 11) % 5 * 60), UInt8(y * 10), 90, 255)
        }
        let (plain, _, _) = try convert(picture, ["-type", "Palette", "-compress", "None"], to: "bmp3:p.bmp")
        let (rle, _, bytes) = try convert(picture, ["-type", "Palette", "-compress", "RLE"], to: "bmp3:r.bmp")
        XCTAssertEqual(bytes[30], 1, "ImageMagick wrote RLE8")
        XCTAssertEqual(rle, plain)
        XCTAssertEqual(rle, picture)
        XCTAssertThrowsError(try ImageDecoder.decode(data: Array(bytes.prefix(bytes.count - 40)))) { error in
            guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    func testBMPRunLength4WrittenHere() throws {
        // 5x3, RLE4 (bottom-up): an encoded run, end of line, a delta, absolute mode, end of bitmap.
        var b: [UInt8] = Array("BM".utf8) + le32(0) + le32(0) + le32(14 + 40 + 16 * 4)
        b += le32(40) + le32(5) + le32(3) + le16(1) + le16(4) + le32(2) + le32(0) + le32(0) + le32(0) + le32(16) + le32(0)
        for i in 0..<16 { b += [UInt8(i * 16), 0, UInt8(255 - i * 16), 0] }  // B, G, R, 0
        b += [5, 0x12, 0, 0]         // bottom row: 1 2 1 2 1, end of line
        b += [0, 2, 2, 0]            // delta: 2 right, same row (row 1 from the bottom)
        b += [0, 3, 0x34, 0x50, 0, 0]  // absolute: 3, 4, 5 (two bytes + padding to 16 bits), end of line
        b += [0, 1]                  // end of bitmap: the top row stays unset
        let image = try ImageDecoder.decode(data: b)
        func index(_ x: Int, _ y: Int) -> Int? { image[x, y].a == 0 ? nil : Int(image[x, y].b) / 16 }
        XCTAssertEqual((0..<5).map { index($0, 2) }, [1, 2, 1, 2, 1])
        XCTAssertEqual((0..<5).map { index($0, 1) }, [nil, nil, 3, 4, 5])
        XCTAssertEqual((0..<5).map { index($0, 0) }, [nil, nil, nil, nil, nil])
    }

    func testPNM() throws {
        let picture = Fixtures.picture()
        let (colour, info, _) = try convert(picture, [], to: "p.ppm")
        XCTAssertEqual(colour, picture)
        XCTAssertEqual(info.format, .pnm)
        let (grey, _, _) = try convert(picture, ["-colorspace", "Gray"], to: "p.pgm")
        XCTAssertEqual(grey[3, 3].r, grey[3, 3].b)
        let sixteen = try ImageDecoder.decode(data: Array("P5 2 1 65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00])
        XCTAssertEqual(sixteen[0, 0].r, 255)
        XCTAssertEqual(sixteen[1, 0].r, 128)
    }

    /// A scanner's line art (scanimage), `pdfimages`' bitmaps and `convert -compress none`
    /// write PBM P4 or plain PNM (P1, P2, P3): mediapick, which says it reads PNM, called them
    /// "not an image or video" (the exploratory tester's finding; chafa, ImageMagick and
    /// ffmpeg read them).
    func testBitmapAndPlainPNM() throws {
        let picture = Fixtures.picture()
        let (plainColour, info, bytes) = try convert(picture, ["-compress", "none"], to: "plain.ppm")
        XCTAssertEqual(Array(bytes.prefix(2)), Array("P3".utf8))
        XCTAssertEqual(plainColour, picture)
        XCTAssertEqual(info.format, .pnm)
        XCTAssertEqual(info.width, 96)
        let (grey, _, _) = try convert(picture, ["-colorspace", "Gray"], to: "b.pgm")
        let (plainGrey, _, greyBytes) = try convert(picture, ["-colorspace", "Gray", "-compress", "none"], to: "p.pgm")
        XCTAssertEqual(Array(greyBytes.prefix(2)), Array("P2".utf8))
        XCTAssertEqual(plainGrey, grey)
        let (bits, bitsInfo, bitBytes) = try convert(picture, ["-monochrome"], to: "b.pbm")
        XCTAssertEqual(Array(bitBytes.prefix(2)), Array("P4".utf8))
        XCTAssertEqual(bitsInfo.height, 64)
        let (plainBits, _, plainBitBytes) = try convert(picture, ["-monochrome", "-compress", "none"], to: "p.pbm")
        XCTAssertEqual(Array(plainBitBytes.prefix(2)), Array("P1".utf8))
        XCTAssertEqual(plainBits, bits)
        let (png, _, _) = try convert(picture, ["-monochrome"], to: "m.png")
        XCTAssertEqual(bits, png)

        // Known pixels: 1 is black; a P4 row starts on a byte, high bit first; P1's digits may touch.
        let p4 = try ImageDecoder.decode(data: Array("P4\n10 2\n".utf8) + [0b1010_0000, 0b0100_0000, 0, 0b1100_0000])
        XCTAssertEqual((0..<10).map { p4[$0, 0].r }, [0, 255, 0, 255, 255, 255, 255, 255, 255, 0])
        XCTAssertEqual((0..<10).map { p4[$0, 1].r }, [255, 255, 255, 255, 255, 255, 255, 255, 0, 0])
        let p1 = try ImageDecoder.decode(data: Array("P1\n# a comment\n3 2\n101\n0 1 0\n".utf8))
        XCTAssertEqual((0..<3).map { p1[$0, 0].r } + (0..<3).map { p1[$0, 1].r }, [0, 255, 0, 255, 0, 255])
        let p2 = try ImageDecoder.decode(data: Array("P2 2 1 10\n0 10\n".utf8))
        XCTAssertEqual([p2[0, 0].r, p2[1, 0].r], [0, 255])
        let p3 = try ImageDecoder.decode(data: Array("P3 1 1 255 10 20 30".utf8))
        XCTAssertEqual([p3[0, 0].r, p3[0, 0].g, p3[0, 0].b, p3[0, 0].a], [10, 20, 30, 255])
        XCTAssertThrowsError(try ImageDecoder.decode(data: Array("P3 2 1 255\n1 2 3 4".utf8))) { error in
            guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(data: Array("P4 9 2\n".utf8) + [0, 0, 0])) { error in
            guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    func testWebP() throws {
        let dir = try Fixtures.directory(self)
        let picture = Fixtures.picture(alpha: true)
        let source = dir.appendingPathComponent("s.png")
        try Fixtures.writePNG(picture, to: source)
        let lossless = dir.appendingPathComponent("l.webp")
        try Fixtures.run("cwebp", ["-quiet", "-lossless", "-exact", source.path, "-o", lossless.path])
        XCTAssertEqual(try ImageDecoder.decode(path: RawPath(lossless)), picture)
        XCTAssertEqual(try ImageDecoder.info(path: RawPath(lossless)), ImageInfo(format: .webp, width: 96, height: 64, hasAlpha: true))
        let lossy = dir.appendingPathComponent("q.webp")
        try Fixtures.run("cwebp", ["-quiet", "-q", "95", source.path, "-o", lossy.path])
        let decoded = try ImageDecoder.decode(path: RawPath(lossy))
        XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 6)
        let small = try ImageDecoder.decode(path: RawPath(lossy), options: DecodeOptions(targetWidth: 24, targetHeight: 16))
        XCTAssertEqual(small.width, 24)
        XCTAssertEqual(small.height, 16)
    }

    func testHEICAndAVIF() throws {
        let dir = try Fixtures.directory(self)
        let picture = Fixtures.picture(width: 128, height: 96)
        let source = dir.appendingPathComponent("s.png")
        try Fixtures.writePNG(picture, to: source)
        var checked = 0
        for (flag, name, format) in [([String](), "h.heic", MediaFormat.heif), (["-A"], "a.avif", MediaFormat.avif)] {
            let out = dir.appendingPathComponent(name)
            try Fixtures.run("heif-enc", flag + ["-q", "90", source.path, "-o", out.path])
            let info = try ImageDecoder.info(path: RawPath(out))
            XCTAssertEqual(info.format, format)
            XCTAssertEqual(info.width, 128)
            XCTAssertEqual(info.height, 96)
            let decoded = try ImageDecoder.decode(path: RawPath(out))
            XCTAssertLessThan(Fixtures.meanDifference(decoded, picture), 6, name)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    func testJPEGScalesWhileDecodingAndCoversTarget() throws {
        let big = Fixtures.picture(width: 1600, height: 1200)
        let jpeg = try JPEGEncoder.encode(big, quality: 0.9)
        let small = try ImageDecoder.decode(data: jpeg, options: DecodeOptions(targetWidth: 100, targetHeight: 100))
        XCTAssertEqual(small.width, 134)
        XCTAssertEqual(small.height, 100)
        let reference = try ImageDecoder.decode(data: PNGEncoder.encode(big), options: DecodeOptions(targetWidth: 100, targetHeight: 100))
        XCTAssertLessThan(Fixtures.meanDifference(small, reference), 4)
    }

    /// An EXIF thumbnail can be stale (another colour here, as after a retouch): whatever its
    /// size, the main image is what is decoded.
    func testEXIFThumbnailIsNeverUsed() throws {
        let main = PixelImage(width: 800, height: 600, fill: (200, 0, 0, 255))
        let thumb = try JPEGEncoder.encode(PixelImage(width: 160, height: 120, fill: (0, 200, 0, 255)), quality: 0.9)
        let jpeg = ExifBuilder.inserting(ExifBuilder.app1(orientation: 1, thumbnail: thumb), into: try JPEGEncoder.encode(main))
        for (width, height) in [(64, 48), (160, 120), (256, 192)] {
            let image = try ImageDecoder.decode(data: jpeg, options: DecodeOptions(targetWidth: width, targetHeight: height))
            XCTAssertGreaterThan(image[10, 10].r, 150, "the main image at \(width)x\(height)")
            XCTAssertLessThan(image[10, 10].g, 50)
        }
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * UInt32($0)) & 0xFF) } }
    private func le32(_ v: Int) -> [UInt8] { le32(UInt32(truncatingIfNeeded: v)) }
}
