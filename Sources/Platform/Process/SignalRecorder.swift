#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Signal numbers run from 1 to 64 on Linux (`_NSIG` is 65); index 0 is unused.
private let signalSlots = 65

/// When each signal last began to be pending (0: not pending), stamped from `arrivalClock`.
/// Process-wide because a signal handler can reach nothing else; written by `recordArrival`
/// (lock-free atomics are async-signal-safe), emptied by `SignalRecorder.take()`.
private let arrivalStamps = InlineArray<65, Atomic<UInt64>> { _ in Atomic(0) }

/// Counts arrivals, so that the stamps say which came first.
private let arrivalClock = Atomic<UInt64>(0)

/// The handler: stamps `signo`'s first arrival since it was last taken. A second arrival of a
/// signal not yet taken keeps the first's stamp, as the kernel merges a pending signal.
private func recordArrival(_ signo: Int32) {
    guard signo > 0, Int(signo) < signalSlots else { return }
    let stamp = arrivalClock.add(1, ordering: .relaxed).newValue
    _ = arrivalStamps[Int(signo)].compareExchange(expected: 0, desired: stamp, ordering: .relaxed)
}

/// Records which of some signals arrive, in the order they first arrived, so that the program
/// acts on them where it can (between two reads of the run loop, between two steps of a write)
/// instead of being ended with the terminal in raw mode or a child process still running.
///
/// A plain `sigaction` handler that only stamps the signal in a lock-free atomic. Not a
/// `DispatchSource`: on Linux libdispatch reads a source's signal from a signalfd and relies on
/// it being blocked, re-raising it from a handler otherwise; it never blocks SIGPROF, which it
/// then raised for ever. `SA_RESTART`: an interrupted read or write elsewhere goes on rather
/// than failing with EINTR in code that does not expect it; waits that must notice a signal
/// look at `take()` at least every 100 ms (the run loop's slices, a probe's watchdog) —
/// `poll` returns early with EINTR in any case. The signals are unblocked in the thread that
/// starts recording (a mask inherited from the parent must not hold them back for ever).
///
/// The arrivals are the process's, one slot per signal number: two recorders must not record
/// the same signal at once. Start and `stop()` on the same thread (the mask is per thread).
public final class SignalRecorder: Sendable {
    /// The signals recorded.
    public let signals: [Int32]
    private let previous: [Int32: sigaction]
    private let previouslyBlocked: [Int32]
    private let stopped = Atomic<Bool>(false)

    /// Installs the handler for `signals` (each at most 64), forgetting arrivals of them that
    /// an earlier recorder left untaken, and unblocks them in this thread.
    public init(_ signals: [Int32]) {
        self.signals = signals
        var previous: [Int32: sigaction] = [:]
        var unblock = sigset_t(), mask = sigset_t()
        sigemptyset(&unblock)
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        previouslyBlocked = signals.filter { sigismember(&mask, $0) == 1 }
        for signo in signals {
            precondition(signo > 0 && Int(signo) < signalSlots, "signal \(signo) out of range")
            // Before the handler can run: the first use of a global initialises it, which a
            // signal handler must not be the one to do.
            arrivalStamps[Int(signo)].store(0, ordering: .relaxed)
            _ = arrivalClock.load(ordering: .relaxed)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { recordArrival($0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signo, &action, &old)
            previous[signo] = old
            sigaddset(&unblock, signo)
        }
        self.previous = previous
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Removes and returns the signals that arrived since the last call (or the start), each
    /// once however often it came, in the order of their first arrivals.
    public func take() -> [Int32] {
        signals.compactMap { signo -> (stamp: UInt64, signo: Int32)? in
            let stamp = arrivalStamps[Int(signo)].exchange(0, ordering: .relaxed)
            return stamp == 0 ? nil : (stamp, signo)
        }
        .sorted { $0.stamp < $1.stamp }
        .map(\.signo)
    }

    /// True when `signo` was ignored (`SIG_IGN`) before recording began: whoever started the
    /// program asked that it be ignored.
    public func wasIgnored(_ signo: Int32) -> Bool {
        guard let old = previous[signo] else { return false }
        return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Puts back the dispositions and the blocked signals found at the start (idempotent).
    /// Arrivals not yet taken stay for `take()`.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        for (signo, old) in previous {
            var old = old
            sigaction(signo, &old, nil)
        }
        var block = sigset_t()
        sigemptyset(&block)
        for signo in previouslyBlocked { sigaddset(&block, signo) }
        pthread_sigmask(SIG_BLOCK, &block, nil)
    }
}
