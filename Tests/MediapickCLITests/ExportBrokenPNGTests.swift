import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Broken PNGs through the streamed transcode of `--export` (the pixel limit lowered so that a
/// 64x48 picture takes the way of a 100 MP one): each ends in a typed error or a whole copy,
/// never a crash, a hang or a half-written file (StreamedExportCheck). Decided, as the decoder
/// does: chunk CRCs and the zlib Adler-32 are not checked (a damaged checksum over good data
/// gives the copy); image data that ends, or is damaged, before the last row is an error; what
/// follows the last row (the Adler-32, IEND) is not needed.
final class ExportBrokenPNGTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var check: StreamedExportCheck { StreamedExportCheck(folder: scratch.path) }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-brokenpng")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    /// The chunks of a PNG: type, where the chunk starts, and where its data starts and ends.
    private static func chunks(_ png: [UInt8]) -> [(type: String, start: Int, data: Range<Int>)] {
        var chunks: [(String, Int, Range<Int>)] = []
        var i = 8
        while i + 8 <= png.count {
            let length = png[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            chunks.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), i, (i + 8)..<(i + 8 + length)))
            i += 12 + length
        }
        return chunks
    }

    private static func chunk(_ type: String, of png: [UInt8]) -> (type: String, start: Int, data: Range<Int>) {
        chunks(png).first { $0.type == type }!
    }

    /// About `count` offsets of `range`, or all of a shorter one.
    private static func offsets(_ range: Range<Int>, count: Int = 25) -> StrideTo<Int> {
        stride(from: range.lowerBound, to: range.upperBound, by: max(1, range.count / count))
    }

    /// `png` with the chunk at `start` replaced by `type` holding `data` (its CRC made anew).
    private static func replacing(_ png: [UInt8], chunkAt start: Int, with type: String, _ data: [UInt8]) -> [UInt8] {
        let old = chunks(png).first { $0.start == start }!
        return Array(png[..<start]) + DrawnPNG.chunk(type, data) + Array(png[(old.data.upperBound + 4)...])
    }

    /// `png` with its IHDR saying `width`x`height`, `depth` bits and colour type `color`.
    private static func header(_ png: [UInt8], _ width: Int, _ height: Int, depth: UInt8 = 8, color: UInt8 = 6) -> [UInt8] {
        replacing(png, chunkAt: 8, with: "IHDR", DrawnPNG.be32(width) + DrawnPNG.be32(height) + [depth, color, 0, 0, 0])
    }

    /// The 64x48 RGBA kind of ExportLargePNGTests (partial alpha, zlib level 6).
    private static let rgba = ExportLargePNGTests.kinds[1].1.bytes

    /// The pixels of the copy `check.outcome` made of the file it was given as `name`.
    private func copy(_ name: String) throws -> PixelImage {
        try ImageDecoder.decode(path: scratch.path.appending(name + ".copy.jpg"))
    }

    /// Cut in its header, refused as such; in a chunk before the image data or in the image
    /// data, refused as ending early, up to the last row's data; after it (the last bytes of
    /// the deflate stream, the Adler-32, the CRC, IEND), the whole picture is there: a copy.
    /// Every kind of ExportLargePNGTests: 8 and 16 bits, palette with tRNS, grey, grey + alpha.
    func testACutPNGIsRefusedUntilItsLastRowIsThere() throws {
        for (name, drawn) in ExportLargePNGTests.kinds {
            let png = drawn.bytes
            let idat = Self.chunk("IDAT", of: png)
            let cuts = Set(Array(Self.offsets(0..<idat.data.lowerBound)) + Array(Self.offsets(idat.data)) + Array((idat.data.upperBound - 8)..<png.count))
            for cut in cuts.sorted() {
                let outcome = try check.outcome(of: Array(png.prefix(cut)), .png, "\(name)-cut\(cut).png")
                let what = "\(name) cut at \(cut) (image data \(idat.data), file \(png.count)): \(outcome)"
                if cut < 26 {  // the IHDR's size, depth and colour type not all there
                    XCTAssertEqual(outcome, .refused(.truncated(detail: "PNG: no whole header")), what)
                } else if cut <= idat.data.upperBound - 7 {
                    XCTAssertEqual(outcome, .refused(.truncated(detail: "PNG: the PNG data ends early")), what)
                } else if cut >= idat.data.upperBound - 4 {
                    XCTAssertEqual(outcome, .copy(width: 64, height: 48), what)
                }
            }
        }
    }

    /// CRCs are not checked, as by the decoder: a damaged one over a critical chunk (IHDR,
    /// PLTE, IDAT, IEND) gives the copy with the intact file's pixels; libpng drops an
    /// ancillary chunk whose CRC is damaged, so a palette's tRNS is then not applied.
    func testADamagedChecksumOverGoodDataGivesTheCopy() throws {
        let drawn = ExportLargePNGTests.kinds[3].1
        XCTAssertEqual(try check.outcome(of: drawn.bytes, .png, "intact.png"), .copy(width: 64, height: 48))
        var opaque = drawn
        opaque.transparency = nil
        XCTAssertEqual(try check.outcome(of: opaque.bytes, .png, "opaque.png"), .copy(width: 64, height: 48))
        for type in ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"] {
            var broken = drawn.bytes
            broken[Self.chunk(type, of: broken).data.upperBound] ^= 0x55
            XCTAssertEqual(try check.outcome(of: broken, .png, "crc-\(type).png"), .copy(width: 64, height: 48), type)
            XCTAssertTrue(try copy("crc-\(type).png") == copy(type == "tRNS" ? "opaque.png" : "intact.png"), type)
        }
    }

    /// A header that says another size than its image data holds: a smaller one is a picture
    /// of that size; a larger one runs out of data (the deflate stream ends before the last
    /// row, or rows of another length come out with filter bytes that are none); over JPEG's
    /// 65500 or zero, refused from the header.
    func testAnIHDRThatSaysAnotherSizeThanItsDataHolds() throws {
        let expected: [(Int, Int, StreamedExportCheck.Outcome)] = [
            (64, 24, .copy(width: 64, height: 24)),
            (64, 480, .refused(.corrupt(detail: "PNG: the PNG image data ends before the last row"))),
            (640, 48, .refused(.corrupt(detail: "PNG: bad adaptive filter value"))),
            (70000, 48, .refused(.tooLargeForJPEG(width: 70000, height: 48))),
            (0, 48, .refused(.corrupt(detail: "PNG: Invalid IHDR data"))),
            (64, 0, .refused(.corrupt(detail: "PNG: Invalid IHDR data"))),
        ]
        for (width, height, outcome) in expected {
            XCTAssertEqual(try check.outcome(of: Self.header(Self.rgba, width, height), .png, "\(width)x\(height).png"), outcome)
        }
    }

    /// A 65500x65500 header (17 GB as RGBA) over 64x48's data: refused where the data ends,
    /// having cost a row's memory, not the picture's.
    func testMemoryStaysAtARowForAHugeHeader() throws {
        let growth = try StreamedExportCheck.peakMemoryGrowth {
            XCTAssertEqual(try check.outcome(of: Self.header(Self.rgba, 65500, 65500), .png, "huge.png"),
                           .refused(.corrupt(detail: "PNG: the PNG image data ends before the last row")))
        }
        if let growth { XCTAssertLessThan(growth, 64 << 20, "peak memory grew by \(growth) bytes") }
    }

    /// Damaged image data: a bad zlib header, an invalid deflate block, a filter type that is
    /// none, are corrupt; bytes changed in the deflate stream of every kind give a copy with the
    /// damage in it (a change that deflate reads past) or a corrupt image, never a crash.
    func testDamagedImageDataIsACorruptImage() throws {
        let idat = Self.chunk("IDAT", of: Self.rgba)
        var zlib = Self.rgba
        zlib[idat.data.lowerBound] = 0x79
        XCTAssertEqual(try check.outcome(of: zlib, .png, "zlib.png"), .refused(.corrupt(detail: "PNG: the PNG image data has a bad zlib header")))
        var block = Self.rgba
        block[idat.data.lowerBound + 2] |= 0x06  // BTYPE 11, reserved
        XCTAssertEqual(try check.outcome(of: block, .png, "block.png"),
                       .refused(.corrupt(detail: "PNG: the PNG image data is damaged (invalid deflate block)")))
        var rows: [UInt8] = []
        for y in 0..<48 { rows += [y == 0 ? 9 : 0] + [UInt8](repeating: 100, count: 64 * 4) }
        XCTAssertEqual(try check.outcome(of: Self.replacing(Self.rgba, chunkAt: idat.start, with: "IDAT", Zlib.compress(rows)), .png, "filter.png"),
                       .refused(.corrupt(detail: "PNG: bad adaptive filter value")))
        for (name, drawn) in ExportLargePNGTests.kinds {
            let png = drawn.bytes
            let data = Self.chunk("IDAT", of: png).data
            for at in Self.offsets((data.lowerBound + 2)..<(data.upperBound - 4), count: 12) {
                var changed = png
                changed[at] ^= 0x21
                let outcome = try check.outcome(of: changed, .png, "\(name)-changed\(at).png")
                XCTAssertTrue(outcome == .copy(width: 64, height: 48) || outcome.kind == "corrupt image", "\(name), byte \(at) changed: \(outcome)")
            }
        }
    }

    /// The image data split into chunks of 1000 bytes and an empty one is the same picture; a
    /// chunk whose length says more than its deflate stream needs is read as far as the last
    /// row (what follows is not needed).
    func testImageDataInManyChunksOrLongerThanNeeded() throws {
        XCTAssertEqual(try check.outcome(of: Self.rgba, .png, "intact.png"), .copy(width: 64, height: 48))
        let idat = Self.chunk("IDAT", of: Self.rgba)
        let data = Array(Self.rgba[idat.data])
        var split: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 1000) { split += DrawnPNG.chunk("IDAT", Array(data[start..<min(start + 1000, data.count)])) }
        split += DrawnPNG.chunk("IDAT", [])
        let chunked = Array(Self.rgba[..<idat.start]) + split + Array(Self.rgba[(idat.data.upperBound + 4)...])
        XCTAssertEqual(try check.outcome(of: chunked, .png, "chunked.png"), .copy(width: 64, height: 48))
        XCTAssertTrue(try copy("chunked.png") == copy("intact.png"))
        var long = Self.rgba
        long[idat.start + 1] = 0x10  // a megabyte more than the file holds
        XCTAssertEqual(try check.outcome(of: long, .png, "long.png"), .copy(width: 64, height: 48))
    }

    /// Palettes: none before the image data, 16 bits an index, or colour type 5, are refused
    /// from the header; a palette shorter than the indices used, or a tRNS longer than the
    /// palette, is read as libpng reads it (a copy).
    func testABrokenPaletteOrHeader() throws {
        let drawn = ExportLargePNGTests.kinds[3].1
        var none = drawn
        none.palette = []
        XCTAssertEqual(try check.outcome(of: none.bytes, .png, "none.png"), .refused(.corrupt(detail: "PNG: IDAT: Missing PLTE before IDAT")))
        XCTAssertEqual(try check.outcome(of: Self.header(drawn.bytes, 64, 48, depth: 16, color: 3), .png, "palette16.png"),
                       .refused(.corrupt(detail: "PNG: Invalid IHDR data")))
        XCTAssertEqual(try check.outcome(of: Self.header(Self.rgba, 64, 48, color: 5), .png, "color5.png"),
                       .refused(.corrupt(detail: "PNG: Invalid IHDR data")))
        var short = drawn
        short.palette = Array(drawn.palette.prefix(4))
        short.transparency = [0, 100]
        XCTAssertEqual(try check.outcome(of: short.bytes, .png, "short.png"), .copy(width: 64, height: 48))
        var long = drawn
        long.transparency = [UInt8](repeating: 9, count: 40)
        XCTAssertEqual(try check.outcome(of: long.bytes, .png, "long.png"), .copy(width: 64, height: 48))
    }
}
