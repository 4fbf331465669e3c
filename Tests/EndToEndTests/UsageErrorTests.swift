import Foundation
import XCTest

/// A command line that cannot be run is refused in one line on stderr, status 2, in every
/// subcommand: the man page's promise, and what fzf and chafa do.
final class UsageErrorTests: XCTestCase {
    func testAUsageErrorIsOneLine() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let cases: [([String], String)] = [
            (["thumb", "--fit", "bogus", "a.jpg"], "mediapick: invalid value 'bogus' for --fit: expected"),
            (["--limit", "abc"], "mediapick: invalid value 'abc' for --limit: expected"),
            (["thumb"], "mediapick: thumb needs at least one FILE"),
            (["camera", "--bogus"], "mediapick: unknown option --bogus"),
            (["app", "--bogus"], "mediapick: unknown option --bogus"),
        ]
        for (arguments, start) in cases {
            let status = try ChildProcess.run([binary] + arguments, stdout: out, stderr: err, timeout: 30)
            let stderr = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertTrue(stderr.hasPrefix(start), "\(arguments): \(stderr)")
            XCTAssertEqual(stderr.filter { $0 == "\n" }.count, 1, "\(arguments): one line: \(stderr)")
            XCTAssertEqual(try MediapickFixtures.read(out), [], "\(arguments): nothing on stdout")
        }
    }
}
