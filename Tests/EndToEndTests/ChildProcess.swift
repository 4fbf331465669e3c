import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program with stdin from a file (/dev/null unless told) and stdout/stderr into files, and waits for it.
enum ChildProcess {
    /// Runs `argv` and returns its exit status (128 + signal when killed by one), or nil when
    /// it did not finish within `timeout` seconds (it is then killed).
    static func run(_ argv: [String], stdin: String = "/dev/null", stdout: String, stderr: String, timeout: TimeInterval) throws -> Int32? {
        try wait(start(argv, stdin: stdin, stdout: stdout, stderr: stderr), timeout: timeout)
    }

    /// Starts `argv` and returns its process id, for `wait(_:timeout:)`.
    static func start(_ argv: [String], stdin: String = "/dev/null", stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        // Started as from a shell, with no signal blocked: the test's thread blocks most, and
        // tmux's server, its shell and the program under test inherited that, which hid how a
        // signal meets the program for real (SIGPROF looped in libdispatch's handler).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        Subprocess.blockNoSignal(in: &attributes)
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
        guard rc == 0 else { throw TmuxError.failed("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for the program `start` started and returns its exit status (128 + signal when
    /// killed by one), or nil when it did not finish within `timeout` seconds (it is then killed).
    static func wait(_ pid: pid_t, timeout: TimeInterval) throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw TmuxError.failed("waitpid: \(String(cString: strerror(errno)))") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return nil
            }
            usleep(2_000)  // a guard against a hung child, not a wait for a screen event
        }
        let low = status & 0x7F
        return low == 0 ? (status >> 8) & 0xFF : 128 + low
    }
}
