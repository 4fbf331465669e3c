import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `mediapick thumb` on a terminal the test plays (`PtyChild`): what it asks, and what it
/// leaves in the terminal's input for the shell.
final class ThumbTerminalTests: XCTestCase {
    private static let esc = "\u{1B}"
    /// kitty's replies to the probe's batch, ending with the device attributes.
    private static let replies = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|kitty(0.39.1)\(esc)\\\(esc)[6;20;10t\(esc)[?62;c"

    /// A terminal whose replies come after the probe's 200 ms (a slow SSH link): they used
    /// to arrive once the terminal's echo was back on, appear on the screen, and wait in the
    /// input for the shell. Now they are read, and what was typed after them stays.
    func testLateRepliesAreReadAndTypeaheadIsLeft() throws {
        let files = try MediapickFixtures()
        let picture = try files.picture("a.ppm")
        let run = try PtyChild([try Products.path("mediapick"), "thumb", "--no-cache", "--size", "4x2", picture],
                               stdout: files.directory + "/.out", stderr: files.directory + "/.err")
        let queries = run.read { $0.suffix(3).elementsEqual(Array("\(Self.esc)[c".utf8)) }
        XCTAssertNotNil(queries, "the batch ends with the device attributes query")
        // The round trip of a slow link: a latency to play, not an event to wait for.
        Thread.sleep(forTimeInterval: 0.4)
        run.type(Self.replies + "ls")
        let (status, echoed) = run.waitForExit()
        let stderr = String(decoding: try MediapickFixtures.read(files.directory + "/.err"), as: UTF8.self)
        XCTAssertEqual(status, 0, stderr)
        XCTAssertEqual(String(decoding: echoed, as: UTF8.self), "", "nothing echoed onto the screen")
        XCTAssertEqual(String(decoding: run.pendingInput(), as: UTF8.self), "ls",
                       "the replies are gone; the keys typed after them are the shell's")
    }

    /// `thumb -` with the terminal as stdin is refused before anything is asked of it: the
    /// queries used to go out first, and their replies came back for nobody.
    func testStandardInputOnTheTerminalIsRefusedUnasked() throws {
        let files = try MediapickFixtures()
        let run = try PtyChild([try Products.path("mediapick"), "thumb", "-"],
                               stdout: files.directory + "/.out", stderr: files.directory + "/.err")
        let (status, written) = run.waitForExit()
        XCTAssertEqual(status, 2)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(files.directory + "/.err"), as: UTF8.self),
                       "mediapick: stdin: is a terminal; pipe a picture into it (… | mediapick thumb -)\n")
        XCTAssertEqual(String(decoding: written, as: UTF8.self), "", "no query sent to the terminal")
    }

    /// Ctrl-C while thumb waits for a terminal that does not answer: the wait holds the
    /// terminal without echo, and the signal used to end the program with it so, leaving a
    /// script's terminal blind. Now the mode is put back, and the signal still ends it (130).
    func testControlCDuringTheWaitGivesTheTerminalItsEchoBack() throws {
        let files = try MediapickFixtures()
        let picture = try files.picture("a.ppm")
        let run = try PtyChild([try Products.path("mediapick"), "thumb", "--no-cache", "--size", "4x2", picture],
                               stdout: files.directory + "/.out", stderr: files.directory + "/.err")
        XCTAssertNotNil(run.read { $0.suffix(3).elementsEqual(Array("\(Self.esc)[c".utf8)) }, "the queries")
        run.type("\u{03}")
        let (status, _) = run.waitForExit()
        XCTAssertEqual(status, 130, "ended by the SIGINT the terminal sent")
        var mode = termios()
        XCTAssertEqual(tcgetattr(run.slave, &mode), 0)
        XCTAssertNotEqual(mode.c_lflag & tcflag_t(ECHO), 0, "echo is back on")
        XCTAssertNotEqual(mode.c_lflag & tcflag_t(ICANON), 0, "lines are back")
    }
}
