import Foundation
import XCTest

/// `mediapick demo` and `mediapick thumb` with the real binary.
final class MediapickAppTests: XCTestCase {
    /// The paths printed name files that exist once the demo has ended (they named a removed
    /// temporary folder): its library is kept in `$XDG_CACHE_HOME/mediapick/demo-library`, as
    /// stderr says, and nothing is left in `$TMPDIR`.
    func testDemoPickThreeThenOneMoreThenQuit() throws {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 100, height: 40)
        let out = tmux.directory.appendingPathComponent("out").path
        let err = tmux.directory.appendingPathComponent("err").path
        let cache = tmux.directory.appendingPathComponent("cache").path
        let scratch = tmux.directory.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let run = try tmux.run("XDG_CACHE_HOME=\(MediapickFixtures.quoted(cache)) TMPDIR=\(MediapickFixtures.quoted(scratch)) "
                               + "\(MediapickFixtures.quoted(binary)) demo --sort name > \(MediapickFixtures.quoted(out)) 2> \(MediapickFixtures.quoted(err))")
        try tmux.waitFor("Pick media")
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("Enter")
        try tmux.waitFor("Space")  // the sheet's footer
        try tmux.send("Space", "Right", "Space", "Right", "Space", "Enter")
        let screen = try tmux.waitFor("Chosen (3):")
        XCTAssertFalse(screen.contains("Space pick"), "the sheet is dismissed")
        // Thumbnails arrive asynchronously: wait until no tile shows the placeholder.
        try tmux.waitUntil(describe: "three thumbnails") { screen in
            screen.contains("Chosen (3):") && !screen.contains("…")
        }
        XCTAssertFalse(try tmux.capture().contains("no preview"), "every one of the three has a thumbnail")
        try tmux.send("+")
        try tmux.waitFor("Space")
        try tmux.send("End", "Space", "Enter")
        try tmux.waitFor("Chosen (4):")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        let printed = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(printed.count, 4)
        let library = cache + "/mediapick/demo-library"
        for path in printed {
            XCTAssertTrue(path.hasPrefix(library + "/"), String(path))
            XCTAssertTrue(FileManager.default.fileExists(atPath: String(path)), "\(path) exists after the demo")
        }
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                       "mediapick: the demo's sample library stays in \(library) (rm -r it when done)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "nothing in TMPDIR")
    }

    /// `app -l 2` bounds what the app prints, not each sheet: after two picks `+` says why
    /// it opens nothing, and `q` prints two paths (a second sheet of two gave four before).
    func testTheAppsLimitIsTheTotalItPrints() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        for name in ["a.ppm", "b.ppm", "c.ppm"] { try files.picture(name) }
        let tmux = try TmuxSession(width: 100, height: 40)
        let out = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) app -l 2 --sort name --no-cache \(MediapickFixtures.quoted(files.directory)) > \(MediapickFixtures.quoted(out))")
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("Enter")
        try tmux.waitFor("0/2")
        try tmux.send("Space")
        try tmux.waitFor("1/2")
        try tmux.send("Enter")
        try tmux.waitFor("Chosen (1/2):")
        try tmux.send("+")
        try tmux.waitFor("Space pick")
        XCTAssertTrue(try tmux.capture().contains("1/2"), "the second sheet counts the file chosen before")
        try tmux.send("End", "Space", "Left", "Space")
        try tmux.waitFor("Limit of 2 reached (1 chosen before)")
        try tmux.send("Enter")
        try tmux.waitFor("Chosen (2/2):")
        try tmux.send("+")
        try tmux.waitFor("Limit reached: 2 chosen, at most 2 (-l 2)")
        XCTAssertFalse(try tmux.capture().contains("Space pick"), "no sheet opens at the limit")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        let printed = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n").map { ($0 as Substring).split(separator: "/").last.map(String.init) ?? "" }
        XCTAssertEqual(printed, ["a.ppm", "c.ppm"])
    }

    func testThumbPrintsInOrderAndReportsFailures() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run([binary, "thumb", "--size", "6x2", "--colors", "none", "--symbols", "ascii",
                                           a, files.directory + "/missing.jpg", b], stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        let lines = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 7, "two captions, two pictures of two rows, and the final newline")
        XCTAssertEqual(String(lines[0]), a)
        XCTAssertEqual(String(lines[3]), b)
        XCTAssertFalse(lines.joined().contains("\u{1B}"), "no escape sequences with --colors none")
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("mediapick: ") && message.hasSuffix("missing.jpg: No such file or directory\n"), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1)
    }

    /// Libraries that only some work needs are opened on first use: a cell-art thumbnail loads
    /// neither libheif nor libimagequant (nor the libgomp that libimagequant pulls in, whose
    /// loading cost every process 0.2–0.35 ms of CPU), nor the GIF, WebP and PNG-inflating
    /// libraries (0.4 ms of every process's start-up while they were linked), nor ncursesw:
    /// `thumb` draws no screen.
    /// A picture of another shape than `--size` prints its own rows and columns only, as chafa
    /// does: a 6:1 strip at 12x12 is one row, with no blank lines above or below it.
    func testThumbPrintsNoBlankMargins() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let strip = String(decoding: try files.write(name: Array("strip.ppm".utf8), bytes: MediapickFixtures.ppm(width: 48, height: 8, rgb: (30, 160, 90))),
                           as: UTF8.self)
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run([binary, "thumb", "--size", "12x12", "--colors", "256", "--symbols", "blocks", strip],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 0)
        let lines = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "one row of picture and the final newline: \(lines)")
        XCTAssertEqual(lines[0].filter { $0 == " " }.count, 12, "twelve cells of the strip's colour")

        // One side alone, as chafa takes it: the other follows the strip's shape, whatever --fit says.
        for (size, rows, columns) in [("12", 1, 12), ("x2", 2, 24)] {
            let status = try ChildProcess.run([binary, "thumb", "--size", size, "--fit", "fill", "--colors", "256", "--symbols", "blocks", strip],
                                              stdout: out, stderr: err, timeout: 30)
            XCTAssertEqual(status, 0)
            let lines = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n")
            XCTAssertEqual(lines.count, rows, size)
            XCTAssertEqual(lines.map { $0.filter { $0 == " " }.count }, Array(repeating: columns, count: rows), size)
        }
    }

    func testThumbLoadsNoLibraryItDoesNotUse() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let a = try files.picture("a.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run(["/usr/bin/env", "LD_DEBUG=libs", binary, "thumb", "--no-cache", "--size", "6x2", a],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 0)
        let loaded = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(loaded.contains("libjpeg.so"), "the dynamic loader's log lists what was loaded")
        for library in ["libimagequant", "libgomp", "libheif", "libwebp", "libwebpdemux", "libgif", "libisal", "libncursesw", "libtinfo"] {
            XCTAssertFalse(loaded.contains(library), "\(library) loaded for a cell-art thumbnail")
        }
    }

    /// A failed write to stdout is said once on stderr; it used to be exit 2 without a word.
    func testThumbSaysWhenStdoutCannotBeWritten() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm")
        let err = files.directory + "/.err"
        let status = try ChildProcess.run([binary, "thumb", "--size", "6x2", a, b], stdout: "/dev/full", stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertEqual(message, "mediapick: cannot write to stdout: No space left on device\n")
    }
}

/// The demo's library stays whole however the program ends, and nothing is left in TMPDIR.
final class MediapickDemoCleanupTests: XCTestCase {
    private func runDemoAndStop(_ stop: (TmuxSession) throws -> Void) throws -> (status: Int32, leftovers: [String]) {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 100, height: 30)
        let scratch = tmux.directory.appendingPathComponent("tmp").path
        let library = tmux.directory.appendingPathComponent("cache/mediapick/demo-library").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let run = try tmux.run("TMPDIR=\(MediapickFixtures.quoted(scratch)) XDG_CACHE_HOME=\(MediapickFixtures.quoted(tmux.directory.path + "/cache")) "
                               + "\(MediapickFixtures.quoted(binary)) demo > /dev/null")
        try tmux.waitFor("Nothing chosen yet")
        let files = try FileManager.default.contentsOfDirectory(atPath: library)
        XCTAssertGreaterThanOrEqual(files.count, 30, "the library exists while it runs")
        try stop(tmux)
        let status = try run.waitForExit()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library).sorted(), files.sorted(), "the library is kept whole")
        return (status, try FileManager.default.contentsOfDirectory(atPath: scratch))
    }

    func testControlC() throws {
        let (status, leftovers) = try runDemoAndStop { try $0.send("C-c") }
        XCTAssertEqual(status, 130)
        XCTAssertEqual(leftovers, [])
    }

    func testSIGTERM() throws {
        let (status, leftovers) = try runDemoAndStop { try $0.signalProgram(SIGTERM) }
        XCTAssertEqual(status, 143)
        XCTAssertEqual(leftovers, [])
    }

    /// An SSH connection that drops sends SIGHUP: the status shells give it, the same clean-up as SIGTERM.
    func testSIGHUP() throws {
        let (status, leftovers) = try runDemoAndStop { try $0.signalProgram(SIGHUP) }
        XCTAssertEqual(status, 129)
        XCTAssertEqual(leftovers, [])
    }
}
