import MediaDecoding
@testable import MediaPicker
import XCTest
import Platform

final class PathPositionsTests: XCTestCase {
    /// Inserts and removes (in a scattered order, so probe runs wrap and shift) and checks every
    /// path's position against the array after each removal.
    func testPositionsFollowInsertionsAndRemovals() {
        var paths = (0..<600).map { RawPath("/photos/IMG_\($0).jpg") }
        var table = PathPositions()
        for (position, path) in paths.enumerated() { table.insert(path, at: position, in: paths) }
        XCTAssertEqual(table.count, 600)
        var step = 0
        while paths.count > 1 {
            step = (step * 7 + 13) % paths.count
            let removed = paths[step]
            table.remove(removed, at: step, in: paths)
            paths.remove(at: step)
            XCTAssertNil(table.position(of: removed, in: paths))
            if paths.count % 50 == 0 {
                for (position, path) in paths.enumerated() { XCTAssertEqual(table.position(of: path, in: paths), position) }
            }
        }
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(table.position(of: paths[0], in: paths), 0)
    }

    func testUnknownAndEmptyPathsAreAbsent() {
        var table = PathPositions()
        let paths = [RawPath(""), RawPath("/a")]
        XCTAssertNil(table.position(of: RawPath("/a"), in: []))
        table.insert(paths[0], at: 0, in: paths)
        table.insert(paths[1], at: 1, in: paths)
        XCTAssertEqual(table.position(of: RawPath(""), in: paths), 0)
        XCTAssertNil(table.position(of: RawPath("/b"), in: paths))
        table.removeAll()
        XCTAssertNil(table.position(of: RawPath("/a"), in: paths))
    }

    func testPathBytesHashAndEquality() {
        XCTAssertTrue(PathBytes.equal(RawPath(bytes: [0x61, 0xFF]), RawPath(bytes: [0x61, 0xFF])))
        XCTAssertFalse(PathBytes.equal(RawPath("/a/b"), RawPath("/a/c")))
        XCTAssertFalse(PathBytes.equal(RawPath("/a"), RawPath("/a/")))
        XCTAssertEqual(PathBytes.hash(RawPath("/some/long/path/name.jpg")), PathBytes.hash(RawPath("/some/long/path/name.jpg")))
        // Paths differing only in the last byte, or in a byte past the last full word, hash apart.
        XCTAssertNotEqual(PathBytes.hash(RawPath("/x/img000001.ppm")), PathBytes.hash(RawPath("/x/img000002.ppm")))
        XCTAssertNotEqual(PathBytes.hash(RawPath("/x/a.jpg1")), PathBytes.hash(RawPath("/x/a.jpg2")))
    }
}
