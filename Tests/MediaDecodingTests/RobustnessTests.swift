import DemoMedia
import Foundation
import MediaDecoding
import XCTest
import Platform

/// Broken files end in an error or an image: never a crash, hang or abort.
final class RobustnessTests: XCTestCase {
    /// One small file per image format, made by the project's encoders or tools at test time.
    func fixtures() throws -> [(String, [UInt8])] {
        let picture = Fixtures.picture(width: 48, height: 32, alpha: true)
        var result: [(String, [UInt8])] = [
            ("jpeg", try JPEGEncoder.encode(picture)),
            ("png", try PNGEncoder.encode(picture, textChunks: [("Thumb::URI", "file:///x")])),
        ]
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png")
        try Fixtures.writePNG(picture, to: source)
        let tools: [(String, String, [String])] = [
            ("progressive-jpeg", "convert", ["-interlace", "JPEG"]), ("interlaced-png", "convert", ["-interlace", "PNG"]),
            ("gif", "convert", []), ("bmp", "convert", []), ("bmp-rle", "convert", ["-alpha", "off", "-type", "Palette", "-compress", "RLE"]),
            ("pnm", "convert", []),
        ]
        let extensions = ["progressive-jpeg": "jpg", "interlaced-png": "png", "gif": "gif", "bmp": "bmp", "bmp-rle": "bmp", "pnm": "ppm"]
        for (name, tool, args) in tools where Fixtures.which(tool) != nil {
            let out = dir.appendingPathComponent("f.\(extensions[name]!)")
            try Fixtures.run(tool, [source.path] + args + [out.path])
            result.append((name, try Fixtures.bytes(out)))
        }
        if Fixtures.which("cwebp") != nil {
            for (name, args) in [("webp-lossy", ["-q", "80"]), ("webp-lossless", ["-lossless"])] {
                let out = dir.appendingPathComponent("\(name).webp")
                try Fixtures.run("cwebp", ["-quiet"] + args + [source.path, "-o", out.path])
                result.append((name, try Fixtures.bytes(out)))
            }
        }
        if Fixtures.which("heif-enc") != nil {
            for (name, args) in [("heic", [String]()), ("avif", ["-A"])] {
                let out = dir.appendingPathComponent("f.\(name)")
                try Fixtures.run("heif-enc", args + ["-q", "50", source.path, "-o", out.path])
                result.append((name, try Fixtures.bytes(out)))
            }
        }
        let avi = try AVIWriter.mjpegData(frames: [picture, picture], fps: 2)
        result.append(("avi-as-image", avi))
        return result
    }

    func testTruncatedCopiesFailCleanly() throws {
        for (name, bytes) in try fixtures() {
            for fraction in [0.1, 0.5, 0.9] {
                let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
                for options in [DecodeOptions(), DecodeOptions(targetWidth: 16, targetHeight: 16)] {
                    do {
                        let image = try ImageDecoder.decode(data: cut, options: options)
                        XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                    } catch {
                        XCTAssertFalse(error.description.isEmpty, "\(name) at \(fraction)")
                    }
                }
                _ = try? ImageDecoder.info(data: cut)
            }
        }
    }

    func testTwoHundredSeededByteFlipsPerFormat() throws {
        var rng = SplitMix(seed: 0x5EED)
        for (name, bytes) in try fixtures() {
            var outcomes = (images: 0, errors: 0)
            for _ in 0..<200 {
                var broken = bytes
                for _ in 0..<Int(rng.next() % 4 + 1) {
                    let i = Int(rng.next() % UInt64(broken.count))
                    broken[i] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
                }
                do {
                    let image = try ImageDecoder.decode(data: broken, options: DecodeOptions(targetWidth: 24, targetHeight: 24))
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                    outcomes.images += 1
                } catch {
                    outcomes.errors += 1
                }
                _ = try? ImageDecoder.info(data: broken)
            }
            XCTAssertEqual(outcomes.images + outcomes.errors, 200, name)
        }
    }

    func testHugePNGHeaderIsRefusedAsTooLarge() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Self.chunk("IHDR", Self.be32(30000) + Self.be32(30000) + [8, 6, 0, 0, 0])
        png += Self.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        png += Self.chunk("IEND", [])
        XCTAssertEqual(try ImageDecoder.info(data: png).width, 30000)
        XCTAssertThrowsError(try ImageDecoder.decode(data: png)) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 30000, height: 30000, limit: 100_000_000))
        }
    }

    /// A JPEG is held to the pixels it decodes at the DCT scale it is read at, not to its own:
    /// a 30000x30000 header read at 1/8 for a 64-pixel target is 14 MP of work in a few rows
    /// of memory (libjpeg fills in the missing data), while decoding it whole is refused. The 900 MP
    /// header was refused whatever the target.
    func testHugeJPEGHeaderIsRefusedOnlyWhenItWouldDecodeAboveTheLimit() throws {
        var jpeg = try JPEGEncoder.encode(PixelImage(width: 16, height: 16))
        guard let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            return XCTFail("no SOF0")
        }
        jpeg[sof + 5] = 0x75; jpeg[sof + 6] = 0x30  // height 30000
        jpeg[sof + 7] = 0x75; jpeg[sof + 8] = 0x30  // width 30000
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg)) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 30000, height: 30000, limit: 100_000_000))
            XCTAssertEqual("\(error)", "image too large: 30000x30000 would decode to more than the limit of 100 megapixels (400 MB) at once")
        }
        do {
            _ = try ImageDecoder.decode(data: jpeg, options: DecodeOptions(targetWidth: 64))
        } catch {
            XCTAssertNotEqual(error, .tooLarge(width: 30000, height: 30000, limit: 100_000_000), "read at 1/8")
        }
        // A smaller limit is honoured too.
        XCTAssertThrowsError(try ImageDecoder.decode(data: JPEGEncoder.encode(PixelImage(width: 100, height: 100)),
                                                     options: DecodeOptions(pixelLimit: 9_999)))
    }

    /// A JPEG over the limit that a small target lets the decoder read at 1/8 (as a 102 MP
    /// photograph for a thumbnail) decodes: 400x300 with a limit of 100,000 pixels is 50x38
    /// decoded. It was refused from its header.
    func testAJPEGOverTheLimitDecodesAtAScaleUnderIt() throws {
        let jpeg = try JPEGEncoder.encode(PixelImage(width: 400, height: 300, fill: (200, 120, 40, 255)))
        let small = try ImageDecoder.decode(data: jpeg, options: DecodeOptions(targetWidth: 50, targetHeight: 38, pixelLimit: 100_000))
        XCTAssertLessThanOrEqual(small.width, 100)
        XCTAssertEqual(Int(small[small.width / 2, small.height / 2].r), 200, accuracy: 4)
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg, options: DecodeOptions(pixelLimit: 100_000)), "whole, it is over") { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 400, height: 300, limit: 100_000))
        }
    }

    func testHEIFWhoseGridReferencesItselfIsRefused() throws {
        // libheif 1.15 would recurse without end on this (a grid item made of itself).
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { Self.be32(UInt32(body.count + 8)) + Array(type.utf8) + body }
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let dimg = box("dimg", [0, 1, 0, 1, 0, 1])  // item 1 is derived from item 1
        let meta = box("meta", [0, 0, 0, 0] + box("iref", [0, 0, 0, 0] + dimg))
        XCTAssertThrowsError(try ImageDecoder.decode(data: ftyp + meta)) { error in
            guard case .corrupt(let detail)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("cycle"), detail)  // refused before libheif saw it
        }
    }

    func testFuzzCorpusInputsEndCleanly() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let bytes = try Fixtures.bytes(corpus.appendingPathComponent(name))
            _ = try? ImageDecoder.decode(data: bytes, options: DecodeOptions(targetWidth: 32, targetHeight: 32))
            _ = try? ImageDecoder.info(data: bytes)
        }
    }

    static func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(Digest.crc32(body))
    }
}

/// A small seeded generator, so the byte flips are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
