import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// A streamed transcode (a picture over the decoders' pixel limit, lowered to 1000 pixels
/// through `Exporter.pixelLimit`) asks the export's abandon question between bands of rows,
/// as a video's copy asks it between chunks: a signal stops it there, leaving nothing.
final class ExportAbandonTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-abandon")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    private func exporter(_ name: String) -> Exporter {
        var exporter = Exporter(directory: folder.appending(name), quality: 0.9)
        exporter.pixelLimit = 1000
        return exporter
    }

    /// The files in `name` (hidden ones too: a temporary `.NAME.part` would be one).
    private func files(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appending(name).string)
    }

    /// An abandon question that says stop at its `stopAt`th asking, counting the askings.
    private final class Question {
        let stopAt: Int
        var asked = 0
        init(stopAt: Int) { self.stopAt = stopAt }
        func ask() -> Bool {
            asked += 1
            return asked >= stopAt
        }
    }

    /// The export asks once before the copy; a 48-row transcode then asks after each band of 16
    /// rows. Stopping at the third asking (after the second band) abandons the transcode there:
    /// the export gives nil, asks no more, and leaves nothing in the folder.
    private func assertAbandonedBetweenBands(_ path: RawPath, _ what: String) throws {
        try FileManager.default.createDirectory(atPath: folder.appending("out-\(what)").string, withIntermediateDirectories: false)
        let question = Question(stopAt: 3)
        let copies = try exporter("out-\(what)").export([OutputRecord(path: path, kind: .image)], abandon: question.ask)
        XCTAssertNil(copies, "\(what): abandoned")
        XCTAssertEqual(question.asked, 3, "\(what): stopped at the asking that said so, within the transcode")
        XCTAssertEqual(try files(in: "out-\(what)"), [], "\(what): no copy, no temporary file")
        // The same question answered no more often than a picture has bands: copied whole.
        let patient = Question(stopAt: 6)
        let done = try exporter("done-\(what)").export([OutputRecord(path: path, kind: .image)], abandon: patient.ask)
        XCTAssertEqual(done?.records.count, 1, what)
        XCTAssertEqual(patient.asked, 5, "\(what): before, three bands, after")
    }

    func testAbandonBetweenBandsStopsAJPEGTranscodeLeavingNothing() throws {
        let picture = PixelImage(width: 64, height: 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 90, 255) }
        let path = folder.appending("big.jpg")
        try FileBytes.createNew(path, bytes: try JPEGEncoder.encode(picture, quality: 0.9))
        try assertAbandonedBetweenBands(path, "jpeg")
    }

    func testAbandonBetweenBandsStopsAPNGTranscodeLeavingNothing() throws {
        let path = folder.appending("big.png")
        try FileBytes.createNew(path, bytes: ExportLargePNGTests.kinds[1].1.bytes)
        try assertAbandonedBetweenBands(path, "png")
    }
}
