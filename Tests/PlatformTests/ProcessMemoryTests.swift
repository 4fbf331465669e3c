#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform
import XCTest

final class ProcessMemoryTests: XCTestCase {
    /// Set in the process the test starts to check the policy on a fresh heap.
    private static let freshHeap = "MEDIAPICK_TEST_FRESH_HEAP"

    /// The resident size of this process in KB, from /proc/self/status.
    private func residentKB() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// A block the size of a large file, filled and freed twice: glibc's sliding threshold
    /// would serve the second from its heap and keep it after the free; with the policy set,
    /// the memory is back with the system as soon as it is freed.
    ///
    /// Checked in a new process of this test binary: after the other tests, the heap may hold
    /// a free chunk big enough for the block, which glibc reuses whatever the threshold, and
    /// a block in the middle of the heap stays resident when freed (a CI run failed so).
    func testAFreedLargeBlockLeavesTheResidentSet() throws {
        #if os(Linux)
        guard ProcessInfo.processInfo.environment[Self.freshHeap] != nil else {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["PlatformTests.ProcessMemoryTests/testAFreedLargeBlockLeavesTheResidentSet"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.freshHeap: "1"]) { $1 }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationStatus, 0, "the check in a new process failed:\n\(text)")
            XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), "the new process ran: \(text)")
            return
        }
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
