import Foundation
import XCTest

/// Pick mode with the real binary in a real terminal (tmux): keys in, exact bytes out.
final class MediapickPickTests: PickerTerminalCase {
    func testPickTwoInSelectionOrder() throws {
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm", rgb: (20, 200, 60)), _ = try files.picture("c.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -l 2 --sort name")
        try tmux.waitUntil(describe: "three pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") && $0.contains("c.ppm") }
        try tmux.send("Right", "Space", "Left", "Space", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [b, a], "the order they were selected in")
    }

    func testPreselectionWhateverTheSpelling() throws {
        let a = try files.picture("a.ppm"), _ = try files.picture("b.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -l 2 --preselect \(MediapickFixtures.quoted(files.directory + "/./a.ppm"))")
        try tmux.waitFor("1/2")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [a])
    }

    /// A decoder that prints on stderr (libde265 on a broken HEIC) does not write into the
    /// picker's screen: the line is held and printed once the terminal is given back.
    func testWhatADecoderPrintsOnStderrWaitsUntilTheScreenIsGivenBack() throws {
        let (_, message) = try files.noisyHEIC("broken.heic", binary: binary)
        try files.picture("a.ppm")
        let run = try start("--no-cache \(MediapickFixtures.quoted(files.directory))")
        let screen = try tmux.waitFor("broken")
        XCTAssertFalse(screen.contains(message), "the decoder's line is not on the picker's screen:\n\(screen)")
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
        try tmux.waitFor(message)
    }

    func testEscapeCancels() throws {
        try files.picture("a.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -l 2")
        try tmux.waitFor("a.ppm")
        try tmux.send("Space", "Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
    }

    /// Alt+key (ESC and the key in one write) is bound to nothing: ignored, as fzf does. It
    /// used to cancel (exit 1) and lose the selection. Keys after it still act, in order.
    func testAltKeysAreIgnoredAndKeepTheSelection() throws {
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm", rgb: (20, 200, 60))
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m --sort name")
        try tmux.waitUntil(describe: "two pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
        try tmux.send("Space")
        try tmux.waitFor("[ Add 1 ]")
        try tmux.send("M-x", "M-j", "M-Enter", "Right", "Space")
        try tmux.waitFor("[ Add 2 ]")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [a, b])
    }

    func testAFolderOfFoldersSaysToSearchThemAndDashRDoes() throws {
        try FileManager.default.createDirectory(atPath: files.directory + "/2024", withIntermediateDirectories: true)
        let a = try files.picture("2024/a.ppm")
        let flat = try start(MediapickFixtures.quoted(files.directory), ready: "Esc")
        try tmux.waitFor("No media here; 1 sub-folder not searched (-r searches it)")
        try tmux.send("Escape")
        XCTAssertEqual(try flat.waitForExit(), 1)
        let deep = try start("-r \(MediapickFixtures.quoted(files.directory))")
        try tmux.waitFor("a.ppm")
        try tmux.send("Enter")
        XCTAssertEqual(try deep.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [a])
    }

    func testControlCInterruptsAndRestoresTheTerminal() throws {
        try files.picture("a.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m")
        try tmux.waitFor("a.ppm")
        try tmux.send("C-c")
        XCTAssertEqual(try run.waitForExit(), 130)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let settings = tmux.directory.appendingPathComponent("stty").path
        XCTAssertEqual(try tmux.run("stty -a > \(MediapickFixtures.quoted(settings))").waitForExit(), 0)
        let words = String(decoding: try MediapickFixtures.read(settings), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        XCTAssertTrue(words.contains("icanon"), "canonical mode is back")
        XCTAssertTrue(words.contains("echo"), "echo is back")
        XCTAssertFalse(words.contains("-icanon"))
        XCTAssertFalse(words.contains("-echo"))
    }

    func testNulOutputKeepsExactBytes() throws {
        let latin1 = try files.write(name: Array("caf".utf8) + [0xE9] + Array(".ppm".utf8), bytes: MediapickFixtures.ppm(rgb: (1, 2, 3)))
        let newline = try files.write(name: Array("two\nlines.ppm".utf8), bytes: MediapickFixtures.ppm(rgb: (9, 9, 9)))
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m -0 --sort name")
        try tmux.waitFor("Images 2")
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let records = try MediapickFixtures.read(out).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        XCTAssertEqual(records.last, [], "every record ends with NUL")
        XCTAssertEqual(Set(records.dropLast()), Set([latin1, newline]))
    }

    func testJSONLines() throws {
        let a = try files.picture("a.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) --format json")
        try tmux.waitFor("a.ppm")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let text = try lines(out)
        XCTAssertEqual(text.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, a)
        XCTAssertEqual(object["type"] as? String, "image")
        XCTAssertEqual(object["mime"] as? String, "image/x-portable-anymap")
        XCTAssertEqual(object["width"] as? Int, 24)
        XCTAssertEqual(object["height"] as? Int, 16)
        XCTAssertEqual(object["bytes"] as? Int, MediapickFixtures.ppm(rgb: (0, 0, 0)).count)
        XCTAssertNotNil((object["mtime"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
    }

    func testExportWritesNewJPEGsAndLeavesTheOriginals() throws {
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm", rgb: (0, 0, 250))
        let before = [try MediapickFixtures.read(a), try MediapickFixtures.read(b)]
        let destination = tmux.directory.appendingPathComponent("exported").path
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m --sort name --export \(MediapickFixtures.quoted(destination))")
        try tmux.waitUntil(describe: "both pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let copies = try lines(out)
        XCTAssertEqual(copies.count, 2)
        for copy in copies {
            XCTAssertTrue(copy.hasPrefix(destination + "/") && copy.hasSuffix(".jpg"), copy)
            XCTAssertEqual(Array(try MediapickFixtures.read(copy).prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
            let status = try ChildProcess.run([binary, "thumb", "--size", "8x4", copy], stdout: "/dev/null",
                                              stderr: tmux.directory.appendingPathComponent("thumb-err").path, timeout: 30)
            XCTAssertEqual(status, 0, "\(copy) decodes")
        }
        XCTAssertEqual([try MediapickFixtures.read(a), try MediapickFixtures.read(b)], before, "originals untouched")
    }

    /// --export showed nothing while it copied (30 large JPEGs: 33 s of a blank terminal). With
    /// stderr on the terminal a line counts the copies and is blanked at the end (the pane's
    /// output, logged by pipe-pane, has it; the screen is clean afterwards); with stderr in a
    /// file there is no progress at all.
    func testExportShowsProgressOnATerminalOnly() throws {
        try files.picture("a.ppm")
        try files.picture("b.ppm", rgb: (0, 0, 250))
        let log = tmux.directory.appendingPathComponent("pane.log").path
        _ = try tmux.tmux(["pipe-pane", "-o", "-t", "main", "cat >> \(MediapickFixtures.quoted(log))"])
        var run = try start("\(MediapickFixtures.quoted(files.directory)) -m --export \(MediapickFixtures.quoted(tmux.directory.appendingPathComponent("one").path))")
        try tmux.waitUntil(describe: "both pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        _ = try tmux.tmux(["pipe-pane", "-t", "main"])
        let shown = String(decoding: try MediapickFixtures.read(log), as: UTF8.self)
        XCTAssertTrue(shown.contains("\rmediapick: exporting 1/2…\rmediapick: exporting 2/2…\r" + String(repeating: " ", count: 25) + "\r"), shown)
        XCTAssertFalse(try tmux.capture().contains("exporting"), "blanked at the end")
        XCTAssertEqual(try lines(out).count, 2)

        let err = tmux.directory.appendingPathComponent("err").path
        run = try start("\(MediapickFixtures.quoted(files.directory)) -m --export \(MediapickFixtures.quoted(tmux.directory.appendingPathComponent("two").path)) 2> \(MediapickFixtures.quoted(err))")
        try tmux.waitUntil(describe: "both pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try MediapickFixtures.read(err), [], "no progress into a file")
        XCTAssertEqual(try lines(out).count, 2)
    }

    func testCandidatesFromStdinWhileKeysComeFromTheTerminal() throws {
        let red = try files.png("red.png", color: "red"), blue = try files.png("blue.png", color: "blue")
        try files.picture("not-listed.ppm")
        let command = "find \(MediapickFixtures.quoted(files.directory)) -name '*.png' | \(MediapickFixtures.quoted(binary)) -m --sort name > \(MediapickFixtures.quoted(out))"
        let run = try tmux.run(command)
        try tmux.waitUntil(describe: "both PNGs") { $0.contains("red.png") && $0.contains("blue.png") }
        XCTAssertFalse(try tmux.capture().contains("not-listed"))
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [blue, red])
    }

    /// With no PATH, the current folder's files are printed as fzf and `git ls-files` print
    /// them, `a.ppm` and `sub/b.ppm` (user testing: `./a.ppm`), but a name starting with a
    /// dash keeps its `./`, so that `xargs cp -t out` cannot take it for options. A folder
    /// named is kept as typed, `.` included (`./a.ppm`, as `find .` and `rg --files .` say).
    func testTheCurrentFolderIsPrintedRelativeToItAndANamedFolderAsTyped() throws {
        try FileManager.default.createDirectory(atPath: files.directory + "/sub", withIntermediateDirectories: true)
        try files.picture("a.ppm")
        try files.picture("sub/b.ppm")
        try files.picture("-x.ppm")
        for (arguments, expected) in [("", ["./-x.ppm", "a.ppm", "sub/b.ppm"]), ("sub", ["sub/b.ppm"]), (".", ["./-x.ppm", "./a.ppm", "./sub/b.ppm"])] {
            let run = try tmux.run("cd \(MediapickFixtures.quoted(files.directory)) && \(MediapickFixtures.quoted(binary)) -m -r --sort name \(arguments) > \(MediapickFixtures.quoted(out))")
            try tmux.waitUntil(describe: "the pictures of '\(arguments)'") { screen in expected.allSatisfy { screen.contains(($0 as NSString).lastPathComponent) } }
            try tmux.send("C-a", "Enter")
            XCTAssertEqual(try run.waitForExit(), 0)
            XCTAssertEqual(try lines(out).sorted(), expected.sorted(), "mediapick -m -r \(arguments)")
        }
    }

    /// `find . | mediapick`: find lists each folder before its files, and the files are still
    /// named and searched by the paths find gave (a `/sub/` search found nothing: the line
    /// `./sub/a.ppm` was taken for a repeat of the `a.ppm` the folder `./sub` had shown).
    func testFindsFoldersAndFilesOnStdinKeepTheFilesPaths() throws {
        try FileManager.default.createDirectory(atPath: files.directory + "/sub", withIntermediateDirectories: true)
        try files.picture("sub/a.ppm")
        try files.picture("b.ppm")
        let run = try tmux.run("cd \(MediapickFixtures.quoted(files.directory)) && find . | \(MediapickFixtures.quoted(binary)) -m > \(MediapickFixtures.quoted(out))")
        try tmux.waitUntil(describe: "both pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
        try tmux.send("/")
        try tmux.type("sub/")
        try tmux.waitUntil(describe: "one match for /sub/, named as find gave it") { $0.contains("[All 1]") && $0.contains("./sub/a.ppm ·") }
        try tmux.send("Enter", "C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), ["./sub/a.ppm"])
    }

    /// What could not be found is said, not shown as an empty grid: a listed file that does not
    /// exist, told as missing (as root, the tests' user, a folder without permission can still
    /// be read).
    func testWhatCannotBeReadIsSaid() throws {
        let a = try files.picture("a.ppm")
        let gone = files.directory + "/gone.ppm"
        let q = MediapickFixtures.quoted
        // The lines of `paths` on stdin, or the paths as operands: the empty grid says `text`
        // (Esc: 1); with a.ppm too, the status line notes `note` and Enter picks a.ppm (0).
        func expect(_ paths: [String], stdin: Bool = true, empty text: String, note: String) throws {
            let (binary, out) = (binary, out)
            let command = { (paths: [String]) in
                let list = paths.map(q).joined(separator: " ")
                return (stdin ? "printf '%s\\n' \(list) | \(q(binary))" : "\(q(binary)) \(list)") + " > \(q(out))"
            }
            var run = try tmux.run(command(paths))
            try tmux.waitFor(text)
            try tmux.send("Escape")
            XCTAssertEqual(try run.waitForExit(), 1)
            run = try tmux.run(command(paths + [a]))
            try tmux.waitUntil(describe: "a.ppm and the note") { $0.contains("a.ppm") && $0.contains(note) }
            try tmux.send("Enter")
            XCTAssertEqual(try run.waitForExit(), 0)
            XCTAssertEqual(try lines(out), [a])
        }
        try expect([gone], empty: "No media here; \(gone): No such file or directory", note: "1 path missing")

        // Files named that are not media (tester report §5: "No media here", no reason), as
        // operands and on stdin; not an error, so `mediapick *` in a mixed folder still works.
        let notes = files.directory + "/notes.txt", zero = files.directory + "/zero.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: notes, contents: Data("a note\n".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: zero, contents: Data()))
        try expect([notes, zero], stdin: false, empty: "No media here; 2 not media, first \(notes): not a picture or video",
                   note: "2 not media")
        try expect([zero], empty: "No media here; \(zero): empty file", note: "1 not media")
    }

    func testNoTerminalIsAClearError() throws {
        try files.picture("a.ppm")
        let err = tmux.directory.appendingPathComponent("err").path
        let status = try ChildProcess.run(["/usr/bin/setsid", "-w", binary, files.directory], stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, "one line: \(message)")
        XCTAssertTrue(message.hasPrefix("mediapick: "), message)
        XCTAssertTrue(message.contains("terminal"), message)
    }

    func testUsageErrorsExitTwo() throws {
        let err = tmux.directory.appendingPathComponent("err").path
        XCTAssertEqual(try ChildProcess.run([binary, "--limit", "x"], stdout: out, stderr: err, timeout: 30), 2)
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("mediapick: invalid value 'x' for --limit"), message)
        XCTAssertEqual(try ChildProcess.run([binary, "--help"], stdout: out, stderr: err, timeout: 30), 0)
        XCTAssertTrue(String(decoding: try MediapickFixtures.read(out), as: UTF8.self).contains("--jpeg-quality"))
    }

    /// A --preselect PATH that does not exist is an error before the terminal is taken over;
    /// it used to become an invisible selection (counter 1) and Enter then picked nothing (exit 1).
    func testMissingPreselectionIsAnErrorNamingTheOption() throws {
        try files.picture("a.ppm")
        let err = tmux.directory.appendingPathComponent("err").path
        let status = try ChildProcess.run(["/usr/bin/setsid", "-w", binary, "--preselect", "/no/such.jpg", files.directory],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertEqual(message, "mediapick: --preselect /no/such.jpg: No such file or directory\n")
    }

    /// A --preselect that the picker cannot show is an error before the terminal is taken over:
    /// notes.txt used to count as selected (`[ Add 1/1 ]`) and Enter then picked nothing (exit 1).
    func testPreselectingANonMediaFileIsAnError() throws {
        try files.picture("a.ppm")
        let notes = files.directory + "/notes.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: notes, contents: Data("a note\n".utf8)))
        let err = tmux.directory.appendingPathComponent("err").path
        let status = try ChildProcess.run(["/usr/bin/setsid", "-w", binary, "--preselect", notes, files.directory],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertEqual(message, "mediapick: --preselect \(notes): not a picture or video\n")
    }

    /// A --preselect of a file the picker does not offer (outside the PATHs given) is an error
    /// before the terminal is taken over (tester report §2: it was selected invisibly, the
    /// counter at 2 over "No media here", and Enter printed it).
    func testPreselectingAFileNotAmongTheCandidatesIsAnError() throws {
        let other = try files.picture("x.ppm")
        try FileManager.default.createDirectory(atPath: files.directory + "/sub", withIntermediateDirectories: true)
        let err = tmux.directory.appendingPathComponent("err").path
        let status = try ChildProcess.run(["/usr/bin/setsid", "-w", binary, "-m", "--preselect", other, files.directory + "/sub"],
                                          stdout: out, stderr: err, timeout: 30)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertEqual(message, "mediapick: --preselect \(other): not among the files to pick from (name it or its folder as a PATH)\n")
    }

    /// A selected file deleted while the picker was open is unselected at Enter, named on the
    /// status line, and the picker stays open; a second Enter prints the rest (rc 0). It was
    /// left out without a word once (rc 0 with the rest, rc 1 when it was the only pick), then
    /// an error after the screen was gone (tester report §6: rc 2, "No such file or directory",
    /// while a chmod-ed one was unselected and the picker stayed open).
    func testAPickedFileThatVanishedIsUnselectedAndThePickerStaysOpen() throws {
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm", rgb: (20, 200, 60))
        let err = tmux.directory.appendingPathComponent("err").path
        func start(_ arguments: String) throws -> TmuxSession.RunningCommand {
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) --sort name \(arguments) "
                                   + "> \(MediapickFixtures.quoted(out)) 2> \(MediapickFixtures.quoted(err))")
            try tmux.waitUntil(describe: "two pictures") { $0.contains("a.ppm") && $0.contains("b.ppm") }
            return run
        }
        var run = try start("-m")
        try tmux.send("Space", "Right", "Space")
        try tmux.waitFor("[ Add 2 ]")
        XCTAssertEqual(unlink(a), 0)
        try tmux.send("Enter")
        try tmux.waitFor("a.ppm is gone — unselected it")
        try tmux.waitUntil(describe: "a.ppm out of the grid") { $0.contains("All 1") && $0.contains("[ Add 1 ]") }
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [b], "what still exists is printed")
        XCTAssertEqual(try MediapickFixtures.read(err), [])

        try files.picture("a.ppm")
        run = try start("")
        XCTAssertEqual(unlink(a), 0)
        try tmux.send("Enter")
        try tmux.waitFor("a.ppm is gone")
        try tmux.waitUntil(describe: "a.ppm out of the grid") { $0.contains("All 1") }
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0, "the focused (first) entry was gone: the next one is picked")
        XCTAssertEqual(try lines(out), [b])
        XCTAssertEqual(try MediapickFixtures.read(err), [])
    }

    /// An --export DIR or -o FILE that cannot be made is refused before the terminal is taken
    /// (run without one: the terminal's error would come first otherwise); these were found
    /// only after the pick, when the export tried to make the folder.
    func testAnUnusableDestinationIsRefusedBeforeThePicker() throws {
        try files.picture("a.ppm")
        let err = tmux.directory.appendingPathComponent("err").path
        for (option, path, reason) in [("--export", "/proc/x/y", "No such file or directory"), ("--export", "/dev/null/sub", "Not a directory"),
                                       ("-o", "/dev/null/sub/out.txt", "Not a directory")] {
            let status = try ChildProcess.run(["/usr/bin/setsid", "-w", binary, option, path, files.directory],
                                              stdout: out, stderr: err, timeout: 30)
            XCTAssertEqual(status, 2, path)
            let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            let verb = option == "-o" ? "cannot write" : "cannot export into"
            XCTAssertEqual(message, "mediapick: \(verb) \(path): \(reason)\n")
        }
    }
}
