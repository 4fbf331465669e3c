#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform
import XCTest

/// `WholeFile.copy` from a source the kernel cannot copy from (a pipe: copy_file_range says
/// EINVAL) goes through memory a chunk at a time, with the same result.
final class WholeFileCopyTests: XCTestCase {
    func testAPipeIsCopiedThroughTheFallback() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mp-wf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        XCTAssertNil(WholeFile.write(bytes, to: ends[1]), "fits the pipe's buffer")
        close(ends[1])
        defer { close(ends[0]) }
        let target = RawPath(folder.appendingPathComponent("copy").path)
        var asked = 0
        let copied = try WholeFile.copy(from: ends[0], sourcePath: RawPath("pipe"), to: target, chunkSize: 1000) {
            asked += 1
            return false
        }
        XCTAssertEqual(copied, 5000)
        XCTAssertEqual(asked, 6, "before each of the 5 chunks and before the end")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target.string))), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["copy"])
    }
}
