import Foundation
import MediaDecoding
import Platform
import XCTest

/// The PNG decoder's image data path: ISA-L inflates the IDAT chunks and hands libpng stored
/// deflate blocks of up to 64 KB (png_inflate_source.c). Pictures drawn here, encoded by the
/// project's encoder or built chunk by chunk, decoded back against the known pixels.
final class PNGImageDataTests: XCTestCase {
    /// 300x200 RGBA: 240 KB of image data, so several 64 KB blocks; translucent, so nothing is dropped.
    let picture = Fixtures.picture(width: 300, height: 200, alpha: true)

    /// `png` with its image data (the zlib stream) cut into IDAT chunks of `sizes`, cycled.
    static func rechunked(_ png: [UInt8], sizes: [Int], between: [UInt8] = []) -> [UInt8] {
        let stream = PNGChunks.imageData(in: png)
        var out = Array(png.prefix(8))
        for (type, data) in PNGChunks.chunks(in: png) where type != "IDAT" {
            if type == "IEND" {
                var pos = 0, i = 0
                while pos < stream.count {
                    let n = min(sizes[i % sizes.count], stream.count - pos)
                    out += RobustnessTests.chunk("IDAT", Array(stream[pos..<pos + n]))
                    if i == 0 { out += between }
                    pos += n
                    i += 1
                }
            }
            out += RobustnessTests.chunk(type, Array(data))
        }
        return out
    }

    /// An RGBA PNG of `image` built here: filter type None on every row, zlib at `level` (0 stores).
    static func plainPNG(_ image: PixelImage, level: Int) -> [UInt8] {
        let rows = (0..<image.height).map { Array(image.pixels[$0 * image.width * 4..<($0 + 1) * image.width * 4]) }
        return png(width: image.width, depth: 8, color: 6, rows: rows, filtered: false, level: level)
    }

    /// A PNG of raw `rows` (bytes as PNG lays them out for `depth` and colour type `color`);
    /// `filtered`: row y gets filter type y % 5, so every type follows every other, unless
    /// `filterOfRow` chooses.
    static func png(width: Int, depth: UInt8, color: UInt8, rows: [[UInt8]], filtered: Bool, level: Int = 6,
                    filterOfRow: ((Int) -> Int)? = nil) -> [UInt8] {
        let bpp = max(1, Int(depth) * [1, 0, 3, 1, 2, 0, 4][Int(color)] / 8)
        var raw: [UInt8] = []
        var prev = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for (y, row) in rows.enumerated() {
            let type = filterOfRow?(y) ?? (filtered ? y % 5 : 0)
            raw.append(UInt8(type))
            for i in row.indices {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(prev[i]), c = i >= bpp ? Int(prev[i - bpp]) : 0
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                let predictor = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type]
                raw.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
            prev = row
        }
        let header = RobustnessTests.be32(UInt32(width)) + RobustnessTests.be32(UInt32(rows.count)) + [depth, color, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + RobustnessTests.chunk("IHDR", header)
            + RobustnessTests.chunk("IDAT", Zlib.compress(raw, level: level)) + RobustnessTests.chunk("IEND", [])
    }

    func decodeBothSizes(_ png: [UInt8], _ what: String) throws {
        XCTAssertEqual(try ImageDecoder.decode(data: png), picture, what)
        let small = try ImageDecoder.decode(data: png, options: DecodeOptions(targetWidth: 40, targetHeight: 20))
        XCTAssertEqual(small, picture.reduced(width: 40, height: 27), what)
    }

    func testImageDataOfSeveralBlocksDecodesExactly() throws {
        try decodeBothSizes(try PNGEncoder.encode(picture), "libpng's filters, zlib 6")
        for level in [0, 1, 9] {
            let png = Self.plainPNG(picture, level: level)
            XCTAssertEqual(PNGChunks.chunks(in: png).map(\.type), ["IHDR", "IDAT", "IEND"])
            XCTAssertEqual(Zlib.inflatedLength(PNGChunks.imageData(in: png)), (300 * 4 + 1) * 200)
            try decodeBothSizes(png, "filter None, zlib \(level)")
        }
    }

    func testEveryFilterTypeAtEveryPixelSize() throws {
        // Noisy, so that Paeth's three predictors all win somewhere.
        var rng = SplitMix(seed: 14)
        let noisy = PixelImage(width: 53, height: 40) { x, y in
            let n = Int(rng.next() % 48)
            return (UInt8((x * 4 + n) % 256), UInt8((y * 6 + n) % 256), UInt8((x * y + n) % 256), UInt8(255 - n))
        }
        let rgba = (0..<40).map { Array(noisy.pixels[$0 * 53 * 4..<($0 + 1) * 53 * 4]) }
        let opaque = PixelImage(width: 53, height: 40) { x, y in let p = noisy[x, y]; return (p.r, p.g, p.b, 255) }
        let rgb = rgba.map { row in row.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) }
        XCTAssertEqual(try ImageDecoder.decode(data: Self.png(width: 53, depth: 8, color: 6, rows: rgba, filtered: true)), noisy)
        XCTAssertEqual(try ImageDecoder.decode(data: Self.png(width: 53, depth: 8, color: 2, rows: rgb, filtered: true)), opaque)
        // Other pixel sizes (1 byte for sub-byte depths, 2, 6, 8): the same pixels with filter None alike.
        for (depth, color, bytesPerRow) in [(1, 0, 7), (4, 0, 27), (8, 0, 53), (8, 4, 106), (16, 0, 106), (16, 2, 318), (16, 6, 424)] {
            let rows = (0..<40).map { y in (0..<bytesPerRow).map { x in UInt8(truncatingIfNeeded: x * 5 + y * 3 + Int(rng.next() % 30)) } }
            let plain = try ImageDecoder.decode(data: Self.png(width: 53, depth: UInt8(depth), color: UInt8(color), rows: rows, filtered: false))
            let filtered = try ImageDecoder.decode(data: Self.png(width: 53, depth: UInt8(depth), color: UInt8(color), rows: rows, filtered: true))
            XCTAssertEqual(filtered, plain, "depth \(depth), colour type \(color)")
        }
        var badFilter = Self.plainPNG(noisy, level: 0)
        badFilter[8 + 25 + 8 + 2 + 5] = 5  // the first row's filter byte, in the first stored block
        XCTAssertThrowsError(try ImageDecoder.decode(data: badFilter)) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt(detail: "PNG: bad adaptive filter value"))
        }
    }

    func testRunsOfPaethRowsDecodeExactly() throws {
        // Consecutive Paeth rows are unfiltered two at a time, the next row inflated ahead: runs
        // of even and odd length (a Sub row at 7, an Up row at 20, 41 rows: the last alone), in
        // chunks of a few bytes so that the look-ahead feeds mid-row, at every pixel size.
        var rng = SplitMix(seed: 41)
        let filter = { (y: Int) in y == 7 ? 1 : y == 20 ? 2 : 4 }
        for (depth, color, bytesPerRow) in [(8, 2, 159), (8, 6, 212), (16, 2, 318), (16, 6, 424), (8, 0, 53), (8, 4, 106)] {
            let rows = (0..<41).map { y in (0..<bytesPerRow).map { x in UInt8(truncatingIfNeeded: x * 7 + y * 3 + Int(rng.next() % 64)) } }
            let what = "depth \(depth), colour type \(color)"
            let plain = try ImageDecoder.decode(data: Self.png(width: 53, depth: UInt8(depth), color: UInt8(color), rows: rows, filtered: false))
            let paeth = Self.png(width: 53, depth: UInt8(depth), color: UInt8(color), rows: rows, filtered: true, filterOfRow: filter)
            XCTAssertEqual(try ImageDecoder.decode(data: paeth), plain, what)
            XCTAssertEqual(try ImageDecoder.decode(data: Self.rechunked(paeth, sizes: [1, 3, 0, 7, 50])), plain, what + ", rechunked")
            XCTAssertThrowsError(try ImageDecoder.decode(data: Array(paeth.prefix(paeth.count / 2))), what) { error in
                guard case DecodeError.truncated = error else { return XCTFail("\(what): \(error)") }
            }
        }
    }

    func testImageDataInTinyAndEmptyChunksDecodesExactly() throws {
        // The zlib header alone in a 1-byte chunk, then empty chunks and odd sizes.
        let png = Self.rechunked(try PNGEncoder.encode(picture), sizes: [1, 0, 2, 3, 7, 0, 100, 500])
        XCTAssertGreaterThan(PNGChunks.chunks(in: png).filter { $0.type == "IDAT" }.count, 10)
        try decodeBothSizes(png, "rechunked")
    }

    func testInterlacedImageDataInTinyChunksDecodesExactly() throws {
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), interlaced = dir.appendingPathComponent("i.png")
        try Fixtures.writePNG(picture, to: source)
        try Fixtures.run("convert", [source.path, "-interlace", "PNG", interlaced.path])
        let bytes = try Fixtures.bytes(interlaced)
        XCTAssertEqual(bytes[28], 1, "Adam7")
        try decodeBothSizes(Self.rechunked(bytes, sizes: [1, 3, 0, 999]), "Adam7, rechunked")
    }

    func testImageDataCutShortIsTruncated() throws {
        let png = Self.rechunked(try PNGEncoder.encode(picture), sizes: [4000])
        let firstIDAT = 8 + 25 + 8
        for cut in [firstIDAT + 1, firstIDAT + 3, png.count / 2, png.count - 40] {
            XCTAssertThrowsError(try ImageDecoder.decode(data: Array(png.prefix(cut)))) { error in
                guard case DecodeError.truncated(let detail, _) = error else { return XCTFail("\(cut): \(error)") }
                XCTAssertEqual(detail, "PNG: the PNG data ends early")
            }
        }
    }

    func testHugeHeaderIsRefusedBeforeItsImageDataIsRead() throws {
        // The IDAT chunk's header and nothing after it: refused for its size, not as cut short.
        let header = RobustnessTests.be32(30000) + RobustnessTests.be32(30000) + [8, 6, 0, 0, 0]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + RobustnessTests.chunk("IHDR", header)
            + RobustnessTests.be32(100) + Array("IDAT".utf8)
        XCTAssertThrowsError(try ImageDecoder.decode(data: png)) { error in
            guard case DecodeError.tooLarge(let width, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(width, 30000)
        }
    }

    func testFileCutAfterTheImageDataStillDecodes() throws {
        // Only the last IDAT's CRC and IEND are missing: every pixel is there.
        let png = try PNGEncoder.encode(picture)
        XCTAssertEqual(try ImageDecoder.decode(data: Array(png.dropLast(12 + 4))), picture)
    }

    func testChunkInsideTheImageDataIsCorrupt() throws {
        let png = Self.rechunked(try PNGEncoder.encode(picture), sizes: [200], between: RobustnessTests.chunk("tEXt", Array("a\0b".utf8)))
        XCTAssertThrowsError(try ImageDecoder.decode(data: png)) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt(detail: "PNG: the PNG image data stops before the image is complete"))
        }
    }

    func testDamagedImageDataIsCorrupt() throws {
        let png = Self.plainPNG(picture, level: 6)
        let stream = 8 + 25 + 8  // the IDAT chunk's data: the zlib header, then the first block
        var badHeader = png
        badHeader[stream] = 0x79  // compression method 9
        var badBlock = png
        badBlock[stream + 2] |= 0b110  // block type 3, which deflate does not have
        var badLength = Self.rechunked(png, sizes: [100])
        badLength[8 + 25 + 12 + 100] = 0x80  // the second IDAT claims 2 GB and more
        for (bytes, expected) in [(badHeader, "the PNG image data has a bad zlib header"),
                                  (badBlock, "the PNG image data is damaged (invalid deflate block)"),
                                  (badLength, "the PNG data has a chunk length out of range")] {
            XCTAssertThrowsError(try ImageDecoder.decode(data: bytes)) { error in
                XCTAssertEqual(error as? DecodeError, .corrupt(detail: "PNG: " + expected))
            }
        }
    }
}
