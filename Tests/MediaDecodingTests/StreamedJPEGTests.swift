import Foundation
import MediaDecoding
import TestFixtures
import XCTest
import Platform

/// `ImageDecoder.decode(path:)` reads a JPEG in chunks instead of whole; it must give
/// exactly what decoding the whole file from memory gives, and fail the same way.
final class StreamedJPEGTests: XCTestCase {
    /// Noise compresses badly, so the file is well over the 64 KB read before streaming.
    private func noisyJPEG(width: Int = 640, height: Int = 480) throws -> [UInt8] {
        var state: UInt32 = 12345
        let image = PixelImage(width: width, height: height) { x, y in
            state = state &* 1_103_515_245 &+ 12345
            let noise = UInt8(truncatingIfNeeded: state >> 16)
            return (UInt8(x * 255 / width) ^ noise, UInt8(y * 255 / height), noise, 255)
        }
        let jpeg = try JPEGEncoder.encode(image, quality: 0.9)
        XCTAssertGreaterThan(jpeg.count, 200_000)
        return jpeg
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> RawPath {
        let url = try Fixtures.directory(self).appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return RawPath(url.path)
    }

    func testStreamedDecodeEqualsInMemoryDecode() throws {
        let jpeg = try noisyJPEG()
        let path = try write(jpeg, "noise.jpg")
        for options in [DecodeOptions(), DecodeOptions(targetWidth: 64, targetHeight: 48), DecodeOptions(targetWidth: 300, targetHeight: 200)] {
            let streamed = try ImageDecoder.decode(path: path, options: options)
            let whole = try ImageDecoder.decode(data: jpeg, options: options)
            XCTAssertEqual(streamed.width, whole.width)
            XCTAssertEqual(streamed.height, whole.height)
            XCTAssertTrue(streamed.pixels == whole.pixels, "pixels differ at target \(options)")
        }
    }

    func testTruncatedFileFailsAsTruncated() throws {
        let jpeg = try noisyJPEG()
        let path = try write(Array(jpeg.prefix(jpeg.count * 6 / 10)), "cut.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
            guard case .truncated? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    func testOrientationPastTheFirstChunk() throws {
        // 100 KB of other metadata before the EXIF segment: its orientation lies beyond the
        // first 64 KB and is read separately; the (stale, smooth) thumbnail there is ignored.
        let filler = (0..<2).flatMap { _ in [0xFF, 0xE2] + ExifBuilder.be16(50_002) + [UInt8](repeating: 0x41, count: 50_000) }
        let thumbnail = try JPEGEncoder.encode(Fixtures.picture(width: 160, height: 120))
        let main = try noisyJPEG(width: 640, height: 480)
        let jpeg = ExifBuilder.inserting(filler + ExifBuilder.app1(orientation: 6, thumbnail: thumbnail), into: main)
        let path = try write(jpeg, "rotated.jpg")
        let options = DecodeOptions(targetWidth: 48, targetHeight: 64)
        let streamed = try ImageDecoder.decode(path: path, options: options)
        let whole = try ImageDecoder.decode(data: jpeg, options: options)
        XCTAssertEqual(streamed.width, whole.width)
        XCTAssertEqual(streamed.height, whole.height)
        XCTAssertGreaterThan(streamed.height, streamed.width, "orientation 6 turns the landscape picture upright")
        XCTAssertTrue(streamed.pixels == whole.pixels)
        // The noisy main image, not the thumbnail, was decoded.
        let upright = try ImageDecoder.decode(data: ExifBuilder.inserting(ExifBuilder.app1(orientation: 6), into: main), options: options)
        XCTAssertTrue(streamed.pixels == upright.pixels)
    }

    /// Broken copies (seeded byte flips, many past the first 64 KB, and cuts) decode the same
    /// way from a path as from memory: the same pixels, or an error in both.
    func testBrokenCopiesBehaveAsInMemory() throws {
        let jpeg = try noisyJPEG()
        let dir = try Fixtures.directory(self)
        var random = SplitMix(seed: 42)
        let options = DecodeOptions(targetWidth: 80, targetHeight: 60)
        var failures = 0
        for trial in 0..<60 {
            var broken = jpeg
            if trial % 3 == 2 {
                broken = Array(broken.prefix(Int(random.next() % UInt64(broken.count))))
            } else {
                for _ in 0..<4 {
                    let at = Int(random.next() % UInt64(broken.count))
                    broken[at] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            let url = dir.appendingPathComponent("broken-\(trial).jpg")
            try Data(broken).write(to: url)
            let streamed = Result { try ImageDecoder.decode(path: RawPath(url.path), options: options) }
            let whole = Result { try ImageDecoder.decode(data: broken, options: options) }
            switch (streamed, whole) {
            case (.success(let a), .success(let b)):
                XCTAssertTrue(a.width == b.width && a.height == b.height && a.pixels == b.pixels, "trial \(trial)")
            case (.failure, .failure):
                failures += 1
            default:
                XCTFail("trial \(trial): \(streamed) from the path, \(whole) from memory")
            }
        }
        XCTAssertGreaterThan(failures, 0, "some copies are broken beyond decoding")
    }
}
