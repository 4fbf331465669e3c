import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A picker started in the background (`mediapick &`, or under `timeout`, which runs its
/// command in a process group of its own) is not the terminal's foreground job: it used to
/// draw over the shell and poll a terminal that never gave it a key. It now says so once and
/// stops until `fg`, as vim and fzf stop.
final class MediapickForegroundTests: PickerTerminalCase {
    func testAPickerInTheBackgroundStopsUntilItIsTheForegroundJob() throws {
        try files.picture("a.ppm")
        let before = tmux.directory.appendingPathComponent("stty-before").path
        let after = tmux.directory.appendingPathComponent("stty-after").path
        XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(before))").waitForExit(), 0)
        // From a script (no job control), as the user round met it: timeout then puts the
        // picker in a process group of its own, in the background. (From an interactive shell
        // timeout's group is the job's, in the foreground.)
        let command = "timeout 120 \(MediapickFixtures.quoted(binary)) --no-cache \(MediapickFixtures.quoted(files.directory)); exit $?"
        let run = try tmux.run("sh -c \(MediapickFixtures.quoted(command))")
        try tmux.waitFor("stopped until it is the terminal's foreground job")
        let script = try XCTUnwrap(TmuxSession.children(of: try tmux.panePID()).first, "sh runs in the pane")
        let timeout = try XCTUnwrap(TmuxSession.children(of: script).first, "timeout runs under sh")
        let picker = try XCTUnwrap(TmuxSession.children(of: timeout).first, "the picker runs under timeout")
        try waitUntil(describe: "the picker stopped") { state(of: picker) == "T" }
        XCTAssertFalse(try tmux.capture().contains("Pick media"), "no picker drawn over the shell")
        XCTAssertEqual(try tmux.modes(), "0 0 1", "the terminal's modes untouched")
        // timeout passes SIGTERM on, with a SIGCONT, as when its time runs out.
        kill(timeout, SIGTERM)
        XCTAssertEqual(try run.waitForExit(), 128 + SIGTERM)
        XCTAssertEqual(try tmux.run("stty -g > \(MediapickFixtures.quoted(after))").waitForExit(), 0)
        XCTAssertEqual(try MediapickFixtures.read(after), try MediapickFixtures.read(before), "the tty's mode as before")
    }


    /// Ctrl-Z in `mediapick | xargs echo`, typed in an interactive bash, stops the whole job and
    /// the shell gives its prompt; `fg` brings the screen back, redrawn, and it works. In raw
    /// mode the tty sends no SIGTSTP, and the program used to stop only itself: the rest of
    /// the pipeline ran on, the shell waited for a job that had not stopped, and no key but
    /// a SIGCONT from elsewhere could bring anything back. The same for the app and the camera.
    func testCtrlZInAPipelineStopsTheWholeJobAndFgBringsTheScreenBack() throws {
        tmux = try TmuxSession(width: 100, height: 30, shell: ["bash", "--norc", "--noprofile"])
        let picture = try files.picture("a.ppm")
        let folder = MediapickFixtures.quoted(files.directory)
        let photos = tmux.directory.appendingPathComponent("photos").path
        var screens: [(arguments: String, ready: String, use: () throws -> Void, printed: String)] = [
            ("--no-cache -m \(folder)", "[ Add 0 ]", {
                try self.tmux.send("Space")
                try self.tmux.waitFor("[ Add 1 ]")
                try self.tmux.send("Enter")
            }, picture),
            ("app --no-cache \(folder)", "Nothing chosen yet", {
                try self.tmux.send("Enter")
                try self.tmux.waitFor("[ Add 0 ]")
                try self.tmux.send("Space")
                try self.tmux.waitFor("[ Add 1 ]")
                try self.tmux.send("Enter")
                try self.tmux.waitFor("Chosen (1)")
                try self.tmux.send("q")
            }, picture),
        ]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
            screens.append(("camera --device lavfi:testsrc=size=320x240:rate=25 --export \(MediapickFixtures.quoted(photos))",
                            "Space/Enter: take picture", {
                try self.tmux.waitUntil(describe: "a live frame") { !$0.contains("Starting the camera") }
                try self.tmux.send("Space")
                try self.tmux.waitFor("[ Use Photo ]")
                try self.tmux.send("Enter")
            }, photos + "/"))
        }
        for screen in screens {
            let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(screen.arguments) | xargs -r echo picked")
            try tmux.waitFor(screen.ready)
            try tmux.send("C-z")
            XCTAssertEqual(try run.waitForExit(timeout: 15), 128 + SIGTSTP, "\(screen.arguments): the shell saw the whole job stop")
            XCTAssertEqual(try tmux.modes(), "0 0 1", "\(screen.arguments): the shell's screen, no mouse tracking, cursor shown")
            let resumed = try tmux.run("fg")
            try tmux.waitFor(screen.ready)
            XCTAssertEqual(try tmux.modes(), "1 1 0", "\(screen.arguments): the screen is back")
            try screen.use()
            XCTAssertEqual(try resumed.waitForExit(), 0)
            let shown = try tmux.capture()
            XCTAssertTrue(shown.contains("picked " + screen.printed), shown)
            XCTAssertEqual(try tmux.run("clear").waitForExit(), 0)
        }
    }

    /// The state letter of /proc/PID/stat (after the parenthesised name): `T` when stopped.
    private func state(of pid: pid_t) -> String? {
        guard let bytes = try? MediapickFixtures.read("/proc/\(pid)/stat"),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return nil }
        return String(UnicodeScalar(bytes[close + 2]))
    }

    private func waitUntil(describe: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(15)
        while !condition() {
            guard Date() < deadline else { throw TmuxError.timeout("waiting for \(describe)") }
            usleep(20_000)
        }
    }
}
