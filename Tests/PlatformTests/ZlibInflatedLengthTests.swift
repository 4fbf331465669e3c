import Platform
import XCTest

/// `Zlib.inflatedLength`: zlib's inflate alone (the benchmarks' floor), output dropped.
final class ZlibInflatedLengthTests: XCTestCase {
    func testLengthOfWholeStreamsAndNilForBrokenOnes() {
        // 300 KB: several passes through the 64 KB buffer.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 1000) }
        for level in [0, 1, 9] {
            XCTAssertEqual(Zlib.inflatedLength(Zlib.compress(bytes, level: level)), bytes.count, "level \(level)")
        }
        XCTAssertEqual(Zlib.inflatedLength(Zlib.compress([])), 0)
        let stream = Zlib.compress(bytes)
        XCTAssertNil(Zlib.inflatedLength(Array(stream.prefix(stream.count / 2))), "cut short")
        XCTAssertNil(Zlib.inflatedLength([0x78, 0x9C, 0xFF, 0xFF]), "not deflate")
        XCTAssertNil(Zlib.inflatedLength([]))
    }
}
