#if canImport(Glibc)
import Glibc
#endif
import Platform

/// The exit statuses of `mediapick`, as fzf uses them, and 128 + N after signal N.
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    /// The status as the process exits with it.
    public let rawValue: Int32

    /// The status `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Something was picked (or thumbnails printed).
    public static let picked = ExitStatus(rawValue: 0)
    /// Cancelled, or nothing to pick.
    public static let nothingPicked = ExitStatus(rawValue: 1)
    /// An error: bad usage, no terminal, a file that could not be written or read.
    public static let error = ExitStatus(rawValue: 2)
    /// Ctrl-C / SIGINT.
    public static let interrupted = signalled(SIGINT)
    /// SIGHUP (the terminal hung up: an SSH connection dropped).
    public static let hungUp = signalled(SIGHUP)
    /// SIGTERM.
    public static let terminated = signalled(SIGTERM)

    /// Stopped by `signo` (one of `FatalSignals.caught`): 128 + its number, as shells say it.
    public static func signalled(_ signo: Int32) -> ExitStatus { ExitStatus(rawValue: FatalSignals.exitStatus(signo)) }
}
