import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Broken JPEGs through the streamed transcode of `--export` (the pixel limit lowered so that a
/// 64x48 picture takes the way of a 100 MP one): each ends in a typed error or a whole copy,
/// never a crash, a hang or a half-written file (StreamedExportCheck). Decided, as libjpeg and
/// the viewers do: damage inside the entropy-coded data that libjpeg reads past (a changed bit,
/// a wrong restart marker) is a warning, and the copy is made with the damage in it; data that
/// ends before the picture does, at the file's end or at a marker where data was due, is a
/// truncated file (half a picture is not a copy of it).
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

    /// libjpeg decodes zeros where a scan's data stops at a marker: with a header that said
    /// more rows or columns than the data held, the transcode made a grey copy of the size said
    /// (64x480 from 64x48's data; a 4-gigapixel one from a 65500x65500 header, after 15 s). Now
    /// that is data ending early. A smaller size is a picture of that size; none is corrupt.
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
}
