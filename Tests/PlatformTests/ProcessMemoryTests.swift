#if canImport(Glibc)
import Glibc
#endif
import Platform
import XCTest

final class ProcessMemoryTests: XCTestCase {
    /// The resident size of this process in KB, from /proc/self/status.
    private func residentKB() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// A block the size of a large file, filled and freed twice: glibc's sliding threshold
    /// would serve the second from its heap and keep it after the free; with the policy set,
    /// the memory is back with the system as soon as it is freed.
    func testAFreedLargeBlockLeavesTheResidentSet() throws {
        #if os(Linux)
        ProcessMemory.giveLargeBlocksBack()
        let size = 24 << 20
        for _ in 0..<2 {
            let block = try XCTUnwrap(malloc(size))
            memset(block, 0x5a, size)
            let filled = try residentKB()
            free(block)
            let freed = try residentKB()
            XCTAssertGreaterThan(filled - freed, (size >> 10) * 3 / 4, "resident KB \(filled) with the block, \(freed) after free")
        }
        #else
        throw XCTSkip("glibc only")
        #endif
    }
}
