import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program of the real-terminal harness (Xvfb, a terminal) started in the background with
/// an environment of its own, and ended by its process id when the harness is done.
final class RealTerminalProcess {
    /// The process id.
    let pid: pid_t
    /// The file its stdout and stderr go to, quoted in failures.
    let logPath: String
    private var status: Int32?

    /// Starts `argv` with `environment` (the whole environment, not additions), stdin from
    /// /dev/null and stdout/stderr into `logPath`; `passing` is dup'ed to descriptor 3.
    init(_ argv: [String], environment: [String: String], logPath: String, passing descriptor: Int32? = nil) throws {
        self.logPath = logPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so a Ctrl-C in the test runner's terminal does not reach it twice.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, argv[0], &actions, &attributes, &cArgs, &cEnv)
        guard rc == 0 else { throw RealTerminalError.failed("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { stop() }

    /// Whether it is still running (reaps it when it has ended).
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw; return false }
        return true
    }

    /// What it wrote, for failure messages.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Ends it: SIGTERM (a terminal then hangs up its programs), SIGKILL if it is still there
    /// after two seconds.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while isRunning && Date() < deadline { usleep(5_000) }  // a bound on a dying process, not an event wait
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            _ = waitpid(pid, &raw, 0)
            status = raw
        }
    }

    /// Runs `argv` to its end with `environment` added to the test runner's; returns its status
    /// (nil when it took longer than `timeout` and was killed) and its stdout.
    static func run(_ argv: [String], environment: [String: String], in directory: String,
                    timeout: TimeInterval = 20) throws -> (status: Int32?, output: String) {
        let out = directory + "/.run-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let process = try RealTerminalProcess(argv, environment: env, logPath: out)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.stop()
                return (nil, process.log)
            }
            usleep(2_000)  // a guard against a hung tool, not a wait for a screen event
        }
        let raw = process.status ?? 0
        let low = raw & 0x7F
        return (low == 0 ? (raw >> 8) & 0xFF : 128 + low, process.log)
    }
}
