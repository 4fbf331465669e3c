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
}
