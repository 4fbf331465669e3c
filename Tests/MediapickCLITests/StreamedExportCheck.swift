import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

/// Runs one file through a streamed transcoder and through `--export` with the pixel limit
/// lowered (to 1000 unless said: a 64x48 picture then goes the way of a 100 MP one), and checks what
/// every input must give, broken or not: a typed error, or a whole JPEG of the size reported;
/// and in the export's folder the whole copy or nothing (no half-written file, no `.part`).
struct StreamedExportCheck {
    /// Where the files, the direct copies and the exports go.
    let folder: RawPath

    /// Which streamed transcoder reads the file.
    enum Source { case jpeg, png }

    /// What a transcode of a file gave.
    enum Outcome: Equatable, CustomStringConvertible {
        /// A copy, of this size as shown.
        case copy(width: Int, height: Int)
        /// The transcoder's error.
        case refused(DecodeError)

        var description: String {
            switch self {
            case .copy(let width, let height): return "a \(width)x\(height) copy"
            case .refused(let error): return "refused: \(error)"
            }
        }

        /// The error's case alone ("truncated", "corrupt", …), "copy" for a copy.
        var kind: String {
            guard case .refused(let error) = self else { return "copy" }
            return String("\(error)".prefix { $0 != ":" })
        }
    }

    /// Writes `bytes` as `name`, transcodes it directly and exports it with `pixelLimit` (which
    /// also bounds a progressive JPEG's coefficients), checks both, and returns what the
    /// transcoder gave.
    @discardableResult
    func outcome(of bytes: [UInt8], _ source: Source, _ name: String, pixelLimit: Int = 1000,
                 file: StaticString = #filePath, line: UInt = #line) throws -> Outcome {
        let path = folder.appending(name)
        try FileBytes.createNew(path, bytes: bytes)
        let copyPath = folder.appending(name + ".copy.jpg")
        let fd = copyPath.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0, name, file: file, line: line)
        defer { close(fd) }
        let outcome: Outcome
        do {
            let size = try source == .jpeg
                ? JPEGTranscoder.transcode(path: path, to: fd, outputPath: copyPath, quality: 0.9, pixelLimit: pixelLimit)
                : PNGTranscoder.transcode(path: path, to: fd, outputPath: copyPath, quality: 0.9)
            let shown = try XCTUnwrap(size, "\(name): never abandoned", file: file, line: line)
            outcome = .copy(width: shown.width, height: shown.height)
        } catch let error as DecodeError {
            outcome = .refused(error)
        }
        if case .copy = outcome { try assertWholeCopy(try FileBytes.read(copyPath), outcome, name, file: file, line: line) }

        var exporter = Exporter(directory: folder.appending(name + ".export"), quality: 0.9)
        exporter.pixelLimit = pixelLimit
        let exportFolder = folder.appending(name + ".export").string
        do {
            let copies = try exporter.export([OutputRecord(path: path, kind: .image)])
            let record = try XCTUnwrap(copies, file: file, line: line).records[0]
            XCTAssertEqual(outcome, .copy(width: record.width ?? 0, height: record.height ?? 0),
                           "\(name): the export copied what the transcoder did", file: file, line: line)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: exportFolder), [record.path.lastComponent.string],
                           "\(name): the copy alone", file: file, line: line)
            try assertWholeCopy(try FileBytes.read(record.path), outcome, name, file: file, line: line)
        } catch let error as CommandError {
            XCTAssertTrue("\(error)".hasPrefix("cannot export \(path.string): "), "\(name): \(error)", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: exportFolder),
                           "\(name): nothing left, not even the folder the export made", file: file, line: line)
            if case .copy = outcome { XCTFail("\(name): the transcoder made a copy, the export failed: \(error)", file: file, line: line) }
        }
        return outcome
    }

    /// A copy must be a JPEG that decodes whole at the size reported.
    private func assertWholeCopy(_ bytes: [UInt8], _ outcome: Outcome, _ name: String,
                                 file: StaticString, line: UInt) throws {
        let image = try ImageDecoder.decode(data: bytes)
        XCTAssertEqual(try ImageDecoder.info(data: bytes).format, .jpeg, name, file: file, line: line)
        XCTAssertEqual(Outcome.copy(width: image.width, height: image.height), outcome, "\(name): the copy decodes whole", file: file, line: line)
    }

    /// How much the process's peak resident memory grew while `body` ran; nil where that cannot
    /// be told (the peak is reset by writing 5 to clear_refs, Linux 4.0 and later). Coarse: what
    /// malloc had made resident before is reused without raising the peak.
    static func peakMemoryGrowth(_ body: () throws -> Void) throws -> Int? {
        func kilobytes(_ key: String) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
            return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = kilobytes("VmRSS")
        try body()
        guard reset, let before, let peak = kilobytes("VmHWM") else { return nil }
        return (peak - before) * 1024
    }
}
