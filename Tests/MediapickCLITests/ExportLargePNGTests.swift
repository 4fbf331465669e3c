import DemoMedia
import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// PNGs over the decoders' pixel limit (lowered to 1000 pixels through `Exporter.pixelLimit`, so
/// that a 64x48 picture stands for a large one) are exported whole a row at a time, with the
/// pixels the export within the limit gives; interlaced ones and other formats are refused.
final class ExportLargePNGTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-bigpng")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    static let (width, height) = (64, 48)

    /// Every way a PNG stores its pixels that the decoder expands differently: each must come
    /// out of the streamed export as it does from the whole decode and `JPEGEncoder`.
    static let kinds: [(String, DrawnPNG)] = {
        let (w, h) = (width, height)
        var kinds: [(String, DrawnPNG)] = []
        kinds.append(("rgb", DrawnPNG(color: 2, depth: 8, width: w, height: h) { x, y in [x * 4, y * 5, (x + y) * 2] }))
        // Partial alpha, and alpha 0 over colours that are not black.
        kinds.append(("rgba", DrawnPNG(color: 6, depth: 8, width: w, height: h) { x, y in [x * 4, y * 5, 200, (x * y * 7 + x) % 256] }))
        kinds.append(("rgba16", DrawnPNG(color: 6, depth: 16, width: w, height: h) { x, y in
            let r: Int = x * 1021 + y * 7, g: Int = 65535 - y * 1300, b: Int = (x * y * 37) % 65536
            return [r, g, b, (x * 977 + y * 331) % 65536]
        }))
        // Four bits an index, sixteen colours, the first ten with their own alpha (the rest opaque).
        let palette: [(UInt8, UInt8, UInt8)] = (0..<16).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            let r = UInt8(i * 16), g = UInt8(255 - i * 15), b = UInt8(i * 7)
            return (r, g, b)
        }
        kinds.append(("palette", DrawnPNG(color: 3, depth: 4, width: w, height: h, sample: { x, y in [(x / 4 + y) % 16] },
                                          palette: palette, transparency: [0, 30, 60, 90, 128, 160, 200, 230, 250, 255])))
        // Grey with one grey level (100) transparent by tRNS.
        kinds.append(("grey", DrawnPNG(color: 0, depth: 8, width: w, height: h, sample: { x, y in [(x * 4 + y) % 256] },
                                       transparency: [0, 100])))
        kinds.append(("grey2", DrawnPNG(color: 0, depth: 2, width: w, height: h) { x, y in [(x + y) % 4] }))
        kinds.append(("greyalpha16", DrawnPNG(color: 4, depth: 16, width: w, height: h) { x, y in [x * 1000 + y, y * 1365] }))
        return kinds
    }()

    private func write(_ png: DrawnPNG, _ name: String) throws -> RawPath {
        let path = folder.appending(name)
        try FileBytes.createNew(path, bytes: png.bytes)
        return path
    }

    private func exporter(_ name: String, pixelLimit: Int) -> Exporter {
        var exporter = Exporter(directory: folder.appending(name), quality: 0.9)
        exporter.pixelLimit = pixelLimit
        return exporter
    }

    private func export(_ path: RawPath, into name: String, pixelLimit: Int) throws -> OutputRecord {
        let copies = try XCTUnwrap(try exporter(name, pixelLimit: pixelLimit).export([OutputRecord(path: path, kind: .image)]))
        return copies.records[0]
    }

    /// The files in `name` (hidden ones too: a temporary `.NAME.part` would be one).
    private func files(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appending(name).string)
    }

    /// A PNG over the limit was refused ("image too large … limit of 1000 pixels"): it is now
    /// copied at full size, with the very pixels of the export within the limit.
    func testAPNGOverTheLimitIsExportedWithThePixelsOfTheWholeExport() throws {
        for (name, png) in Self.kinds {
            let path = try write(png, "\(name).png")
            let streamed = try export(path, into: "streamed-\(name)", pixelLimit: 1000)
            XCTAssertEqual([streamed.width, streamed.height], [64, 48], name)
            XCTAssertEqual(streamed.mimeType, "image/jpeg", name)
            let bytes = try FileBytes.read(streamed.path)
            XCTAssertEqual(streamed.byteSize, Int64(bytes.count), name)
            let image = try ImageDecoder.decode(data: bytes)
            let whole = try ImageDecoder.decode(data: try FileBytes.read(try export(path, into: "whole-\(name)", pixelLimit: 1_000_000).path))
            XCTAssertEqual([image.width, image.height], [whole.width, whole.height], name)
            XCTAssertEqual(image.pixels, whole.pixels, "\(name): the same pixels (only the Huffman tables differ)")
            XCTAssertEqual(try files(in: "streamed-\(name)").count, 1, "\(name): no temporary file left")
        }
    }

    /// The eXIf orientation, which the whole decode applies, is kept as the copy's own tag.
    func testTheEXIfOrientationIsKeptAsATag() throws {
        var png = Self.kinds[0].1
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        png.chunksBeforeImageData = DrawnPNG.chunk("eXIf", tiff)
        let path = try write(png, "turned.png")
        let streamed = try export(path, into: "streamed", pixelLimit: 1000)
        XCTAssertEqual([streamed.width, streamed.height], [48, 64], "the size as shown")
        let bytes = try FileBytes.read(streamed.path)
        XCTAssertEqual(try ImageDecoder.info(data: bytes).orientation, 6)
        let stored = try ImageDecoder.decode(data: bytes, options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual([stored.width, stored.height], [64, 48])
        let whole = try ImageDecoder.decode(data: try FileBytes.read(try export(path, into: "whole", pixelLimit: 1_000_000).path))
        XCTAssertEqual([whole.width, whole.height], [48, 64])
        let shown = try ImageDecoder.decode(data: bytes)
        XCTAssertEqual([shown.width, shown.height], [48, 64])
        // Turned before or after the lossy coding: close, not equal.
        for (x, y) in [(8, 8), (40, 8), (8, 56), (40, 56)] {
            let (a, b) = (shown[x, y], whole[x, y])
            let d = [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b)].map(abs).max()!
            XCTAssertLessThanOrEqual(d, 12, "(\(x), \(y)): \(a) against \(b)")
        }
    }

    /// Adam7's rows come in seven passes over the whole picture: over the limit such a PNG is
    /// still refused, and the message names the limit and says why.
    func testAnInterlacedPNGOverTheLimitIsRefusedSayingWhy() throws {
        var png = Self.kinds[1].1
        png.interlaced = true
        let path = try write(png, "adam7.png")
        XCTAssertEqual(try ImageDecoder.decode(path: path), try ImageDecoder.decode(data: Self.kinds[1].1.bytes),
                       "a real Adam7 file: within the limit, the picture")
        XCTAssertThrowsError(try exporter("out", pixelLimit: 1000).export([OutputRecord(path: path, kind: .image)])) { error in
            XCTAssertEqual("\(error)", "cannot export \(path.string): 64x48 is over the limit of 1000 pixels and an interlaced PNG "
                + "cannot be exported in bands; save it without interlacing")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("out").string))
    }

    /// Half a picture is not a copy: a truncated PNG over the limit fails and leaves nothing.
    func testATruncatedPNGOverTheLimitLeavesNothing() throws {
        let bytes = Self.kinds[1].1.bytes
        let cut = folder.appending("cut.png")
        try FileBytes.createNew(cut, bytes: Array(bytes.prefix(bytes.count * 2 / 3)))
        try FileManager.default.createDirectory(atPath: folder.appending("out").string, withIntermediateDirectories: false)
        XCTAssertThrowsError(try exporter("out", pixelLimit: 1000).export([OutputRecord(path: cut, kind: .image)])) { error in
            XCTAssertEqual("\(error)", "cannot export \(cut.string): truncated file: PNG: the PNG data ends early")
        }
        XCTAssertEqual(try files(in: "out"), [], "no copy, no temporary file")
    }

    /// GIF, WebP, HEIF, BMP and PNM are decoded whole: above the limit they are refused, the limit named.
    func testAGIFOverTheLimitIsRefusedNamingTheLimit() throws {
        let gif = folder.appending("big.gif")
        let picture = PixelImage(width: 64, height: 48) { x, _ in x < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        try FileBytes.createNew(gif, bytes: try GIFEncoder.encode(picture))
        XCTAssertThrowsError(try exporter("out", pixelLimit: 1000).export([OutputRecord(path: gif, kind: .image)])) { error in
            XCTAssertEqual("\(error)", "cannot export \(gif.string): 64x48 is over the limit of 1000 pixels and a GIF cannot be "
                + "exported in bands (a JPEG or PNG can); save it as a PNG")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("out").string))
    }
}
