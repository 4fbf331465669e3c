import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The bridge sample on a real terminal (tmux): it draws wide characters aligned, reacts to
/// keys and clicks, redraws after resize and after Ctrl-Z / fg, and gives the terminal back
/// in cooked mode after every way out, with the conventional exit status.
final class BridgeSampleTests: XCTestCase {
    /// Starts the sample in a fresh pane (its pid written to `pid`, its stdout to `out`) and
    /// waits for its first frame.
    private func start(environment: [String: String] = [:]) throws -> (TmuxSession, TmuxSession.RunningCommand) {
        let path = try Products.path("bridge-sample")
        let tmux = try TmuxSession(environment: environment)
        let pidFile = tmux.directory.appendingPathComponent("pid").path
        let outFile = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("sh -c 'echo $$ > \(pidFile); exec \(path)' > \(outFile)")
        try tmux.waitFor("Label: Default")
        return (tmux, run)
    }

    private func pid(of tmux: TmuxSession) throws -> pid_t {
        let text = try String(contentsOf: tmux.directory.appendingPathComponent("pid"), encoding: .utf8)
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testDrawsJapaneseFileNamesInAlignedColumns() throws {
        let (tmux, run) = try start()
        let screen = try tmux.waitFor("海の写真.png")
        try assertLayout(screen, width: 80)
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testEnterSpaceAndClickFlipTheLabel() throws {
        let (tmux, run) = try start()
        try tmux.send("Enter")
        try tmux.waitFor("Label: Change")
        try tmux.send("Space")
        try tmux.waitFor("Label: Default")
        // A left click on the button, in the SGR mouse encoding xterm-256color's kmous names.
        let row = try XCTUnwrap(try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("[ Toggle ]") })
        try tmux.type("\u{1B}[<0;5;\(row + 1)M")
        try tmux.type("\u{1B}[<0;5;\(row + 1)m")
        try tmux.waitFor("Label: Change")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testRedrawsAfterResizeTo40x10AndBack() throws {
        let (tmux, run) = try start()
        try tmux.send("Enter")
        try tmux.waitFor("Label: Change")
        try tmux.resize(width: 40, height: 10)
        // A frame may reach the terminal in several writes: wait for the whole redraw.
        var screen = try tmux.waitUntil(describe: "a whole 40-column frame with the label") {
            Self.isWholeFrame($0, width: 40)
        }
        try assertLayout(screen, width: 40)
        XCTAssertTrue(screen.contains("Label: Change"), screen)
        try tmux.resize(width: 80, height: 24)
        screen = try tmux.waitUntil(describe: "a whole 80-column frame with the label") {
            Self.isWholeFrame($0, width: 80)
        }
        try assertLayout(screen, width: 80)
        XCTAssertTrue(screen.contains("Label: Change"), screen)
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testQuitWithQRestoresTheTerminalAndExits0() throws {
        let (tmux, run) = try start()
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        try assertCookedMode(tmux)
        let stdout = try String(contentsOf: tmux.directory.appendingPathComponent("out"), encoding: .utf8)
        XCTAssertEqual(stdout, "", "the screen goes to /dev/tty; stdout stays free for results")
    }

    func testColourFollowsTheTerminal() throws {
        // The file names are RGB 4C AF 50: matched to the palette, or sent as is on a direct-colour terminal.
        var cases: [(env: [String: String], expected: String?)] = [
            (["TERM": "xterm-256color"], "\u{1B}[38;5;71m"),
            (["TERM": "xterm"], "\u{1B}[32m"),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], nil),
        ]
        if Self.hasTerminfo("xterm-direct") { cases.append((["TERM": "xterm-direct"], "\u{1B}[38;2;76;175;80m")) }
        for (env, expected) in cases {
            let (tmux, run) = try start(environment: env)
            // The first frame may still be on its way when the label is: wait for the file list.
            let screen = try tmux.waitUntil(describe: "sea.png", escapes: true) { $0.contains("sea.png") }
            let line = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("sea.png") }, screen)
            if let expected {
                XCTAssertTrue(line.contains(expected), "\(env): \(line.debugDescription)")
            } else {
                XCTAssertFalse(line.contains("[38;") || line.contains("[3"), "\(env): \(line.debugDescription)")
            }
            try tmux.send("q")
            XCTAssertEqual(try run.waitForExit(), 0)
        }
    }

    func testCtrlCRestoresTheTerminalAndExits130() throws {
        let (tmux, run) = try start()
        try tmux.send("C-c")
        XCTAssertEqual(try run.waitForExit(), 130)
        try assertCookedMode(tmux)
    }

    func testSIGTERMAndSIGHUPRestoreTheTerminalAndExit143And129() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let (tmux, run) = try start()
            XCTAssertEqual(kill(try pid(of: tmux), signal), 0)
            XCTAssertEqual(try run.waitForExit(), status, "signal \(signal)")
            try assertCookedMode(tmux)
        }
    }

    func testSIGINTFromOutsideExits130() throws {
        let (tmux, run) = try start()
        XCTAssertEqual(kill(try pid(of: tmux), SIGINT), 0)
        XCTAssertEqual(try run.waitForExit(), 130)
        try assertCookedMode(tmux)
    }

    func testCtrlZGivesTheTerminalBackAndFgRedraws() throws {
        let (tmux, run) = try start()
        try tmux.send("Enter")
        try tmux.waitFor("Label: Change")
        try tmux.send("C-z")
        XCTAssertEqual(try run.waitForExit(), 128 + SIGTSTP, "the shell saw the job stop")
        try assertCookedMode(tmux)
        let resumed = try tmux.run("fg")
        let screen = try tmux.waitFor("Label: Change")
        try assertLayout(screen, width: 80)
        try tmux.send("q")
        XCTAssertEqual(try resumed.waitForExit(), 0)
    }

    func testUnusableTermExits2WithOneLine() throws {
        let message = try refusedStart(environment: "TERM=dumb")
        XCTAssertTrue(message.contains("TERM=dumb"), message)
    }

    /// With TERM unset in a terminal, the message says to set TERM, not to find a terminal.
    func testUnsetTermSaysToSetIt() throws {
        let message = try refusedStart(environment: "env -u TERM")
        XCTAssertTrue(message.contains("TERM is not set") && message.contains("set it (e.g. TERM=xterm-256color)"), message)
        XCTAssertFalse(message.contains("run it from a terminal"), message)
    }

    /// The sample started in tmux after `environment`, which must make it refuse to start: its
    /// one-line message, after checking the status (2) and that the terminal was left as found.
    private func refusedStart(environment: String) throws -> String {
        let path = try Products.path("bridge-sample")
        let tmux = try TmuxSession()
        let errFile = tmux.directory.appendingPathComponent("err").path
        XCTAssertEqual(try tmux.run("\(environment) \(path) 2> \(errFile)").waitForExit(), 2)
        let message = try String(contentsOfFile: errFile, encoding: .utf8)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        try assertCookedMode(tmux)
        return message
    }

    func testNoControllingTerminalExits2WithOneLine() throws {
        let path = try Products.path("bridge-sample")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else { throw XCTSkip("setsid is not installed") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp-notty-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let err = directory.appendingPathComponent("err").path
        // setsid: a new session with no controlling terminal, so /dev/tty cannot be opened.
        let status = try ChildProcess.run(["/usr/bin/setsid", "-w", path], stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        let message = try String(contentsOfFile: err, encoding: .utf8)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertTrue(message.hasPrefix("bridge-sample: no terminal"), message)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "")
    }

    // MARK: checks

    /// `stty -a` in the pane reports canonical input and echo.
    private func assertCookedMode(_ tmux: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        let sttyFile = tmux.directory.appendingPathComponent("stty").path
        XCTAssertEqual(try tmux.run("stty -a > \(sttyFile)").waitForExit(), 0)
        let words = Set(try String(contentsOfFile: sttyFile, encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        XCTAssertTrue(words.contains("icanon"), "stty -a: \(words.sorted())", file: file, line: line)
        XCTAssertTrue(words.contains("echo"), "stty -a: \(words.sorted())", file: file, line: line)
    }

    /// The frame spans the pane, and the second grid column starts at the same display
    /// column on the Japanese row and the ASCII row.
    private func assertLayout(_ screen: String, width: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Self.topBorderWidth(screen), width, screen, file: file, line: line)
        XCTAssertTrue(lines.contains { $0.hasPrefix("└") && Self.columns($0) == width }, screen, file: file, line: line)
        let japanese = try XCTUnwrap(lines.first { $0.hasPrefix("写真.jpg") }, screen, file: file, line: line)
        let ascii = try XCTUnwrap(lines.first { $0.hasPrefix("photo.jpg") }, screen, file: file, line: line)
        let accented = try XCTUnwrap(lines.first { $0.hasPrefix("cafe\u{301}.jpg") }, screen, file: file, line: line)
        let column = { (text: String) in Self.columns(String(text.prefix { $0 != "|" })) }
        XCTAssertEqual(column(japanese), column(ascii), screen, file: file, line: line)
        XCTAssertEqual(column(accented), column(ascii), screen, file: file, line: line)
        XCTAssertEqual(column(ascii), (width - 1) / 2 + 1, "two equal grid columns, one apart", file: file, line: line)
        XCTAssertTrue(japanese.hasSuffix("|海の写真.png"), screen, file: file, line: line)
    }

    private static func hasTerminfo(_ name: String) -> Bool {
        ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"].contains {
            FileManager.default.fileExists(atPath: "\($0)/\(name.prefix(1))/\(name)")
        }
    }

    /// Whether `screen` shows the whole frame at `width` columns: the label, both borders and every
    /// line of the file list. Waiting for the top border alone once caught a frame half sent
    /// (its top rows drawn, the rest still blank).
    private static func isWholeFrame(_ screen: String, width: Int) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return topBorderWidth(screen) == width && screen.contains("Label: Change")
            && lines.contains { $0.hasPrefix("└") && columns($0) == width }
            && lines.contains { $0.hasPrefix("写真.jpg") && $0.hasSuffix("|海の写真.png") }
            && ["photo.jpg", "cafe\u{301}.jpg"].allSatisfy { name in lines.contains { $0.hasPrefix(name) && $0.contains("|") } }
    }

    private static func topBorderWidth(_ screen: String) -> Int? {
        guard let first = screen.split(separator: "\n").first, first.hasPrefix("┌"), first.hasSuffix("┐") else { return nil }
        return columns(String(first))
    }

    /// Display columns of `text`: East Asian wide characters count two, combining
    /// diacritics zero (enough for this screen).
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let v = scalar.value
            if (0x300...0x36F).contains(v) { return sum }
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            return sum + (wide ? 2 : 1)
        }
    }
}
