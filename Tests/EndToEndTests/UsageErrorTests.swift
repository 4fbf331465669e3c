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

    /// `mediapick < ~/Pictures` (a folder as stdin, meant as `mediapick ~/Pictures`): its read
    /// failed and the picker opened on "No media here" without a word. It is refused in one
    /// line before the terminal is taken (without a terminal here: setsid, so that the picker
    /// the test would meet before the change cannot open on the terminal the tests run in).
    func testAFolderAsStandardInputIsRefused() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        _ = try files.picture("a.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run(["/usr/bin/setsid", binary], stdin: files.directory, stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                       "mediapick: stdin: Is a directory (a list of paths goes on stdin; to pick from a folder, name it: mediapick DIR)\n")
        XCTAssertEqual(try MediapickFixtures.read(out), [])
    }

    /// `mediapick -dash.jpg` in a folder holding that file said only "unknown option -d", which
    /// does not tell how to pick it; now the line says how, and only when such a file exists.
    func testAnUnknownOptionThatIsAFileSaysHowToNameTheFile() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        _ = try files.picture("-dash.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let cases: [(String, String)] = [
            ("-dash.ppm", "mediapick: unknown option -d (for the file -dash.ppm, write ./-dash.ppm or put -- before it)\n"),
            ("thumb -dash.ppm", "mediapick: unknown option -d (for the file -dash.ppm, write ./-dash.ppm or put -- before it)\n"),
            ("-dish.ppm", "mediapick: unknown option -d\n"),
        ]
        for (arguments, expected) in cases {
            let command = "cd \(MediapickFixtures.quoted(files.directory)) && exec \(MediapickFixtures.quoted(binary)) \(arguments)"
            let status = try ChildProcess.run(["/bin/sh", "-c", command], stdout: out, stderr: err, timeout: 30)
            XCTAssertEqual(status, 2, arguments)
            XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self), expected, arguments)
            XCTAssertEqual(try MediapickFixtures.read(out), [], "\(arguments): nothing on stdout")
        }
    }

    /// A bad value in MEDIAPICK_GRAPHICS is one line on stderr, then ignored: the picture is
    /// drawn and the status is 0 (it used to be ignored without a word). No TERM: nothing is asked.
    func testABadGraphicsVariableIsOneWarningLineNotAnError() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let picture = try files.picture("a.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run(["/usr/bin/env", "-i", "MEDIAPICK_GRAPHICS=bogus", binary, "thumb", "--no-cache", "--size", "4x2", picture],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                       "mediapick: invalid value 'bogus' for MEDIAPICK_GRAPHICS, ignored: expected one of auto, kitty, sixel, iterm2, symbols\n")
        XCTAssertFalse(try MediapickFixtures.read(out).isEmpty, "the picture is drawn")
    }
}
