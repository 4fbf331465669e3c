#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A helper program (ffmpeg capturing a camera) whose stdout is read while it runs, frame by
/// frame, and which can be stopped at any time. `Subprocess.run` only hands stdout back at exit.
///
/// Arguments are exact bytes (posix_spawn); stdin is /dev/null; stderr is kept (its last
/// `stderrTailLimit` bytes) for the error message when the program ends early. The program
/// is reaped exactly once, by `stop` or `deinit`, so it never lingers as a zombie; if this
/// process dies first, the program's next write to stdout fails (EPIPE) and it ends too.
public final class StreamingProcess: Sendable {
    /// How many bytes of stderr are kept.
    public static let stderrTailLimit = 2048

    /// The child's process id.
    public let pid: pid_t
    private let stdoutFD: Int32
    private let stderrFD: Int32
    private let state = Locked(State())

    private struct State: Sendable {
        var exitStatus: Int32?
        var stderrTail: [UInt8] = []
        var closed = false
    }

    private init(pid: pid_t, stdoutFD: Int32, stderrFD: Int32) {
        self.pid = pid
        self.stdoutFD = stdoutFD
        self.stderrFD = stderrFD
    }

    /// Starts `executable` with `arguments`; nil when it cannot be started.
    public static func start(_ executable: RawPath, arguments: [[UInt8]],
                             environment: [String: String] = ProcessEnvironment.variables()) -> StreamingProcess? {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return nil }
        guard pipe(&err) == 0 else { close(out[0]); close(out[1]); return nil }
        for fd in [out[0], err[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)

        var pid: pid_t = 0
        let spawned = Subprocess.spawn(executable, arguments: arguments, environment: environment, actions: &actions, pid: &pid)
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0]); close(err[0])
            return nil
        }
        // stderr is drained between reads of stdout, never waited on.
        _ = fcntl(err[0], F_SETFL, fcntl(err[0], F_GETFL) | O_NONBLOCK)
        return StreamingProcess(pid: pid, stdoutFD: out[0], stderrFD: err[0])
    }

    deinit {
        stop()
        close(stdoutFD)
        close(stderrFD)
    }

    /// Reads what stdout has (blocking until something comes) into `buffer`; the byte count,
    /// 0 at the end of the stream (the program exited or was stopped). Meant for one reading thread.
    public func readSome(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return 0
            }
            if fds[1].revents != 0 { drainStderr() }
            guard fds[0].revents != 0 else { continue }
            let n = Glibc.read(stdoutFD, buffer.baseAddress!, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                drainStderr()
                return 0
            }
            return n
        }
    }

    /// Fills `buffer` from stdout (blocking); true when it is full, false at the end of the
    /// stream with the bytes read so far left in it.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let n = readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { return false }
            filled += n
        }
        return true
    }

    /// Everything stdout carries until the program ends.
    public func readToEnd() -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { readSome(into: $0) }
            if n == 0 { return output }
            output.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads `count` bytes of stdout, or nil at the end of the stream.
    public func read(count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let full = bytes.withUnsafeMutableBytes { read(into: $0) }
        return full ? bytes : nil
    }

    private func drainStderr() {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(stderrFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            state.withLock { state in
                state.stderrTail.append(contentsOf: chunk[0..<n])
                if state.stderrTail.count > Self.stderrTailLimit {
                    state.stderrTail.removeFirst(state.stderrTail.count - Self.stderrTailLimit)
                }
            }
        }
    }

    /// The last bytes the program wrote on stderr (read along with stdout).
    public var stderrTail: [UInt8] { state.withLock { $0.stderrTail } }

    /// The last non-empty line of stderr, trimmed, or nil.
    public var lastErrorLine: String? {
        drainStderr()
        let text = String(decoding: stderrTail, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last.map { String($0).trimmingSpaces() }
    }

    /// The wait status once the program has been reaped (by `stop` or `waitForExit`).
    public var exitStatus: Int32? { state.withLock { $0.exitStatus } }

    /// Waits (up to `timeLimit`) for the program to exit by itself and reaps it; true if it did.
    public func waitForExit(timeLimit: Duration) -> Bool {
        reap(within: timeLimit)
    }

    /// Stops the program: SIGTERM, then SIGKILL if it is still running after `grace`; reaps it.
    /// Safe to call more than once and from any thread.
    public func stop(grace: Duration = .milliseconds(500)) {
        if exitStatus != nil { return }
        kill(pid, SIGTERM)
        if reap(within: grace) { return }
        kill(pid, SIGKILL)
        _ = reap(within: nil)
    }

    /// Reaps the program if it exits within `limit` (nil: waits as long as it takes).
    private func reap(within limit: Duration?) -> Bool {
        let deadline = limit.map { ContinuousClock.now + $0 }
        while true {
            let done: Bool = state.withLock { state in
                if state.exitStatus != nil { return true }
                var status: Int32 = 0
                let flags = deadline == nil ? 0 : WNOHANG
                let reaped = waitpid(pid, &status, flags)
                if reaped == pid { state.exitStatus = status; return true }
                // ECHILD: reaped elsewhere (a SIGCHLD handler set to ignore); nothing is left to wait for.
                if reaped < 0 && errno == ECHILD { state.exitStatus = -1; return true }
                return false
            }
            if done { return true }
            guard let deadline else { continue }
            if ContinuousClock.now >= deadline { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
