import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Broken JPEGs through the streamed transcode of `--export` (the pixel limit lowered so that a
/// 64x48 picture takes the way of a 100 MP one): each ends in a typed error or a whole copy,
/// never a crash, a hang or a half-written file (StreamedExportCheck). Decided: damage inside
/// the entropy-coded data that libjpeg reads past (a changed bit) is a warning, as libjpeg and
/// the viewers have it, and the copy is made with the damage in it; but half a picture is not a
/// copy of it: data that ends before the picture does, at the file's end or at its end marker
/// where data was due, is a truncated file, and a part of the data missing (another marker
/// where data was due, a wrong restart marker among them, which libjpeg fills grey) a corrupt
/// image.
final class ExportBrokenJPEGTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var check: StreamedExportCheck { StreamedExportCheck(folder: scratch.path) }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-brokenjpeg")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    /// 64x48, eight blocks by six, each its own colour.
    private static func drawn(restartInterval: Int = 0) -> DrawnJPEG {
        DrawnJPEG(width: 64, height: 48, components: 3, level: { column, row in [column * 30 + 10, 128 + row * 20 - 50, 200 - column * 20] },
                  restartInterval: restartInterval)
    }

    /// The picture the project's encoder and ImageMagick are given.
    private static let picture = PixelImage(width: 64, height: 48) { x, y in
        (UInt8(x * 4), UInt8(y * 5), UInt8((x * y) % 256), 255)
    }

    /// Where the entropy-coded data of the first scan starts (after its SOS segment) and where
    /// the file's last marker (EOI) is.
    private static func scanRange(_ jpeg: [UInt8]) -> Range<Int> {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
            i += 2 + Int(jpeg[i + 2]) << 8 + Int(jpeg[i + 3])
        }
        let start = i + 2 + Int(jpeg[i + 2]) << 8 + Int(jpeg[i + 3])
        return start..<(jpeg.count - 2)
    }

    /// About forty offsets of `range`, or all of a shorter one.
    private static func offsets(_ range: Range<Int>) -> StrideTo<Int> {
        stride(from: range.lowerBound, to: range.upperBound, by: max(1, range.count / 40))
    }

    /// Cuts through the header, through the entropy-coded data (about forty of each), and
    /// through the last marker.
    private static func cuts(_ jpeg: [UInt8]) -> [Int] {
        let scan = scanRange(jpeg)
        return Array(offsets(0..<scan.lowerBound)) + Array(offsets(scan)) + [jpeg.count - 2, jpeg.count - 1]
    }

    /// Cut anywhere in its header or its entropy-coded data, the file is refused as truncated;
    /// cut in its last marker (EOI), after all its data, it holds the whole picture and is
    /// copied (as djpeg, chafa and ImageMagick draw such a file; some cameras write them).
    private func assertEveryCutIsRefusedAsTruncated(_ jpeg: [UInt8], _ name: String, pixelLimit: Int = 1000,
                                                    file: StaticString = #filePath, line: UInt = #line) throws {
        for cut in Self.cuts(jpeg) {
            let outcome = try check.outcome(of: Array(jpeg.prefix(cut)), .jpeg, "\(name)-cut\(cut).jpg", pixelLimit: pixelLimit,
                                            file: file, line: line)
            if cut >= jpeg.count - 2 {
                XCTAssertEqual(outcome, .copy(width: 64, height: 48), "\(name) cut in its end marker, at \(cut) of \(jpeg.count)",
                               file: file, line: line)
                continue
            }
            XCTAssertEqual(outcome.kind, "truncated file", "\(name) cut at \(cut) of \(jpeg.count): \(outcome)", file: file, line: line)
        }
    }

    /// Bytes of the entropy-coded data changed (one bit, or set to 0xFF, which makes a marker of
    /// it and the next): a copy of the whole size with the damage in it, or, where libjpeg
    /// finds a marker before the data it wants, truncated or corrupt; unsupported at worst (a
    /// later segment's marker made into a SOF of another kind).
    /// Returns how many of the bits changed gave a copy, and of how many.
    @discardableResult
    private func assertChangedBytesGiveACopyOrAnError(_ jpeg: [UInt8], _ name: String, pixelLimit: Int = 1000,
                                                      file: StaticString = #filePath, line: UInt = #line) throws -> (copies: Int, of: Int) {
        var copies = 0, bits = 0
        for (n, i) in Self.offsets(Self.scanRange(jpeg)).enumerated() {
            var broken = jpeg
            broken[i] = n % 2 == 0 ? 0xFF : broken[i] ^ 0x10
            let outcome = try check.outcome(of: broken, .jpeg, "\(name)-changed\(i).jpg", pixelLimit: pixelLimit, file: file, line: line)
            if n % 2 == 1 { bits += 1 }
            if outcome == .copy(width: 64, height: 48) {
                if n % 2 == 1 { copies += 1 }
                continue
            }
            // A byte of a later segment (progressive) changed into another marker: a SOF of an
            // unsupported kind, say.
            XCTAssertTrue(["truncated file", "corrupt image", "unsupported format"].contains(outcome.kind),
                          "\(name), byte \(i) changed: \(outcome)", file: file, line: line)
        }
        return (copies, bits)
    }

    /// The pixels of the streamed copy of `jpeg` (exported with `pixelLimit`) against those of
    /// the whole export (no limit in the way): the same, only the Huffman tables differ.
    private func assertStreamedCopyIsTheWholeExport(_ jpeg: [UInt8], _ name: String, pixelLimit: Int,
                                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let path = scratch.path.appending(name)
        try FileBytes.createNew(path, bytes: jpeg)
        var images: [PixelImage] = []
        for limit in [pixelLimit, 100_000_000] {
            var exporter = Exporter(directory: scratch.path.appending("\(name)-\(limit)"), quality: 0.9)
            exporter.pixelLimit = limit
            let copy = try XCTUnwrap(try exporter.export([OutputRecord(path: path, kind: .image)])?.records.first, file: file, line: line)
            images.append(try ImageDecoder.decode(path: copy.path))
        }
        XCTAssertEqual([images[0].width, images[0].height], [64, 48], name, file: file, line: line)
        XCTAssertTrue(images[0] == images[1], "\(name): the streamed copy has the pixels of the whole export", file: file, line: line)
    }

    /// Cut inside its picture (a download in progress) and decoded whole (under the limit), a
    /// file is refused saying that it is cut short and its picture incomplete, the words the
    /// picker's Space says once its tile, partial, is drawn; it said "truncated file: JPEG:
    /// Premature end of JPEG file". Nothing is left.
    func testACutJPEGDecodedWholeIsRefusedSayingItsCopyWouldBeIncomplete() throws {
        let picture = PixelImage(width: 320, height: 240) { x, y in (UInt8(x & 0xFF), UInt8(y), UInt8((x * y) & 0xFF), 255) }
        let jpeg = try JPEGEncoder.encode(picture, quality: 0.9)
        let path = scratch.path.appending("dl.jpg"), out = scratch.path.appending("out")
        try FileBytes.createNew(path, bytes: Array(jpeg.prefix(jpeg.count * 6 / 10)))
        XCTAssertThrowsError(try Exporter(directory: out, quality: 0.9).export([OutputRecord(path: path, kind: .image)])) { error in
            XCTAssertEqual("\(error)", "cannot export \(path.string): the file is cut short, so its picture is incomplete "
                           + "(JPEG: Premature end of JPEG file)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.string))
    }

    func testACutJPEGIsRefusedAsTruncatedWhereverItIsCutButInItsEndMarker() throws {
        try assertEveryCutIsRefusedAsTruncated(Self.drawn().bytes, "drawn")
        try assertEveryCutIsRefusedAsTruncated(Self.drawn(restartInterval: 3).bytes, "restarts")
        try assertEveryCutIsRefusedAsTruncated(try JPEGEncoder.encode(Self.picture, quality: 0.9), "encoded")
    }

    func testChangedBytesInTheEntropyCodedDataGiveADamagedCopyOrAnError() throws {
        for (name, jpeg) in [("drawn", Self.drawn().bytes), ("restarts", Self.drawn(restartInterval: 3).bytes)] {
            let (copies, bits) = try assertChangedBytesGiveACopyOrAnError(jpeg, name)
            // Where a changed bit puts the Huffman decoding out of step (the drawn files' codes
            // 1100–1111 mean nothing), it can run into the EOI before the last block: truncated.
            XCTAssertGreaterThan(copies, 0, "\(name): \(copies) copies of \(bits) bits changed")
        }
        // In the project's encoder's file every bit changed is read past, as libjpeg does.
        let (copies, bits) = try assertChangedBytesGiveACopyOrAnError(try JPEGEncoder.encode(Self.picture, quality: 0.9), "encoded")
        XCTAssertEqual(copies, bits, "encoded: a copy for every bit changed")
    }

    /// libjpeg decodes zeros where a scan's data stops at a marker: with a header that said
    /// more rows or columns than the data held, the transcode made a grey copy of the size said
    /// (64x480 from 64x48's data; a 4-gigapixel one from a 65500x65500 header, after 15 s). Now
    /// that is data ending early. A smaller size is a picture of that size; none is corrupt.
    /// Restart markers in the data of a file that declares no restart interval (the fuzzer's
    /// second finding): libjpeg decoded zeros from the first to the end of the scan; now a
    /// part missing, corrupt.
    func testAFrameHeaderThatSaysAnotherSizeThanItsDataHolds() throws {
        var jpeg = Self.drawn()
        jpeg.dataSize = (8, 6)
        let expected: [(Int, Int, String)] = [(64, 24, "a 64x24 copy"), (64, 480, "truncated file"), (640, 48, "truncated file"),
                                              (65500, 65500, "truncated file"), (64, 0, "corrupt image"), (0, 48, "corrupt image")]
        for (width, height, outcome) in expected {
            jpeg.width = width
            jpeg.height = height
            let got = try check.outcome(of: jpeg.bytes, .jpeg, "\(width)x\(height).jpg")
            XCTAssertEqual(got.kind == "copy" ? got.description : got.kind, outcome, "\(width)x\(height): \(got)")
        }
        var restarts = Self.drawn(restartInterval: 3)
        restarts.dataSize = (8, 6)
        (restarts.width, restarts.height) = (65500, 65500)
        var undeclared = restarts.bytes
        let dri = try XCTUnwrap(undeclared.firstRange(of: [0xFF, 0xDD, 0, 4, 0, 3]))
        undeclared.removeSubrange(dri)
        XCTAssertEqual(try check.outcome(of: undeclared, .jpeg, "undeclared.jpg"),
                       .refused(.corrupt(detail: "JPEG: part of the image data is missing (marker 0xD0 where data was due)")))
    }

    /// A 65500x65500 picture (17 GB as RGBA) is read a band of rows at a time: its copy costs
    /// a band's memory, and a file whose data ends after a few blocks stops there.
    func testMemoryStaysAtABandForAHugeHeader() throws {
        var jpeg = Self.drawn()
        jpeg.dataSize = (8, 6)
        (jpeg.width, jpeg.height) = (65500, 65500)
        let growth = try StreamedExportCheck.peakMemoryGrowth {
            XCTAssertEqual(try check.outcome(of: jpeg.bytes, .jpeg, "huge.jpg").kind, "truncated file")
        }
        if let growth { XCTAssertLessThan(growth, 64 << 20, "peak memory grew by \(growth) bytes") }
    }

    /// A sequential JPEG with a scan for each component is read by keeping every coefficient of
    /// the picture, as a progressive one is; only the progressive one was held to the pixel
    /// limit's bound, so a 60000x60000 header on a 1 KB file had libjpeg allocate 21 GB (six
    /// minutes of transcode, here). Now both are refused over the bound, by the export and by
    /// the decoder, and read within it (no picture of 3 full components can be over a limit
    /// and have its coefficients, 6 bytes a pixel, within it: the transcode is asked alone).
    func testAJPEGWithAScanPerComponentIsHeldToTheBound() throws {
        var jpeg = Self.drawn()
        jpeg.interleaved = false
        // 48 blocks of 128 bytes in each of 3 components: 18 KB, over 4 bytes a pixel of 3000.
        XCTAssertEqual(try check.outcome(of: jpeg.bytes, .jpeg, "scans.jpg", pixelLimit: 3000),
                       .refused(.tooLarge(width: 64, height: 48, limit: 3000)))
        XCTAssertEqual(try check.outcome(of: jpeg.bytes, .jpeg, "scans-within.jpg", pixelLimit: 1_000_000), .copy(width: 64, height: 48))
        (jpeg.width, jpeg.height) = (60000, 60000)
        jpeg.dataSize = (8, 6)
        XCTAssertEqual(try check.outcome(of: jpeg.bytes, .jpeg, "scans-huge.jpg"), .refused(.tooLarge(width: 60000, height: 60000, limit: 1000)))
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg.bytes, options: DecodeOptions(targetWidth: 64, targetHeight: 64))) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 60000, height: 60000, limit: DecodeOptions.defaultPixelLimit))
        }
    }

    /// A byte of the data taken for a marker libjpeg does not know was said to be of an
    /// "unsupported format" (the status of 12-bit and lossless JPEGs): it is a corrupt image,
    /// through the export as through the decoder.
    func testAnUnknownMarkerIsACorruptImage() throws {
        var jpeg = Self.drawn().bytes
        jpeg.insert(contentsOf: [0xFF, 0x21], at: jpeg.count - 2)
        let corrupt = DecodeError.corrupt(detail: "JPEG: Unsupported marker type 0x21")
        XCTAssertEqual(try check.outcome(of: jpeg, .jpeg, "marker.jpg"), .refused(corrupt))
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg)) { XCTAssertEqual($0 as? DecodeError, corrupt) }
    }

    /// Restart markers every three MCUs: copied as the whole export is. A wrong restart number,
    /// or a missing marker, has libjpeg decode an interval as zeros (grey) before it
    /// resynchronises: a part of the picture missing, refused as corrupt.
    func testAJPEGWithRestartMarkers() throws {
        let jpeg = Self.drawn(restartInterval: 3).bytes
        try assertStreamedCopyIsTheWholeExport(jpeg, "restarts.jpg", pixelLimit: 1000)
        let markers = (1..<jpeg.count).filter { jpeg[$0 - 1] == 0xFF && (0xD0...0xD7).contains(jpeg[$0]) }
        XCTAssertEqual(markers.count, 15, "48 MCUs, a marker after every 3 but the last")
        var renumbered = jpeg
        renumbered[markers[4]] = 0xD6
        XCTAssertEqual(try check.outcome(of: renumbered, .jpeg, "renumbered.jpg"),
                       .refused(.corrupt(detail: "JPEG: part of the image data is missing (marker 0xD6 where data was due)")))
        var missing = jpeg
        missing.removeSubrange((markers[4] - 1)...markers[4])
        XCTAssertEqual(try check.outcome(of: missing, .jpeg, "missing.jpg"),
                       .refused(.corrupt(detail: "JPEG: part of the image data is missing (marker 0xD5 where data was due)")))
    }

    /// ImageMagick's `convert` (the real one), or a skip.
    private func convert(_ arguments: [String]) throws {
        let convert = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: convert) else {
            throw XCTSkip("ImageMagick is not installed (/usr/bin/convert): apt-get install imagemagick")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments)")
    }

    /// The picture as a JPEG made by ImageMagick with `options`.
    private func magickJPEG(_ name: String, _ options: [String]) throws -> [UInt8] {
        let png = scratch.path.appending("\(name)-source.png")
        if !FileManager.default.fileExists(atPath: png.string) { try FileBytes.createNew(png, bytes: try PNGEncoder.encode(Self.picture)) }
        let jpeg = scratch.path.appending("\(name)-magick.jpg")
        try convert([png.string] + options + [jpeg.string])
        return try FileBytes.read(jpeg)
    }

    /// Progressive (4:2:0, so that its 72 blocks of coefficients, 9 KB, fit 4 bytes a pixel of a
    /// limit of 2500 pixels that the 3072 of the picture pass): copied as the whole export is;
    /// every cut refused as truncated but in its end marker; bytes changed give a copy or an error.
    func testAProgressiveJPEG() throws {
        let jpeg = try magickJPEG("progressive", ["-strip", "-interlace", "JPEG", "-sampling-factor", "2x2", "-quality", "90"])
        try assertStreamedCopyIsTheWholeExport(jpeg, "progressive.jpg", pixelLimit: 2500)
        try assertEveryCutIsRefusedAsTruncated(jpeg, "progressive", pixelLimit: 2500)
        try assertChangedBytesGiveACopyOrAnError(jpeg, "progressive", pixelLimit: 2500)
        XCTAssertEqual(try check.outcome(of: jpeg, .jpeg, "progressive-over.jpg", pixelLimit: 2000),
                       .refused(.tooLarge(width: 64, height: 48, limit: 2000)), "its coefficients over the bound")
    }

    /// CMYK (ImageMagick's, Adobe's inverted inks): copied as the whole export is; every cut
    /// refused as truncated but in its end marker; bytes changed give a copy or an error.
    func testACMYKJPEG() throws {
        let jpeg = try magickJPEG("cmyk", ["-strip", "-colorspace", "CMYK", "-quality", "90"])
        XCTAssertEqual(jpeg.firstRange(of: [0xFF, 0xC0]).map { jpeg[$0.lowerBound + 9] }, 4, "four components")
        try assertStreamedCopyIsTheWholeExport(jpeg, "cmyk.jpg", pixelLimit: 1000)
        try assertEveryCutIsRefusedAsTruncated(jpeg, "cmyk")
        try assertChangedBytesGiveACopyOrAnError(jpeg, "cmyk")
    }
}
