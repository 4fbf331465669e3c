import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// With `--export` (`refusesUndecodablePictures`) a picture the export cannot write for its size
/// is refused at Space, Ctrl-A and Enter, saying why, by the rule the exporter checks
/// (`JPEGCopy.refusal`) applied to the header the library read (tester's report: a 12000x10000
/// interlaced PNG, a 70000x4 PNG and a PNG whose header said 100000x100000 were picked, and
/// the export then failed on them, exit 2, taking back the copies of the others).
final class ExportSizeRefusalTests: XCTestCase {
    private static let interlaced = ImageInfo(format: .png, width: 12000, height: 10000, isInterlaced: true)
    private static let wide = ImageInfo(format: .png, width: 70000, height: 4)
    private static let bigPlain = ImageInfo(format: .png, width: 12000, height: 10000)
    private static let bigGIF = ImageInfo(format: .gif, width: 12000, height: 10000)

    private static func entry(_ name: String, _ header: ImageInfo?) -> MediaEntry {
        guard let header else { return MediaEntry(path: RawPath("/m/" + name)) }
        return MediaEntry(path: RawPath("/m/" + name), status: .media(header.format), pixelWidth: header.width,
                          pixelHeight: header.height, header: header)
    }

    /// Asked for an entry not yet classified: records what it was asked about.
    private final class HeaderReads: @unchecked Sendable {
        var paths: [RawPath] = []
        var answers: [String: String] = [:]
    }

    private func model(_ entries: [MediaEntry], exporting: Bool = true, reads: HeaderReads = HeaderReads()) -> PickerModel {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.selectionLimit = 0
        configuration.refusesUndecodablePictures = exporting
        var model = PickerModel(configuration: configuration, libraryName: "t", preselected: [], readProblem: { _ in nil },
                                exportSizeProblem: { path in
                                    reads.paths.append(path)
                                    return reads.answers[path.lastComponent.string]
                                })
        _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: entries.count)))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 100, height: 30)))
        return model
    }

    func testAnInterlacedPictureOverTheLimitIsRefusedAtSpaceAndEnterSayingWhy() {
        var model = model([Self.entry("bigi.png", Self.interlaced), Self.entry("c.png", ImageInfo(format: .png, width: 64, height: 48))])
        XCTAssertEqual(model.focusedEntry?.name.string, "bigi.png")
        _ = model.update(.key(.character(" ")))
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertEqual(model.statusMessage, "Cannot export bigi.png: 12000x10000 is over the 100-megapixel limit and an interlaced "
                       + "PNG cannot be exported in bands; save it without interlacing")
        _ = model.update(.key(.enter))
        XCTAssertFalse(model.isFinished, "nor is it picked as the focused entry")
    }

    func testSelectAllSkipsEveryPictureTheExportCannotWriteAndEnterPicksTheRest() {
        let reads = HeaderReads()
        var model = model([Self.entry("a.png", ImageInfo(format: .png, width: 64, height: 48)),
                           Self.entry("big-plain.png", Self.bigPlain), Self.entry("big.gif", Self.bigGIF),
                           Self.entry("bigi.png", Self.interlaced), Self.entry("clip.mp4", nil), Self.entry("w70k.png", Self.wide)],
                          reads: reads)
        _ = model.update(.key(.control("a")))
        XCTAssertEqual(model.selection.ordered.map(\.lastComponent.string), ["a.png", "big-plain.png", "clip.mp4"],
                       "a PNG that is not interlaced is exported in bands; a video is copied as it is")
        XCTAssertEqual(model.statusMessage, "Skipped 3 oversized files (first big.gif: 12000x10000 is over the 100-megapixel limit "
                       + "and a GIF cannot be exported in bands (a JPEG or PNG can); save it as a PNG)")
        XCTAssertEqual(reads.paths, [], "Ctrl-A reads no file")
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish(["/m/a.png", "/m/big-plain.png", "/m/clip.mp4"].map { RawPath($0) })])
    }

    func testTooWideForAJPEGIsRefusedWhateverTheFormat() {
        var model = model([Self.entry("w70k.png", Self.wide)])
        _ = model.update(.key(.character(" ")))
        XCTAssertEqual(model.statusMessage, "Cannot export w70k.png: 70000x4 is larger than a JPEG can be (65500 pixels a side); "
                       + "scale it down to export it")
    }

    /// A 72-megapixel baseline JPEG in 4:4:4 whose colour components come in scans of their own
    /// (`jpegtran -scans`): its 432 MB of coefficients, which libjpeg keeps whole, are over the
    /// 400 MB the limit allows; it was picked, and the export then failed ("image too large:
    /// 9000x8000 would decode to more than the limit of 100 megapixels").
    func testAJPEGWithAScanPerComponentOverTheCoefficientBoundIsRefusedAtSpace() {
        let header = ImageInfo(format: .jpeg, width: 9000, height: 8000, coefficientBytes: 9000 * 8000 * 6, isNonInterleaved: true)
        var model = model([Self.entry("scans.jpg", header)])
        _ = model.update(.key(.character(" ")))
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertEqual(model.statusMessage, "Cannot export scans.jpg: 9000x8000 has its colour components in separate scans, and its "
                       + "coefficients would take more memory than the 100-megapixel limit allows; save it with them in one scan "
                       + "(`jpegtran` does, without loss)")
    }

    /// Selected by Ctrl-A before the library read its header: Enter reads it, unselects it and
    /// stays open, as it does a file that became unreadable; a second Enter picks the rest.
    func testAPictureSelectedBeforeItWasClassifiedIsUnselectedAtEnter() {
        let reads = HeaderReads()
        reads.answers["bomb.png"] = "100000x100000 is larger than a JPEG can be (65500 pixels a side); scale it down to export it"
        var model = model([Self.entry("a.png", nil), Self.entry("bomb.png", nil), Self.entry("clip.mp4", nil)], reads: reads)
        _ = model.update(.key(.control("a")))
        XCTAssertEqual(model.selection.ordered.count, 3)
        XCTAssertEqual(reads.paths, [], "trusted until Enter")
        _ = model.update(.key(.enter))
        XCTAssertFalse(model.isFinished)
        XCTAssertEqual(reads.paths.map(\.lastComponent.string), ["a.png", "bomb.png"], "a video's header is not asked for")
        XCTAssertEqual(model.statusMessage, "Cannot export bomb.png: 100000x100000 is larger than a JPEG can be (65500 pixels a side); "
                       + "scale it down to export it — unselected it")
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish(["/m/a.png", "/m/clip.mp4"].map { RawPath($0) })])
    }

    func testWithoutExportAnyPictureCanBePicked() {
        let reads = HeaderReads()
        var model = model([Self.entry("bigi.png", Self.interlaced), Self.entry("pending.png", nil), Self.entry("w70k.png", Self.wide)],
                          exporting: false, reads: reads)
        _ = model.update(.key(.control("a")))
        XCTAssertEqual(model.update(.key(.enter)).effects.count, 1)
        XCTAssertTrue(model.isFinished)
        XCTAssertEqual(reads.paths, [])
    }
}
