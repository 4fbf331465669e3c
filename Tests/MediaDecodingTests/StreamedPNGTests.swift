import CCodecs
import Foundation
import MediaDecoding
import Platform
import XCTest

/// `ImageDecoder.decode(path:)` reads a PNG through a 128 KB window instead of whole
/// (png_inflate_source.c); it must give exactly what decoding the bytes from memory gives,
/// and fail the same way.
final class StreamedPNGTests: XCTestCase {
    private var rng = SplitMix(seed: 1414)

    /// Rows of noise (which deflate cannot shrink), so each file is several windows long.
    private func noiseRows(_ width: Int, _ height: Int, bytesPerPixel: Int, below: UInt64 = 256) -> [[UInt8]] {
        (0..<height).map { _ in (0..<width * bytesPerPixel).map { _ in UInt8(rng.next() % below) } }
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> RawPath {
        let url = try Fixtures.directory(self).appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return RawPath(url.path)
    }

    /// Decodes `png` from a file and from memory at several sizes: the same pixels each time.
    private func assertFileDecodesAsMemory(_ png: [UInt8], _ what: String) throws {
        XCTAssertGreaterThan(png.count, 3 * 128 * 1024, "\(what): more than the head and a window")
        let path = try write(png, "\(what).png")
        for options in [DecodeOptions(), DecodeOptions(targetWidth: 40, targetHeight: 30)] {
            let fromFile = try ImageDecoder.decode(path: path, options: options)
            XCTAssertGreaterThan(cc_png_decode_file_window_peak(), 0, "\(what): read through the window")
            XCTAssertEqual(fromFile, try ImageDecoder.decode(data: png, options: options), "\(what), \(options)")
        }
    }

    func testFileDecodesAsMemoryForEveryKindOfImageData() throws {
        let rgba = noiseRows(300, 400, bytesPerPixel: 4)
        let plain = PNGImageDataTests.png(width: 300, depth: 8, color: 6, rows: rgba, filtered: true)
        try assertFileDecodesAsMemory(plain, "rgba")
        try assertFileDecodesAsMemory(PNGImageDataTests.png(width: 300, depth: 16, color: 2, rows: noiseRows(300, 300, bytesPerPixel: 6),
                                                            filtered: true), "rgb16")
        // Palette: a PLTE chunk of 200 colours after the IHDR, indices below 200.
        let indexed = PNGImageDataTests.png(width: 500, depth: 8, color: 3, rows: noiseRows(500, 900, bytesPerPixel: 1, below: 200),
                                            filtered: false, level: 0)
        let palette = RobustnessTests.chunk("PLTE", (0..<600).map { UInt8(($0 * 37) % 256) })
        try assertFileDecodesAsMemory(Array(indexed.prefix(33)) + palette + indexed.dropFirst(33), "palette")
        // Image data in many chunks, some tiny or empty, the first after a chunk larger than a window.
        let big = RobustnessTests.chunk("teSt", [UInt8](repeating: 7, count: 300_000))
        let rechunked = PNGImageDataTests.rechunked(plain, sizes: [1, 0, 3, 997, 20_000, 200_000])
        XCTAssertGreaterThan(PNGChunks.chunks(in: rechunked).filter { $0.type == "IDAT" }.count, 10)
        try assertFileDecodesAsMemory(Array(rechunked.prefix(33)) + big + rechunked.dropFirst(33), "chunks")
    }

    func testInterlacedFileDecodesAsMemory() throws {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), interlaced = dir.appendingPathComponent("i.png")
        let rows = noiseRows(300, 400, bytesPerPixel: 4)
        try Data(PNGImageDataTests.png(width: 300, depth: 8, color: 6, rows: rows, filtered: false, level: 1)).write(to: source)
        try Fixtures.run("convert", [source.path, "-interlace", "PNG", interlaced.path])
        let bytes = try Fixtures.bytes(interlaced)
        XCTAssertEqual(bytes[28], 1, "Adam7")
        try assertFileDecodesAsMemory(bytes, "interlaced")
    }

    func testTruncatedFileIsTruncated() throws {
        let png = PNGImageDataTests.png(width: 300, depth: 8, color: 6, rows: noiseRows(300, 400, bytesPerPixel: 4), filtered: false, level: 1)
        for cut in [70_000, 200_000, png.count - 40] {
            let path = try write(Array(png.prefix(cut)), "cut\(cut).png")
            XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
                XCTAssertEqual((error as? DecodeError)?.withoutPartial, .truncated(detail: "PNG: the PNG data ends early"), "\(cut)")
                // With the rows that came (PartialPNGTests).
                guard case .truncated(_, let partial?)? = error as? DecodeError else { return XCTFail("\(cut): no partial picture") }
                XCTAssertEqual([partial.width, partial.height], [300, 400], "\(cut)")
            }
        }
    }

    func testReadErrorIsReported() throws {
        // A folder opens and has a size, but reading it fails (EISDIR).
        let dir = try Fixtures.directory(self)
        let fd = open(dir.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var image = cc_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = cc_png_decode_file(fd, nil, 0, 0, 0, 1 << 26, &image, &message, message.count)
        XCTAssertEqual(status, CC_TRUNCATED)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("read error: "), text)
        cc_image_free(&image)
    }

    func testLargeFileIsNeverHeldWhole() throws {
        // 4000x3000, noisy in its low bits: a file of over 4 MB whose image data is read
        // through the window; neither the window nor the process's peak grows with the file.
        let picture = PixelImage(width: 4000, height: 3000) { x, y in
            let n = UInt8(truncatingIfNeeded: (x &* 7919 ^ y &* 104_729) >> 3)
            return (UInt8(truncatingIfNeeded: x / 16) ^ (n & 15), UInt8(truncatingIfNeeded: y / 12) ^ (n >> 4), n, 255)
        }
        let png = try PNGEncoder.encode(picture)
        let path = try write(png, "large.png")
        XCTAssertGreaterThan(png.count, 4 << 20)
        let options = DecodeOptions(targetWidth: 160, targetHeight: 120)
        // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later). This bound
        // is coarse (malloc may reuse heap pages that are already resident, and then a whole-file
        // buffer does not raise the peak); the window hook below is what fails if the file is read whole.
        let peakReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = Self.memoryStatus("VmRSS")
        let small = try ImageDecoder.decode(path: path, options: options)
        let peak = Self.memoryStatus("VmHWM")
        XCTAssertLessThanOrEqual(cc_png_decode_file_window_peak(), 128 * 1024)
        XCTAssertGreaterThan(cc_png_decode_file_window_peak(), 0)
        XCTAssertEqual(small, try ImageDecoder.decode(data: png, options: options))
        if peakReset, let before, let peak {
            XCTAssertLessThan(peak - before, png.count / 2, "peak RSS grew by \(peak - before) bytes decoding a \(png.count)-byte file")
        }
    }

    func testChunkClaimingMoreThanTheFileIsCutShortWithoutItsAllocation() throws {
        // A 140-byte file whose tEXt chunk claims 1.8 GB (found by fuzzing): libpng allocates and
        // zeroes what a chunk claims before reading it, so the source says "cut short" first.
        let head = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + RobustnessTests.chunk("IHDR", RobustnessTests.be32(24) + RobustnessTests.be32(16) + [8, 2, 0, 0, 0])
        let png = head + RobustnessTests.be32(0x6F72_7925) + Array("tEXtdate:create".utf8)
        let path = try write(png, "claims.png")
        let peakReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = Self.memoryStatus("VmRSS")
        for decode in [{ try ImageDecoder.decode(data: png) }, { try ImageDecoder.decode(path: path) }] {
            XCTAssertThrowsError(try decode()) { error in
                XCTAssertEqual(error as? DecodeError, .truncated(detail: "PNG: the PNG data ends early"))
            }
        }
        if peakReset, let before, let peak = Self.memoryStatus("VmHWM") {
            XCTAssertLessThan(peak - before, 64 << 20, "peak RSS grew by \(peak - before) bytes")
        }
    }

    /// A "VmXxx:  N kB" line of /proc/self/status, in bytes.
    static func memoryStatus(_ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
