import Foundation
import XCTest

/// `-` as the PATH is the list of paths on stdin, as `cat -`, `grep PATTERN -` and `sort -`
/// read it. It was taken for a file named `-`: "mediapick: -: No such file or directory",
/// exit 2. With stdin the terminal, or beside other PATHs, it is refused in one line, exit 2;
/// `./-` still names a file called `-`.
final class MediapickDashOperandTests: PickerTerminalCase {
    func testDashPicksFromTheListOnStdin() throws {
        let a = try files.picture("a.ppm"), b = try files.picture("b.ppm", rgb: (20, 200, 60))
        try files.picture("not-listed.ppm")
        let q = MediapickFixtures.quoted
        let run = try tmux.run("printf '%s\\n' \(q(b)) \(q(a)) | \(q(binary)) - -m --sort name > \(q(out))")
        try tmux.waitUntil(describe: "the two listed") { $0.contains("a.ppm") && $0.contains("b.ppm") && $0.contains("stdin") }
        XCTAssertFalse(try tmux.capture().contains("not-listed"), "only the list")
        try tmux.send("C-a", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [a, b])
    }

    func testDashWithStdinTheTerminalIsRefused() throws {
        try files.picture("a.ppm")
        let q = MediapickFixtures.quoted, err = tmux.directory.appendingPathComponent("err").path
        for arguments in ["-", "app -"] {
            let run = try tmux.run("cd \(q(files.directory)) && \(q(binary)) \(arguments) > \(q(out)) 2> \(q(err))")
            XCTAssertEqual(try run.waitForExit(), 2, arguments)
            XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                           "mediapick: stdin: is a terminal; - reads the paths to pick from on it (find … | mediapick -)\n", arguments)
            XCTAssertEqual(try MediapickFixtures.read(out), [], arguments)
        }
    }

    func testDashBesideOtherPathsIsAUsageError() throws {
        try files.picture("a.ppm")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        for arguments in [["-", files.directory], [files.directory, "-", "-m"], ["-", "-"], ["app", "--", "-", files.directory]] {
            let status = try ChildProcess.run([binary] + arguments, stdin: "/dev/null", stdout: out, stderr: err, timeout: 30)
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                           "mediapick: - (the paths on stdin) goes alone, without other PATHs: put them on stdin too "
                           + "({ find DIR; cat LIST; } | mediapick -); for a file named -, write ./-\n", "\(arguments)")
            XCTAssertEqual(try MediapickFixtures.read(out), [], "\(arguments)")
        }
    }

    func testDotSlashDashIsAFileNamedDash() throws {
        try files.write(name: Array("-".utf8), bytes: MediapickFixtures.ppm(rgb: (1, 2, 3)))
        let q = MediapickFixtures.quoted
        let run = try tmux.run("cd \(q(files.directory)) && \(q(binary)) ./- > \(q(out))")
        try tmux.waitFor("Space")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), ["./-"])
    }
}
