import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// The real binary run with a pseudo-terminal of the test's own as its controlling terminal
/// (and stdin), stdout and stderr into files: the test plays the terminal on `master`. The
/// test also holds the terminal side open, so that what is left in its input when the child
/// has gone (`pendingInput`) can be read: that is what the shell would get next.
final class PtyChild {
    /// The terminal's side: what the child writes to /dev/tty, and where the test types.
    let master: Int32
    /// The test's own descriptor of the child's terminal (no controlling terminal of ours).
    let slave: Int32
    private let pid: pid_t

    /// Starts `argv` as the leader of a new session on a new 80x24 pseudo-terminal, with
    /// `TERM=xterm-256color` and nothing in the environment that would decide for the terminal.
    init(_ argv: [String], stdout: String, stderr: String) throws {
        let pty = try PseudoTerminal.open()
        master = pty.master
        slave = open(pty.slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw TmuxError.failed("cannot open \(pty.slavePath)") }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "STY", "NO_COLOR", "MEDIAPICK_GRAPHICS", "TERM_PROGRAM", "KITTY_WINDOW_ID",
                     "FZF_PREVIEW_COLUMNS", "FZF_PREVIEW_LINES"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"
        pid = try pty.spawnSessionLeader(argv, environment: environment, stdout: stdout, stderr: stderr)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Reads what the child sends to the terminal until `done` says it holds what was awaited,
    /// or the child has gone (nil then); at most `timeout` seconds.
    func read(until done: ([UInt8]) -> Bool, timeout: TimeInterval = 30) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard n > 0 else { return nil }
            received += buffer[0..<n]
            if done(received) { return received }
        }
        return nil
    }

    /// Types `text` on the terminal's keyboard (or, for a reply, sends it as the terminal).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the child's exit status (128 + signal when killed), then reads what else it
    /// (or the terminal's echo) sent to the terminal.
    func waitForExit() -> (status: Int32, output: [UInt8]) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            output += buffer[0..<n]
        }
        let low = status & 0x7F
        return (low == 0 ? (status >> 8) & 0xFF : 128 + low, output)
    }

    /// What waits in the terminal's input for the next program to read, taken without waiting.
    func pendingInput() -> [UInt8] {
        var raw = termios()
        tcgetattr(slave, &raw)
        cfmakeraw(&raw)  // a line without its newline is readable too
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(slave, TCSANOW, &raw)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(slave, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            pending += buffer[0..<n]
        }
        return pending
    }
}
