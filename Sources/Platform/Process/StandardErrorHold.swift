import CSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds back what is written on stderr (file descriptor 2) while a full-screen UI owns the
/// terminal, and writes it out once the terminal is given back.
///
/// Libraries decoding in this process may print on stderr themselves: libde265, under libheif,
/// prints `SPS error: CB alignment` for a broken HEIC with a plain `fprintf(stderr, …)` and no
/// way to turn it off. With stderr on the same terminal as the UI, that text lands in the
/// middle of the curses screen and scrolls it. So while held, fd 2 is a pipe that a thread
/// drains into memory (the first `limit` bytes kept, the rest counted), and `release()` puts
/// the terminal back on fd 2 and writes what was held. When stderr is not a terminal (`2>log`)
/// nothing is held: it cannot disturb the screen, and a log should get its lines as they come.
///
/// The held bytes and the real stderr live in C (`CSystem/stderr_hold.c`), where a crash's
/// signal handler (`TerminalCrashGuard`) can reach them: a crash puts the real stderr back and
/// writes what was held, the Swift runtime's "Fatal error: …" line among it, which the
/// program would otherwise end without showing. One hold at a time, as there is one fd 2.
public final class StandardErrorHold: Sendable {
    /// How many bytes are kept; what comes after is counted and reported as a number.
    public static let limit = Int(CC_STDERR_HOLD_LIMIT)

    /// Whether the drain thread has read the pipe to its end.
    private let drained = Locked(false)
    private let done = LockCondition()

    private init() {}

    /// Starts holding stderr when it is a terminal; nil (nothing changed) otherwise, or when
    /// no pipe or thread can be had.
    public static func start() -> StandardErrorHold? {
        guard isatty(2) != 0 else { return nil }
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(saved)
            return nil
        }
        // Close-on-exec on both ends: a helper started meanwhile gets its own stderr (dup2 below
        // gives fd 2 the pipe without the flag; helpers' fd 2 is replaced when they start).
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let hold = StandardErrorHold()
        let reader = ends[0]
        cc_stderr_hold_begin(saved, reader)
        guard WorkerThread.spawn(name: "mediapick.stderr", { hold.drain(reader) }) else {
            _ = cc_stderr_hold_claim()
            close(ends[0]); close(ends[1]); close(saved)
            return nil
        }
        // fd 2 becomes the pipe's only write end: when `release` puts the terminal back, the
        // reader sees the end of the pipe.
        dup2(ends[1], 2)
        close(ends[1])
        return hold
    }

    /// Reads the pipe until every write end is closed.
    private func drain(_ reader: Int32) {
        cc_stderr_hold_drain(reader)
        close(reader)
        drained.withLock { $0 = true }
        done.broadcast()
    }

    /// Puts the terminal back on fd 2 and writes what was held there (with a count of what
    /// was past the limit), after the terminal is restored; later calls do nothing.
    public func release() {
        let saved = cc_stderr_hold_claim()
        guard saved >= 0 else { return }
        dup2(saved, 2)
        close(saved)
        // A helper process still holding the pipe's write end would keep the reader waiting;
        // none outlives the UI (their stderr is their own pipe, or /dev/null), so this returns.
        drained.withLock(waitingOn: done, until: { $0 }) { _ in }
        cc_stderr_hold_write(2)
    }
}
