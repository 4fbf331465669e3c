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
public final class StandardErrorHold: Sendable {
    /// How many bytes are kept; what comes after is counted and reported as a number.
    public static let limit = 64 * 1024

    private struct State: Sendable {
        var bytes: [UInt8] = []
        var dropped = 0
        var drained = false
        var released = false
    }

    private let saved: Int32
    private let state = Locked(State())
    private let done = LockCondition()

    private init(saved: Int32) { self.saved = saved }

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
        let hold = StandardErrorHold(saved: saved)
        let reader = ends[0]
        guard WorkerThread.spawn(name: "mediapick.stderr", { hold.drain(reader) }) else {
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
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            state.withLock { held in
                let room = max(0, Self.limit - held.bytes.count)
                held.bytes.append(contentsOf: chunk[0..<min(n, room)])
                held.dropped += n - min(n, room)
            }
        }
        close(reader)
        state.withLock { $0.drained = true }
        done.broadcast()
    }

    /// Puts the terminal back on fd 2 and writes what was held there (with a count of what
    /// was past the limit), after the terminal is restored; later calls do nothing.
    public func release() {
        let first = state.withLock { held in
            defer { held.released = true }
            return !held.released
        }
        guard first else { return }
        dup2(saved, 2)
        close(saved)
        // A helper process still holding the pipe's write end would keep the reader waiting;
        // none outlives the UI (their stderr is their own pipe, or /dev/null), so this returns.
        let (bytes, dropped) = state.withLock(waitingOn: done, until: { $0.drained }) { ($0.bytes, $0.dropped) }
        var text = bytes
        if dropped > 0 { text += Array("mediapick: \(dropped) more bytes of messages left out\n".utf8) }
        var offset = 0
        while offset < text.count {
            let n = text[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
    }
}
