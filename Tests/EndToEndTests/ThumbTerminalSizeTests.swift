import Foundation
import Platform
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `thumb` without `--size` whose stdout is not a terminal (`thumb x.jpg | cat`, `> file`)
/// draws for the terminal the user sees, as chafa does: stderr's, else the controlling
/// terminal's. It drew at the 40x20 fallback (tester's finding 10), which is now only for a
/// run without any terminal.
final class ThumbTerminalSizeTests: XCTestCase {
    private var files: MediapickFixtures!

    override func setUpWithError() throws { files = try MediapickFixtures() }

    override func tearDownWithError() throws { files = nil }

    /// A square picture: in cells twice as tall as wide it takes twice as many columns as rows,
    /// so its rows say which size it was fitted into.
    private func arguments() throws -> [String] {
        let square = String(decoding: try files.write(name: Array("square.ppm".utf8),
                                                      bytes: MediapickFixtures.ppm(width: 100, height: 100, rgb: (30, 140, 220))),
                            as: UTF8.self)
        // Symbols asked for: nothing is asked of the terminal, whose replies nobody plays here.
        return [try Products.path("mediapick"), "thumb", "--no-cache", "--graphics", "symbols", "--colors", "none", square]
    }

    private var out: String { files.directory + "/out" }
    private var err: String { files.directory + "/err" }

    /// The rows printed, after checking the run went well (its stderr is `err` when a file).
    private func rows(status: Int32?, stderrIsFile: Bool = true) throws -> Int {
        let message = stderrIsFile ? String(decoding: try MediapickFixtures.read(err), as: UTF8.self) : ""
        XCTAssertEqual(status, 0, message)
        return try MediapickFixtures.read(out).filter { $0 == UInt8(ascii: "\n") }.count
    }

    func testRedirectedOutputTakesTheControllingTerminalsSize() throws {
        // stdout and stderr files, the controlling terminal 80x24: 80x23 cells, the square 46x23.
        let run = try PtyChild(try arguments(), stdout: out, stderr: err)
        XCTAssertEqual(try rows(status: run.waitForExit().status), 23)
    }

    func testRedirectedOutputTakesTheSizeOfAStandardErrorThatIsATerminal() throws {
        // stderr a second terminal of 50x12 (the controlling one is 80x24): 50x11, the square 22x11.
        let other = try PseudoTerminal.open()
        defer { close(other.master) }
        var size = winsize(ws_row: 12, ws_col: 50, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(ioctl(other.master, UInt(TIOCSWINSZ), &size), 0)
        let run = try PtyChild(try arguments(), stdout: out, stderr: other.slavePath)
        XCTAssertEqual(try rows(status: run.waitForExit().status, stderrIsFile: false), 11)
    }

    func testWithoutAnyTerminalThePictureIsFortyByTwenty() throws {
        // A session of its own has no controlling terminal; stdout and stderr are files.
        let status = try ChildProcess.run(["/usr/bin/setsid"] + arguments(), stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(try rows(status: status), 20)
    }
}
