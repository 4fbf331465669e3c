#if canImport(Glibc)
import Glibc
#endif

/// A new pseudo-terminal: the side a program drives (`master`) and the path of the side it
/// hands out as a terminal (`/dev/pts/N`). Opened through /dev/ptmx by hand, because
/// `posix_openpt` and its friends are not in Swift's Glibc module.
public struct PseudoTerminal: Sendable {
    /// The driving side (close-on-exec); the caller closes it.
    public let master: Int32
    /// The terminal side's path, to open as a terminal.
    public let slavePath: String

    /// Opens a pair: TIOCSPTLCK 0 unlocks the terminal side, TIOCGPTN gives its number.
    public static func open() throws(SystemError) -> PseudoTerminal {
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw SystemError("cannot make a pseudo-terminal", code: errno) }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            let code = errno
            close(master)
            throw SystemError("cannot make a pseudo-terminal", code: code)
        }
        return PseudoTerminal(master: master, slavePath: "/dev/pts/\(number)")
    }

    /// Starts `arguments` (the first is the program's path unless `executable` is given) as
    /// the leader of a new session whose controlling terminal is this one's terminal side,
    /// opened as stdin; stdout and stderr go to the files given, or stay the caller's.
    public func spawnSessionLeader(_ arguments: [String], executable: String? = nil, environment: [String: String],
                                   stdout: String? = nil, stderr: String? = nil) throws(SystemError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc): a new session, so that opening the terminal as stdin
        // (a file action, which glibc performs after setsid) makes it the controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        Subprocess.blockNoSignal(in: &attributes)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        for (fd, path) in [(Int32(1), stdout), (2, stderr)] {
            if let path { posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable ?? arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw SystemError("cannot start", path: executable ?? arguments[0], code: spawned) }
        return pid
    }
}
