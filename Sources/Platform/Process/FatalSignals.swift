#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals that would end mediapick by their default action while it holds something to
/// give back (the terminal's modes, a half-written result), and that it can catch: what the
/// picker and the writing of results turn into an orderly stop with status 128 + N.
public enum FatalSignals {
    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT, and every other signal whose default ends the program
    /// and that is sent rather than raised by a fault: the user's (SIGUSR1/2), the timers'
    /// (SIGALRM, SIGVTALRM, SIGPROF), the resource limits' (SIGXCPU; SIGXFSZ, after which a
    /// write fails with EFBIG instead), SIGPWR, SIGIO and SIGSTKFLT. Left at their default:
    /// SIGKILL (uncatchable), SIGPIPE (a reader gone ends the program quietly, status 141) and
    /// the faults (`faults`), after which the program cannot go on: while a screen is up,
    /// `TerminalCrashGuard` gives the terminal back before they end it. The real-time signals
    /// are not caught.
    public static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
                                         SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGIO, SIGSTKFLT]

    /// The faults: raised by the program's own failure (a Swift trap is SIGILL or SIGTRAP, a C
    /// library's assert SIGABRT), after which it cannot go on; `TerminalCrashGuard` gives the
    /// terminal back before they end it.
    public static let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]

    /// The exit status shells give a program ended by `signo`: 128 + its number.
    public static func exitStatus(_ signo: Int32) -> Int32 { 128 + signo }
}
