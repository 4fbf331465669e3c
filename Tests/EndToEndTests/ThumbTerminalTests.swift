import Foundation
import MediaDecoding
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

    /// A sixel terminal that says its background (OSC 11, answered before the device
    /// attributes in the same round trip) gets partly transparent pixels composited over it:
    /// they were composited over black, a dark fringe around a transparent picture on a white
    /// xterm. Without the reply, black as before. The picture is one colour at alpha 192, so the
    /// sixel's one register is that colour over the background, in percent.
    func testPartlyTransparentPixelsAreCompositedOverTheTerminalsBackground() throws {
        let files = try MediapickFixtures()
        let veil = PixelImage(width: 16, height: 16, fill: (220, 30, 30, 192))
        let path = String(decoding: try files.write(name: Array("veil.png".utf8), bytes: try PNGEncoder.encode(veil)), as: UTF8.self)
        func register(answering background: String) throws -> String {
            let run = try PtyChild([try Products.path("mediapick"), "thumb", "--no-cache", "--size", "8x4", path],
                                   stdout: files.directory + "/.out", stderr: files.directory + "/.err")
            XCTAssertNotNil(run.read { $0.suffix(3).elementsEqual(Array("\(Self.esc)[c".utf8)) }, "the queries")
            run.type("\(Self.esc)P>|XTerm(379)\(Self.esc)\\" + background + "\(Self.esc)[?63;1;2;4;6;9;15;16;22;28c")
            let (status, _) = run.waitForExit()
            let output = String(decoding: try MediapickFixtures.read(files.directory + "/.out"), as: UTF8.self)
            let stderr = String(decoding: try MediapickFixtures.read(files.directory + "/.err"), as: UTF8.self)
            XCTAssertEqual(status, 0, stderr)
            XCTAssertTrue(output.hasPrefix("\(Self.esc)P0;1;0q"), "a sixel")
            return output.range(of: "#0;2;[0-9]+;[0-9]+;[0-9]+", options: .regularExpression).map { String(output[$0]) } ?? "none"
        }
        XCTAssertEqual(try register(answering: "\(Self.esc)]11;rgb:ffff/ffff/ffff\(Self.esc)\\"), "#0;2;90;34;34",
                       "(229, 86, 86): over white")
        XCTAssertEqual(try register(answering: "\(Self.esc)]11;rgb:2020/4040/6060\u{07}"), "#0;2;68;15;18", "over #204060, BEL-ended")
        XCTAssertEqual(try register(answering: ""), "#0;2;65;9;9", "(166, 23, 23): over black without a reply")
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

    /// Ctrl-Z while thumb waits for a terminal that does not answer, typed in an interactive
    /// sh: the stop used to leave the shell the wait's mode (no echo, no lines, reads that
    /// return at once), and dash took that for the end of its input and left. Now the shell
    /// gets its mode back, and `fg` lets thumb finish.
    func testControlZDuringTheWaitGivesTheShellItsModeAndFgFinishes() throws {
        let files = try MediapickFixtures()
        let picture = try files.picture("a.ppm")
        let before = files.directory + "/.stty-before", after = files.directory + "/.stty-after"
        // The shell's output and prompts on its terminal, which the test plays.
        let shell = try PtyChild(["/bin/sh", "-i"], stdout: "/dev/tty", stderr: "/dev/tty")
        func awaitOutput(_ text: String) -> Bool {
            shell.read(until: { String(decoding: $0, as: UTF8.self).contains(text) }, timeout: 15) != nil
        }
        // The quotes split each marker in the echo of the line typed, so only the output matches.
        shell.type("stty -g > \(MediapickFixtures.quoted(before)); echo rea''dy\n")
        XCTAssertTrue(awaitOutput("ready\r\n"))
        shell.type([try Products.path("mediapick"), "thumb", "--no-cache", "--size", "4x2", picture].map(MediapickFixtures.quoted)
                   .joined(separator: " ") + " > /dev/null; echo sta''tus=$?\n")
        XCTAssertNotNil(shell.read { $0.suffix(3).elementsEqual(Array("\(Self.esc)[c".utf8)) }, "the queries")
        shell.type("\u{1A}")
        XCTAssertTrue(awaitOutput("status=\(128 + SIGTSTP)"), "the shell saw thumb stop")
        shell.type("stty -g > \(MediapickFixtures.quoted(after)); echo sa''ved\n")
        XCTAssertTrue(awaitOutput("saved\r\n"), "the shell reads lines again")
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(after), as: UTF8.self),
                       String(decoding: try MediapickFixtures.read(before), as: UTF8.self), "the shell's mode (stty -g)")
        shell.type("fg > /dev/null; echo f''g=$?\n")
        XCTAssertTrue(awaitOutput("fg=0"), "thumb finished after fg")
        shell.type("exit\n")
        XCTAssertEqual(shell.waitForExit().status, 0)
    }
}
