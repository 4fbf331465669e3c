import Foundation
import MediaDecoding
import XCTest
import Platform

/// Animated images give their first frame; HEIF thumbnails are used when large enough.
final class AnimationTests: XCTestCase {
    /// Two frames: red then blue, written as PNGs for the tools.
    func frames(_ dir: URL) throws -> [URL] {
        let colours: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (0, 0, 255, 255)]
        return try colours.enumerated().map { i, c in
            let url = dir.appendingPathComponent("frame\(i).png")
            try Fixtures.writePNG(PixelImage(width: 20, height: 10, fill: c), to: url)
            return url
        }
    }

    func testAnimatedGIFGivesFirstFrame() throws {
        let dir = try Fixtures.directory(self)
        let out = dir.appendingPathComponent("anim.gif")
        try Fixtures.run("convert", ["-delay", "10"] + frames(dir).map(\.path) + [out.path])
        try assertFirstFrame(out)
    }

    /// The decoded file is the red first frame, not the blue second one.
    func assertFirstFrame(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try ImageDecoder.decode(path: RawPath(url))
        XCTAssertEqual(image.width, 20, file: file, line: line)
        XCTAssertEqual(image[5, 5].r, 255, file: file, line: line)
        XCTAssertEqual(image[5, 5].b, 0, file: file, line: line)
    }

    func testAnimatedWebPGivesFirstFrame() throws {
        let dir = try Fixtures.directory(self)
        let out = dir.appendingPathComponent("anim.webp")
        let paths = try frames(dir).map(\.path)
        try Fixtures.run("img2webp", ["-lossless", paths[0], "-d", "100", paths[1], "-o", out.path])
        try assertFirstFrame(out)
    }

    func testHEIFWithThumbnailDecodesAtBothSizes() throws {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png")
        let picture = Fixtures.picture(width: 320, height: 240)
        try Fixtures.writePNG(picture, to: source)
        let out = dir.appendingPathComponent("t.heic")
        try Fixtures.run("heif-enc", ["-q", "90", "-t", "64", source.path, "-o", out.path])
        let small = try ImageDecoder.decode(path: RawPath(out), options: DecodeOptions(targetWidth: 48, targetHeight: 36))
        XCTAssertEqual(small.width, 48)
        XCTAssertEqual(small.height, 36)
        let reference = try ImageDecoder.decode(data: PNGEncoder.encode(picture), options: DecodeOptions(targetWidth: 48, targetHeight: 36))
        XCTAssertLessThan(Fixtures.meanDifference(small, reference), 8)
        let large = try ImageDecoder.decode(path: RawPath(out), options: DecodeOptions(targetWidth: 160, targetHeight: 120))
        XCTAssertEqual(large.width, 160)
    }
}
