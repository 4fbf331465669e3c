import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP, SIGTERM, SIGQUIT and the other fatal signals in the middle of a pick or an export leave nothing half-written: the
/// `-o` file is whole or absent, `--export` copies and temporary files are gone.
final class MediapickSignalTests: XCTestCase {
    private var tmux: TmuxSession!
    private var files: MediapickFixtures!
    private var binary = ""
    /// Where `-o` writes (a folder of its own, so that a leftover temporary file shows).
    private var results = ""
    private var out: String { results + "/out" }

    override func setUpWithError() throws {
        binary = try Products.path("mediapick")
        tmux = try TmuxSession(width: 100, height: 30)
        files = try MediapickFixtures()
        results = tmux.directory.appendingPathComponent("results").path
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        tmux = nil
        files = nil
    }

    private func contents(_ folder: String) throws -> [String] {
        FileManager.default.fileExists(atPath: folder) ? try FileManager.default.contentsOfDirectory(atPath: folder).sorted() : []
    }

    func testSignalWhileThePickerRunsWritesNoOutputFile() throws {
        try files.picture("a.ppm")
        for (signal, status) in [(SIGHUP, Int32(129)), (SIGTERM, Int32(143))] {
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) -m -o \(MediapickFixtures.quoted(out))")
            try tmux.waitFor("a.ppm")
            try tmux.send("Space")
            try tmux.waitFor("[ Add 1 ]")
            try tmux.signalProgram(signal)
            XCTAssertEqual(try run.waitForExit(), status)
            XCTAssertEqual(try contents(results), [], "no -o file, no temporary file")
        }
    }

    /// SIGQUIT and every other signal whose default ends the program give the terminal back as
    /// SIGTERM does and exit 128 + N. Their default action used to end the program (SIGQUIT
    /// 131 with a core, SIGUSR1 138…) leaving the alternate screen, mouse tracking and the
    /// hidden cursor on: the shell's prompt landed in the grid and the mouse typed escapes.
    func testEveryFatalSignalRestoresTheTerminal() throws {
        try files.picture("a.ppm")
        let fatal = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGIO, SIGSTKFLT, SIGTERM]
        for (signal, status) in fatal.map({ ($0, 128 + $0) }) {
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) -m -o \(MediapickFixtures.quoted(out))")
            try tmux.waitFor("a.ppm")
            XCTAssertEqual(try tmux.modes(), "1 1 0", "the picker's modes while it runs: alternate screen, mouse, no cursor")
            try tmux.signalProgram(signal)
            XCTAssertEqual(try run.waitForExit(), status)
            XCTAssertEqual(try tmux.modes(), "0 0 1", "signal \(signal): main screen, no mouse tracking, cursor shown")
            XCTAssertEqual(try contents(results), [], "no -o file")
        }
    }

    /// A crash (SIGSEGV, SIGILL from a Swift trap, SIGABRT from a C library's assert) used to
    /// leave the shell in the picker's modes: raw, no echo, the alternate screen, mouse tracking
    /// on. Now the modes are given back, one line says mediapick crashed, the Swift runtime's
    /// backtracer (kept on for one signal) still runs, and the status is the signal's.
    func testACrashGivesTheTerminalBack() throws {
        try files.picture("a.ppm")
        let before = tmux.directory.appendingPathComponent("stty-before").path
        let after = tmux.directory.appendingPathComponent("stty-after").path
        XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(before))").waitForExit(), 0)
        for (signal, backtrace) in [(SIGSEGV, "interactive=no"), (SIGABRT, "enable=no"), (SIGILL, "enable=no")] {
            let run = try tmux.run("env SWIFT_BACKTRACE=\(backtrace) \(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) -m")
            try tmux.waitFor("a.ppm")
            XCTAssertEqual(try tmux.modes(), "1 1 0")
            try tmux.signalProgram(signal)
            XCTAssertEqual(try run.waitForExit(), 128 + signal)
            XCTAssertEqual(try tmux.modes(), "0 0 1", "signal \(signal): main screen, no mouse tracking, cursor shown")
            // With the backtracer on, its report follows on the terminal and scrolls the line away.
            let screen = try transcript()
            XCTAssertTrue(screen.contains("mediapick: crashed (signal \(signal))"), screen)
            XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(after))").waitForExit(), 0)
            XCTAssertEqual(try String(contentsOfFile: after, encoding: .utf8), try String(contentsOfFile: before, encoding: .utf8),
                           "signal \(signal): the tty's mode as the shell had it")
        }
    }

    /// A crash says why: the Swift runtime writes its "file.swift:N: Fatal error: …" line on
    /// stderr just before the trap, and while the screen is up stderr is a pipe the program
    /// holds; it used to die with that line (and whatever else was held) in the pipe, so the
    /// user saw "mediapick: crashed" and a backtrace, never the reason. Now the held text comes
    /// out on the restored terminal before the crashed line: a broken HEIC's decoder line
    /// (read from the pipe long before) and the fatal error (written an instant before). With
    /// stdout redirected, the backtracer's report goes to fd 2: it reaches the terminal too.
    /// The crash is a real `fatalError`, on F12 with MEDIAPICK_DEBUG_CRASH (debug builds only).
    func testACrashShowsItsFatalErrorAndWhatStderrHeld() throws {
        // A release binary (MEDIAPICK_PRODUCTS) has no crash key: F12 would do nothing.
        guard try Data(contentsOf: URL(fileURLWithPath: binary)).range(of: Data("MEDIAPICK_DEBUG_CRASH".utf8)) != nil else {
            throw XCTSkip("\(binary) is not a debug build: it has no crash key")
        }
        let (_, decoderLine) = try files.noisyHEIC("noisy.heic", binary: binary)
        try files.picture("a.ppm")
        let before = tmux.directory.appendingPathComponent("stty-before").path
        let after = tmux.directory.appendingPathComponent("stty-after").path
        XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(before))").waitForExit(), 0)
        let fatal = "Fatal error: index 7 is out of range (crash test)"
        for (backtrace, stdout) in [("enable=no", "/dev/tty"), ("interactive=no", out)] {
            XCTAssertEqual(try tmux.run("clear").waitForExit(), 0)
            try tmux.tmux(["clear-history", "-t", "main"])
            let run = try tmux.run("env MEDIAPICK_DEBUG_CRASH='index 7 is out of range (crash test)' SWIFT_BACKTRACE=\(backtrace) "
                                   + "\(MediapickFixtures.quoted(binary)) --no-cache \(MediapickFixtures.quoted(files.directory)) -m "
                                   + "> \(MediapickFixtures.quoted(stdout))")
            // "broken": the HEIC was decoded, and its decoder's line is held.
            try tmux.waitUntil(describe: "both tiles") { $0.contains("a.ppm") && $0.contains("broken") }
            XCTAssertEqual(try tmux.modes(), "1 1 0")
            try tmux.send("F12")
            XCTAssertTrue([128 + SIGILL, 128 + SIGTRAP].contains(try run.waitForExit()), "a Swift trap")
            XCTAssertEqual(try tmux.modes(), "0 0 1", "\(backtrace): main screen, no mouse tracking, cursor shown")
            let shown = try transcript()
            // `contains`: the shell may print its prompt after the echo of the line typed ahead,
            // and the first line out after the screen then follows a "$ ".
            let lines = shown.split(separator: "\n").map(String.init)
            let fatalLine = lines.firstIndex { $0.contains("DebugCrashKey.swift:") && $0.hasSuffix(fatal) }
            let decoder = lines.firstIndex { $0.hasSuffix(decoderLine) }
            let crashed = lines.firstIndex { $0.contains("mediapick: crashed (signal ") }
            XCTAssertNotNil(fatalLine, "\(backtrace): the fatal error on the terminal:\n\(shown)")
            XCTAssertNotNil(decoder, "\(backtrace): the decoder's held line on the terminal:\n\(shown)")
            XCTAssertNotNil(crashed, shown)
            if let fatalLine, let decoder, let crashed {
                XCTAssertTrue(decoder < fatalLine && fatalLine < crashed, "held text in order, before the crashed line:\n\(shown)")
            }
            if stdout == out {
                XCTAssertTrue(shown.contains("Program crashed"), "the backtracer's report on the terminal:\n\(shown)")
                XCTAssertEqual(try MediapickFixtures.read(out), [], "nothing on stdout")
            }
            XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(after))").waitForExit(), 0)
            XCTAssertEqual(try String(contentsOfFile: after, encoding: .utf8), try String(contentsOfFile: before, encoding: .utf8),
                           "\(backtrace): the tty's mode as the shell had it")
        }
    }

    /// All the pane has shown, the lines scrolled away included, wrapped lines joined.
    private func transcript() throws -> String {
        try tmux.tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "main"])
    }

    /// The pane's alternate screen, mouse tracking (any) and cursor flags, as tmux sees them.
    /// 30 names of one 2400x1800 picture: re-encoding them all takes seconds, and the signal
    /// arrives once the first copy is being made.
    func testSignalDuringExportRemovesTheCopiesAndWritesNoOutputFile() throws {
        let picture = try files.write(name: Array("big.ppm".utf8), bytes: Self.bigPicture(width: 2400, height: 1800))
        let source = String(decoding: picture, as: UTF8.self)
        for i in 1..<30 { XCTAssertEqual(link(source, files.directory + String(format: "/big%02d.ppm", i)), 0) }
        for (signal, status) in [(SIGHUP, Int32(129)), (SIGTERM, Int32(143)), (SIGQUIT, Int32(131)), (SIGUSR1, Int32(138))] {
            let exported = tmux.directory.appendingPathComponent("exported-\(signal)").path
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) -m --sort name "
                                   + "--export \(MediapickFixtures.quoted(exported)) -o \(MediapickFixtures.quoted(out))")
            try tmux.waitFor("Images 30")
            try tmux.send("C-a")
            try tmux.waitFor("[ Add 30 ]")
            try tmux.send("Enter")
            let deadline = Date().addingTimeInterval(60)
            while try contents(exported).isEmpty {
                guard Date() < deadline else { return XCTFail("the export did not start") }
                usleep(2_000)  // polling the folder: a file's appearance gives no event to await
            }
            try tmux.signalProgram(signal)
            XCTAssertEqual(try run.waitForExit(timeout: 60), status)
            XCTAssertFalse(FileManager.default.fileExists(atPath: exported),
                           "the copies made before the signal are removed, no temporary file is left, nor the folder made for them")
            XCTAssertEqual(try contents(results), [], "no -o file")
        }
    }

    func testSignalInTheCameraLeavesNoPhotoAndNoOutputFile() throws {
        guard ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ffmpeg is not installed")
        }
        for (signal, status) in [(SIGHUP, Int32(129)), (SIGTERM, Int32(143))] {
            let folder = tmux.directory.appendingPathComponent("photos-\(signal)").path
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) camera --device 'lavfi:testsrc2=size=1280x720:rate=30' "
                                   + "--export \(MediapickFixtures.quoted(folder)) -o \(MediapickFixtures.quoted(out))")
            try tmux.waitUntil(describe: "a live frame") { $0.contains("Space/Enter: take picture") && !$0.contains("Starting the camera") }
            try tmux.send("Space")
            try tmux.waitFor("[ Use Photo ]")
            try tmux.signalProgram(signal)
            XCTAssertEqual(try run.waitForExit(), status)
            XCTAssertEqual(try contents(folder), [], "no photo, no temporary file")
            XCTAssertEqual(try contents(results), [], "no -o file")
        }
    }

    /// A binary PPM with detail (so that its JPEG copy takes real work).
    static func bigPicture(width: Int, height: Int) -> [UInt8] {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(truncatingIfNeeded: x ^ y), UInt8(truncatingIfNeeded: x &* 3 &+ y), UInt8(truncatingIfNeeded: (x * y) >> 4)]
            }
        }
        return bytes
    }
}

/// A reader that goes away: the program ends quietly, killed by SIGPIPE (141, what shells
/// expect) or having written everything first (0) — never a message or a trace.
final class MediapickBrokenPipeTests: XCTestCase {
    /// Runs `script` with `sh -c`; the script writes mediapick's status to `$ST` and its stderr to `$ERR`.
    private func shell(_ script: String, in files: MediapickFixtures) throws -> (status: Int32?, stderr: String) {
        let st = files.directory + "/.status", err = files.directory + "/.stderr"
        let ran = try ChildProcess.run(["/bin/sh", "-c", "ST=\(MediapickFixtures.quoted(st)) ERR=\(MediapickFixtures.quoted(err)); " + script],
                                       stdout: "/dev/null", stderr: files.directory + "/.sh-stderr", timeout: 120)
        XCTAssertEqual(ran, 0, "the shell ran")
        let status = Int32(String(decoding: try MediapickFixtures.read(st), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        return (status, String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
    }

    func testThumbIntoAClosedPipeEndsWith141AndSaysNothing() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let pictures = try (0..<20).map { try files.picture("p\($0).ppm", rgb: (UInt8($0 * 12), 90, 200)) }
        let thumb = ([binary, "thumb", "--size", "200x100", "--colors", "truecolor"] + pictures).map(MediapickFixtures.quoted).joined(separator: " ")
        // Megabytes of output into `head -c 1`: the reader is gone long before the end.
        var (status, stderr) = try shell("{ \(thumb) 2>\"$ERR\"; echo $? > \"$ST\"; } | head -c 1 > /dev/null", in: files)
        XCTAssertEqual(status, 141)
        XCTAssertEqual(stderr, "")
        // The same when whoever started it ignored SIGPIPE (the write would otherwise fail with EPIPE).
        (status, stderr) = try shell("trap '' PIPE; { \(thumb) 2>\"$ERR\"; echo $? > \"$ST\"; } | head -c 1 > /dev/null", in: files)
        XCTAssertEqual(status, 141)
        XCTAssertEqual(stderr, "")
        // One small thumbnail may be written whole before the reader leaves: 0 or 141, quietly.
        let one = [binary, "thumb", "--size", "8x4", pictures[0]].map(MediapickFixtures.quoted).joined(separator: " ")
        (status, stderr) = try shell("{ \(one) 2>\"$ERR\"; echo $? > \"$ST\"; } | true", in: files)
        XCTAssertTrue(status == 0 || status == 141, "\(String(describing: status))")
        XCTAssertEqual(stderr, "")
    }

    /// Picks printed into a pipe whose reader has gone: 2,000 long names are more than a pipe holds.
    func testManyPicksIntoAClosedPipeEndWith141AndSayNothing() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let long = String(repeating: "n", count: 120)
        for i in 0..<2000 { try files.write(name: Array("\(long)-\(i).ppm".utf8), bytes: MediapickFixtures.ppm(width: 2, height: 2, rgb: (1, 2, 3))) }
        let tmux = try TmuxSession(width: 100, height: 30)
        let st = tmux.directory.appendingPathComponent("st").path, err = tmux.directory.appendingPathComponent("err").path
        for reader in ["true", "head -c 1 > /dev/null"] {
            let run = try tmux.run("{ \(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) -m 2>\(MediapickFixtures.quoted(err)); "
                                   + "echo $? > \(MediapickFixtures.quoted(st)); } | \(reader)")
            try tmux.waitFor("Images 2000")
            try tmux.send("C-a")
            try tmux.waitFor("[ Add 2000 ]")
            try tmux.send("Enter")
            _ = try run.waitForExit()
            XCTAssertEqual(String(decoding: try MediapickFixtures.read(st), as: UTF8.self), "141\n", reader)
            XCTAssertEqual(try MediapickFixtures.read(err), [], "nothing on stderr with \(reader)")
        }
    }
}

extension TmuxSession {
    /// Sends `signal` to the program running in the pane (the child of the pane's shell).
    func signalProgram(_ signal: Int32) throws {
        let pids = try Self.children(of: try panePID())
        XCTAssertEqual(pids.count, 1, "one program running in the pane")
        for pid in pids { kill(pid, signal) }
    }

    /// The pane's shell.
    func panePID() throws -> pid_t {
        let text = try tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"])
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The processes `pid` started (its main thread's children).
    static func children(of pid: pid_t) throws -> [pid_t] {
        String(decoding: try MediapickFixtures.read("/proc/\(pid)/task/\(pid)/children"), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    /// The pane's modes: alternate screen, mouse tracking, cursor shown (`1 1 0` while a
    /// screen program runs, `0 0 1` for the shell).
    func modes() throws -> String {
        try tmux(["display-message", "-p", "-t", "main", "#{alternate_on} #{mouse_any_flag} #{cursor_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
