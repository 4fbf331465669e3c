import Foundation
import MediaDecoding
import XCTest
import Platform

/// A JPEG that lacks only its end marker (EOI), as some cameras, editors and interrupted copies
/// leave them, holds its whole picture: djpeg draws it with a warning, chafa, ImageMagick and
/// ffmpeg draw it, but mediapick refused it as "truncated file: JPEG: Premature end of JPEG
/// file" (`thumb` exit 2, a broken tile, `--export` refused) (the exploratory tester's finding).
/// A file cut inside its picture is still refused.
final class JPEGWithoutEndMarkerTests: XCTestCase {
    /// 640x480 of gradients and noise: a JPEG of it is over 64 KB.
    static let noisy = PixelImage(width: 640, height: 480) { x, y in
        let n = (x &* 7919 ^ y &* 104_729) &* 2_654_435_761 >> 13
        return (UInt8(truncatingIfNeeded: x / 3 + n & 63), UInt8(truncatingIfNeeded: y / 2 + (n >> 6) & 63),
                UInt8(truncatingIfNeeded: (x + y) / 5 + (n >> 12) & 63), 255)
    }

    /// ImageMagick's baseline and progressive JPEGs of a picture, and the same without the EOI.
    private func files(_ picture: PixelImage) throws -> [(name: String, whole: URL, cut: URL)] {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png")
        try Fixtures.writePNG(picture, to: source)
        var result: [(String, URL, URL)] = []
        for (name, args) in [("baseline", [String]()), ("progressive", ["-interlace", "JPEG"])] {
            let whole = dir.appendingPathComponent("\(name).jpg")
            try Fixtures.run("convert", [source.path, "-quality", "90"] + args + [whole.path])
            let bytes = try Fixtures.bytes(whole)
            XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9])
            let cut = dir.appendingPathComponent("\(name)-no-eoi.jpg")
            try Data(bytes.dropLast(2)).write(to: cut)
            result.append((name, whole, cut))
        }
        return result
    }

    func testAJPEGWithoutItsEndMarkerIsDecodedWhole() throws {
        // Large enough (over the 64 KB head) that the file is read in chunks as well as whole.
        for (name, whole, cut) in try files(Self.noisy) {
            XCTAssertGreaterThan(try Fixtures.bytes(cut).count, 65_536, name)
            for options in [DecodeOptions(), DecodeOptions(targetWidth: 320, targetHeight: 240), DecodeOptions(targetWidth: 80, targetHeight: 60)] {
                let expected = try ImageDecoder.decode(path: RawPath(whole), options: options)
                let context = "\(name) at \(options.targetWidth ?? 0)x\(options.targetHeight ?? 0)"
                XCTAssertNoThrow(XCTAssertEqual(try ImageDecoder.decode(path: RawPath(cut), options: options), expected, context), context)
                XCTAssertNoThrow(XCTAssertEqual(try ImageDecoder.decode(data: Fixtures.bytes(cut), options: options), expected, context),
                                 "\(context), in memory")
            }
            // The export's streamed copy (of a picture over the limit) takes it too: the same
            // copy as of the whole file.
            var copies: [[UInt8]] = []
            for source in [whole, cut] {
                let copyPath = RawPath(try Fixtures.directory(self).appendingPathComponent("copy.jpg").path)
                let copy = copyPath.withCString { open($0, O_RDWR | O_CREAT | O_TRUNC, 0o644) }
                XCTAssertGreaterThanOrEqual(copy, 0)
                let size = XCTNoThrow("\(name) copy of \(source.lastPathComponent)") {
                    try JPEGTranscoder.transcode(path: RawPath(source), to: copy, outputPath: copyPath, quality: 0.9, pixelLimit: 4_000_000)
                }
                close(copy)
                XCTAssertEqual(size??.width, 640, name)
                copies.append(try Fixtures.bytes(URL(fileURLWithPath: copyPath.string)))
            }
            XCTAssertEqual(copies[0], copies[1], name)
        }
    }

    /// `body`'s value, or nil with a failure naming `context` when it throws.
    private func XCTNoThrow<T>(_ context: String, _ body: () throws -> T) -> T? {
        do { return try body() } catch {
            XCTFail("\(context): \(error)")
            return nil
        }
    }

    func testAJPEGCutInsideItsPictureIsStillTruncated() throws {
        for (name, whole, _) in try files(Self.noisy) {
            let bytes = try Fixtures.bytes(whole)
            // Cut in the middle, and (progressive) just before its last scan: a part of the
            // picture, or its last refinement, is missing.
            var cuts = [bytes.count * 6 / 10]
            if name == "progressive" {
                let lastScan = try XCTUnwrap((0..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
                cuts.append(lastScan)
            }
            for length in cuts {
                let url = try Fixtures.directory(self).appendingPathComponent("\(name)-\(length).jpg")
                try Data(bytes.prefix(length)).write(to: url)
                XCTAssertThrowsError(try ImageDecoder.decode(path: RawPath(url)), "\(name) cut at \(length)") { error in
                    guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
                }
                let copyPath = RawPath(url.path + ".copy")
                let copy = copyPath.withCString { open($0, O_RDWR | O_CREAT | O_TRUNC, 0o644) }
                defer { close(copy) }
                XCTAssertThrowsError(try JPEGTranscoder.transcode(path: RawPath(url), to: copy, outputPath: copyPath, quality: 0.9,
                                                                  pixelLimit: 4_000_000), "\(name) copied, cut at \(length)") { error in
                    guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
                }
            }
        }
    }
}
