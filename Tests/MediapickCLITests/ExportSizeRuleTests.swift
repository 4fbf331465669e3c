import Foundation
import MediaDecoding
@testable import MediapickCLI
import Platform
import XCTest

/// The one rule of which pictures `--export` can write for their size (`JPEGCopy.refusal`),
/// which the picker refuses picks by, and which the exporter checks before it makes anything
/// (tester's report: a 70000x4 PNG failed the export with "unsupported format: JPEG encoder:
/// JPEG sizes are 1 to 65500 pixels", and one whose header said 100000x100000 with
/// "unsupported format: PNG: …", after the copies before them were made and taken back).
final class ExportSizeRuleTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws { scratch = try ScratchFolder("mp-exportsize") }
    override func tearDownWithError() throws { scratch = nil }

    /// A PNG's signature, an IHDR saying `width`x`height` (8-bit RGB), and IEND: enough for
    /// what reads only the header.
    static func pngHeader(_ width: Int, _ height: Int, interlaced: Bool = false) -> [UInt8] {
        let be32 = { (v: Int) in [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 2, 0, 0, interlaced ? 1 : 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }

    func testTheRuleCoversEveryFormatTheExporterWrites() {
        let limit = 1000
        let refusal = { (info: ImageInfo) in JPEGCopy.refusal(info, pixelLimit: limit) }
        // Within the limit, every format is decoded whole.
        for format in [MediaFormat.jpeg, .png, .gif, .webp, .heif, .avif, .bmp, .pnm] {
            XCTAssertNil(refusal(ImageInfo(format: format, width: 40, height: 25)), "\(format)")
        }
        // Over it, a JPEG and a PNG that is not interlaced are read in bands; the rest are not.
        XCTAssertNil(refusal(ImageInfo(format: .jpeg, width: 64, height: 48)))
        XCTAssertNil(refusal(ImageInfo(format: .png, width: 64, height: 48)))
        XCTAssertEqual(refusal(ImageInfo(format: .png, width: 64, height: 48, isInterlaced: true)),
                       "64x48 is over the limit of 1000 pixels and an interlaced PNG cannot be exported in bands; save it without interlacing")
        for (format, name) in [(MediaFormat.gif, "GIF"), (.webp, "WebP"), (.heif, "HEIC"), (.avif, "AVIF"), (.bmp, "BMP"), (.pnm, "PNM")] {
            XCTAssertEqual(refusal(ImageInfo(format: format, width: 64, height: 48)),
                           "64x48 is over the limit of 1000 pixels and a \(name) cannot be exported in bands (a JPEG or PNG can); save it as a PNG")
        }
        // A progressive JPEG's coefficients are held to the decoders' bound, 4 bytes a pixel of the limit.
        XCTAssertNil(refusal(ImageInfo(format: .jpeg, width: 64, height: 48, coefficientBytes: 4000)))
        XCTAssertEqual(refusal(ImageInfo(format: .jpeg, width: 64, height: 48, coefficientBytes: 4001)),
                       "64x48 is progressive, and its coefficients would take more memory than the limit of 1000 pixels allows; "
                       + "save it as a baseline JPEG (`jpegtran` does, without loss)")
        // Whatever the format and the limit, a JPEG holds 65500 pixels a side.
        for format in [MediaFormat.jpeg, .png, .gif, .pnm] {
            XCTAssertEqual(JPEGCopy.refusal(ImageInfo(format: format, width: 70000, height: 4), pixelLimit: 0),
                           "70000x4 is larger than a JPEG can be (65500 pixels a side); scale it down to export it", "\(format)")
        }
        XCTAssertNil(JPEGCopy.refusal(ImageInfo(format: .png, width: 65500, height: 4)))
        XCTAssertEqual(JPEGCopy.refusal(ImageInfo(format: .png, width: 12000, height: 10000, isInterlaced: true)),
                       "12000x10000 is over the 100-megapixel limit and an interlaced PNG cannot be exported in bands; save it without interlacing")
    }

    /// The header the library reads says what the rule needs: interlacing, and a progressive
    /// JPEG's coefficients as libjpeg counts them (64x48 in 4:2:0: 48 luma and 2 x 12 chroma
    /// blocks of 128 bytes).
    func testTheHeaderSaysInterlacingAndAProgressiveJPEGsCoefficients() throws {
        let png = folder.appending("i.png")
        try FileBytes.createNew(png, bytes: Self.pngHeader(64, 48, interlaced: true))
        XCTAssertEqual(try MediaProbe.read(path: png)?.imageInfo?.isInterlaced, true)
        var jpeg = try JPEGEncoder.encode(PixelImage(width: 64, height: 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 90, 255) })
        let baseline = folder.appending("baseline.jpg")
        try FileBytes.createNew(baseline, bytes: jpeg)
        XCTAssertEqual(try MediaProbe.read(path: baseline)?.imageInfo?.coefficientBytes, 0)
        let sof = try XCTUnwrap((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 1] = 0xC2  // the same frame header, said to be progressive
        let progressive = folder.appending("progressive.jpg")
        try FileBytes.createNew(progressive, bytes: jpeg)
        XCTAssertEqual(try MediaProbe.read(path: progressive)?.imageInfo?.coefficientBytes, (48 + 12 + 12) * 128)
        XCTAssertNotNil(try JPEGCopy.refusal(path: progressive, pixelLimit: 2000))
        XCTAssertNil(try JPEGCopy.refusal(path: progressive, pixelLimit: 3000))
    }

    /// A picture the export cannot write fails it before anything is made: no copy of the
    /// pictures before it (no name was even made), no folder; the message says what is too large.
    func testAPictureTooLargeForAJPEGFailsTheExportBeforeAnythingIsMade() throws {
        let good = folder.appending("good.png")
        try FileBytes.createNew(good, bytes: try PNGEncoder.encode(PixelImage(width: 8, height: 8) { _, _ in (200, 10, 10, 255) }))
        let bomb = folder.appending("bomb.png")
        try FileBytes.createNew(bomb, bytes: Self.pngHeader(100000, 100000))
        let wide = folder.appending("wide.ppm")
        try FileBytes.createNew(wide, bytes: Array("P6\n70000 4\n255\n".utf8) + [UInt8](repeating: 128, count: 70000 * 4 * 3))
        for (path, size) in [(bomb, "100000x100000"), (wide, "70000x4")] {
            let names = Counter()
            var exporter = Exporter(directory: folder.appending("out"), quality: 0.9)
            exporter.makeName = { names.next() }
            XCTAssertThrowsError(try exporter.export([OutputRecord(path: good, kind: .image), OutputRecord(path: path, kind: .image)])) { error in
                XCTAssertEqual("\(error)", "cannot export \(path.string): \(size) is larger than a JPEG can be (65500 pixels a side); "
                               + "scale it down to export it")
            }
            XCTAssertEqual(names.count, 0, "\(size): nothing copied before the refusal")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("out").string))
        }
    }

    /// A baseline JPEG whose colour components come in scans of their own (`jpegtran -scans`,
    /// `cjpeg -scans`) is read by libjpeg as a progressive one is, its coefficients held whole
    /// until the last scan, in the decoder and the transcoder alike; the header rule counted
    /// them for a progressive file only, so the picker let such a file through and the export
    /// then failed on it, after the copies before it ("image too large: 9000x8000 would decode
    /// to more than the limit of 100 megapixels", for a 72-megapixel picture in 4:4:4). The
    /// rule now reads the first scan's header too (64x48 in 4:2:0: 9216 bytes, over the 8000
    /// of a 2000-pixel limit), and the export is refused before anything is made, saying what
    /// to do; the same picture in one scan, as `jpegtran` writes it, is exported.
    func testAJPEGWithAScanPerComponentIsRefusedBeforeAnythingIsMade() throws {
        let image = PixelImage(width: 64, height: 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 90, 255) }
        let oneScan = folder.appending("one-scan.jpg")
        try FileBytes.createNew(oneScan, bytes: try JPEGEncoder.encode(image))
        let script = folder.appending("scans.txt")
        try FileBytes.createNew(script, bytes: Array("0;\n1;\n2;\n".utf8))
        let split = folder.appending("split.jpg")
        let ran = try InstalledTool.run("jpegtran", ["-scans", script.string, "-outfile", split.string, oneScan.string],
                                        in: URL(fileURLWithPath: folder.string))
        XCTAssertEqual(ran.status, 0, ran.err)
        XCTAssertEqual(try MediaProbe.read(path: oneScan)?.imageInfo?.coefficientBytes, 0)
        let header = try XCTUnwrap(try MediaProbe.read(path: split)?.imageInfo)
        XCTAssertEqual(header.coefficientBytes, (48 + 12 + 12) * 128)
        XCTAssertTrue(header.isNonInterleaved)
        let reason = "64x48 has its colour components in separate scans, and its coefficients would take more memory than "
            + "the limit of 2000 pixels allows; save it with them in one scan (`jpegtran` does, without loss)"
        XCTAssertEqual(try JPEGCopy.refusal(path: split, pixelLimit: 2000), reason)
        XCTAssertNil(try JPEGCopy.refusal(path: split, pixelLimit: 3000))
        XCTAssertNil(try JPEGCopy.refusal(path: oneScan, pixelLimit: 2000))

        let names = Counter()
        var exporter = Exporter(directory: folder.appending("out"), quality: 0.9)
        exporter.pixelLimit = 2000
        exporter.makeName = { names.next() }
        XCTAssertThrowsError(try exporter.export([OutputRecord(path: oneScan, kind: .image), OutputRecord(path: split, kind: .image)])) { error in
            XCTAssertEqual("\(error)", "cannot export \(split.string): \(reason)")
        }
        XCTAssertEqual(names.count, 0, "nothing copied before the refusal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("out").string))
        // What the message says to do works: `jpegtran` with no options writes one scan.
        let joined = folder.appending("joined.jpg")
        XCTAssertEqual(try InstalledTool.run("jpegtran", ["-outfile", joined.string, split.string],
                                             in: URL(fileURLWithPath: folder.string)).status, 0)
        XCTAssertNil(try JPEGCopy.refusal(path: joined, pixelLimit: 2000))
        let copies = try XCTUnwrap(try exporter.export([OutputRecord(path: joined, kind: .image)]))
        XCTAssertEqual(copies.records.map { [$0.width, $0.height] }, [[64, 48]])
    }

    /// Counts the names an exporter made.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var made = 0
        var count: Int { lock.withLock { made } }
        func next() -> String { lock.withLock { made += 1; return "copy\(made)" } }
    }
}
