#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The helpers `Subprocess.run` has started and not yet reaped. Process-wide, like the
/// children themselves: they are started on any worker thread and must be ended from `main`
/// when the program exits (`Subprocess.endRunning()`).
private let runningHelpers = Locked<Set<pid_t>>([])

/// Runs a helper program (ffmpeg) with arguments given as exact bytes and a time limit,
/// and returns what it wrote on stdout. Foundation's `Process` takes `String` arguments,
/// which would mangle file names that are not UTF-8.
public enum Subprocess {
    /// Ends (SIGKILL) every helper `run` has started and not yet reaped: for the program's
    /// exit. A picker that exited while a tile's ffmpeg made a poster left that ffmpeg running
    /// under init until it finished its frame (for ever on a stalled input); the decode
    /// workers are not waited for at exit, so their helpers are ended here. A helper's
    /// process id stays reserved until `run` reaps it, and `run` forgets it before reaping,
    /// so no other process can be hit.
    public static func endRunning() {
        runningHelpers.withLock { helpers in
            for pid in helpers { kill(pid, SIGKILL) }
        }
    }

    /// The executable called `name` on `$PATH`, or nil.
    public static func find(_ name: String, environment: [String: String] = ProcessEnvironment.variables()) -> RawPath? {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = RawPath(String(folder)).appending(name)
            if candidate.withCString({ access($0, X_OK) }) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments`; stdin and stderr are /dev/null. Returns stdout when
    /// the program exits with status 0 within `timeLimit`; kills it and returns nil otherwise,
    /// or as soon as `abandon` (asked at least every 100 ms) is true: the caller is stopping
    /// (a signal, a cancelled job), and the program is not left running after it.
    public static func run(_ executable: RawPath, arguments: [[UInt8]], timeLimit: Duration,
                           abandon: () -> Bool = { false }) -> [UInt8]? {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return nil }
        let readEnd = pipeFDs[0], writeEnd = pipeFDs[1]
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var pid: pid_t = 0
        // Registered under the lock with the spawn, so that `endRunning` cannot miss it.
        let spawned = runningHelpers.withLock { helpers in
            let result = Subprocess.spawn(executable, arguments: arguments, environment: ProcessEnvironment.variables(), actions: &actions, pid: &pid)
            if result == 0 { helpers.insert(pid) }
            return result
        }
        close(writeEnd)
        guard spawned == 0 else { close(readEnd); return nil }

        let deadline = ContinuousClock.now + timeLimit
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timedOut = false
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero || abandon() { timedOut = true; break }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let millis = Int32(min(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000, 100))
            let ready = poll(&poller, 1, max(1, millis))
            if ready < 0 && errno != EINTR { break }
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            output.append(contentsOf: buffer[0..<n])
        }
        close(readEnd)
        if timedOut { kill(pid, SIGKILL) }
        // Waited for without reaping, then forgotten, then reaped: until it is reaped its id
        // cannot be given to another process, so `endRunning` never signals a stranger.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        runningHelpers.withLock { _ = $0.remove(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitedCleanly = (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0
        return !timedOut && exitedCleanly ? output : nil
    }

    /// posix_spawn with arguments as exact bytes (NUL-terminated copies, freed after the call)
    /// and no signal blocked in the child; returns posix_spawn's result.
    static func spawn(_ executable: RawPath, arguments: [[UInt8]], environment: [String: String],
                      actions: inout posix_spawn_file_actions_t, pid: inout pid_t) -> Int32 {
        let argv = [executable.bytes] + arguments
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { $0?.deallocate() }
            cEnv.forEach { free($0) }
        }
        // A child inherits the calling thread's signal mask, and the threads Swift's executors
        // run on block nearly every signal: ffmpeg started from one kept SIGINT, SIGTERM and
        // SIGHUP pending for ever, so Ctrl-C and `kill` could not end it and stop() always
        // waited its grace for SIGKILL. The child starts with nothing blocked, as from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        blockNoSignal(in: &attributes)
        return executable.withCString { path in posix_spawn(&pid, path, &actions, &attributes, cArgs, cEnv) }
    }

    /// Makes a child spawned with `attributes` start with no signal blocked, as from a shell
    /// (adding POSIX_SPAWN_SETSIGMASK to the flags already set). Whatever starts a program
    /// from a Swift thread needs it: those threads block nearly every signal.
    public static func blockNoSignal(in attributes: inout posix_spawnattr_t) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETSIGMASK))
    }
}
