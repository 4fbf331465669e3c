import Foundation
import MediaDecoding
import XCTest
import Platform

/// The fuzz corpus (Fuzz/corpus) through the export's streamed transcoders, as
/// `scripts/fuzz transcoders` runs it: every input ends, and the inputs of the transcoders' past
/// findings are refused at once (each kept a transcode busy for over 10 s, making a grey copy
/// of hundreds of megapixels from a few hundred bytes).
final class StreamedTranscodeCorpusTests: XCTestCase {
    func testFuzzCorpusInputsEndCleanlyThroughTheTranscoders() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        let copyPath = RawPath(try Fixtures.directory(self).appendingPathComponent("copy.jpg").path)
        let copy = copyPath.withCString { open($0, O_RDWR | O_CREAT | O_TRUNC, 0o644) }
        XCTAssertGreaterThanOrEqual(copy, 0)
        defer { close(copy) }
        var refused: [String: String] = [:]
        for name in names {
            let path = RawPath(corpus.appendingPathComponent(name).path)
            for png in [false, true] {
                XCTAssertEqual(ftruncate(copy, 0), 0)
                XCTAssertEqual(lseek(copy, 0, SEEK_SET), 0)
                do {
                    _ = png ? try PNGTranscoder.transcode(path: path, to: copy, outputPath: copyPath, quality: 0.8)
                        : try JPEGTranscoder.transcode(path: path, to: copy, outputPath: copyPath, quality: 0.8, pixelLimit: 4_000_000)
                } catch {
                    if !png { refused[name] = "\(error)" }
                }
            }
        }
        XCTAssertEqual(refused["regression-6-jpeg-data-ends-at-a-marker-under-a-huge-header"],
                       "truncated file: JPEG: the image data ends before the picture does (its end marker where data was due)")
        XCTAssertEqual(refused["regression-7-jpeg-restart-markers-without-an-interval"],
                       "corrupt image: JPEG: part of the image data is missing (marker 0xD7 where data was due)")
        XCTAssertNil(refused["jpeg_restart.jpg"], "a JPEG with a restart marker after every MCU is copied")
    }
}
