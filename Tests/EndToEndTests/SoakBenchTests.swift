import Foundation
import XCTest

/// The soak benchmark's short run (`mediapick-bench soak`, docs/performance.md has the
/// 30-minute one): the real picker on curses in a pseudo-terminal for 60 s of random keys over
/// 2,000 names, some broken and some vanishing. It asserts that it holds up, not how fast it is.
final class SoakBenchTests: XCTestCase {
    func testSixtySecondsOfRandomKeysOver2000Files() throws {
        let bench = try Products.path("mediapick-bench")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mp-soak-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/out", err = root + "/err"
        let status = try ChildProcess.run([bench, "soak", "--seconds", "60", "--files", "2000", "--distinct", "8",
                                           "--picture-size", "800x600", "--sample-seconds", "10", "--root", root],
                                          stdout: out, stderr: err, timeout: 600)
        let printed = String(decoding: try MediapickFixtures.read(out), as: UTF8.self)
        let errors = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        // A debug build misses the speed goal; anything else that ends the run is a failure.
        XCTAssertTrue(status == 0 || (status == 2 && errors == "mediapick-bench: soak: a goal was missed\n"
                                      + "mediapick-bench: soak: the run ended with status 2\n"),
                      "status \(String(describing: status)); stderr:\n\(errors)\nstdout:\n\(printed)")
        XCTAssertFalse(printed.contains("FINISHED early"), printed)
        let summary = String(try XCTUnwrap(printed.split(separator: "\n").last { $0.hasPrefix("soak-summary ") }, printed))
        var values: [String: Double] = [:]
        for field in summary.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        XCTAssertGreaterThan(values["keys"] ?? 0, 300, "keys were handled: \(summary)")
        XCTAssertGreaterThan(values["finished"] ?? 0, 20, "thumbnails were made: \(summary)")
        // The broken files are met: those cut in their picture data are drawn in part (marked
        // as cut), the rest fail.
        XCTAssertGreaterThan((values["failed"] ?? 0) + (values["partial"] ?? 0), 0, "the broken files failed or were drawn in part: \(summary)")
        XCTAssertGreaterThan(values["vanished"] ?? 0, 0, "files vanished: \(summary)")
        XCTAssertEqual(values["vanished"], values["returned"], "and all came back: \(summary)")
        // A rename sets the status-change time of the file's inode, which the soak's names share
        // (2,000 hard links to 8 pictures and a few broken files): each file renamed away and
        // back has the tiles shown of every name linked to it made again (1,108 for 239 renames
        // in a debug run: about five of the screen's tiles each).
        XCTAssertGreaterThan(values["renewed"] ?? 0, 0, "the tiles of files changed were made again: \(summary)")
        XCTAssertTrue(printed.contains("| thumbnails made (of them drawn in part, their file cut short) / failed / made again because their file changed | "), printed)
        // Generous: a leak of a tile or a picture per key would pass a gigabyte within the minute.
        let first = values["rss_first_mb"] ?? 0, last = values["rss_last_mb"] ?? .infinity
        XCTAssertLessThan(values["rss_max_mb"] ?? .infinity, 1024, summary)
        XCTAssertLessThan(last, first * 2 + 100, "RSS does not grow without bound: \(summary)")
        // Each slow key's row says how much the host stole during it.
        let header = try XCTUnwrap(printed.split(separator: "\n").first { $0.hasPrefix("| slow key |") }, printed)
        XCTAssertTrue(header.hasSuffix("| host stole |"), String(header))
        // Every vanished file is back in the folder.
        let folder = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: root).first { $0.hasPrefix("soak-2000-") && !$0.contains("-distinct") && !$0.hasSuffix("-away") })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).count, 2000)
    }
}
