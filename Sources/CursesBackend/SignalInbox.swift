import Dispatch
import Platform
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGPROF received and not yet taken. A plain handler's flag, not a dispatch source: on Linux
/// libdispatch observes a signal through a signalfd and installs a handler that blocks the
/// signal in the receiving thread and raises it again; it never blocks SIGPROF (left to
/// profilers), so the handler raised SIGPROF again for ever and the picker spun at full CPU
/// instead of stopping. Written by the handler (a lock-free atomic store is
/// async-signal-safe), taken by `SignalInbox.take()`.
private let profilingSignalReceived = Atomic<Bool>(false)

/// Turns SIGINT, SIGTERM, SIGHUP, SIGQUIT, the other fatal signals (`FatalSignals.caught`) and
/// SIGTSTP into values the main actor picks up between reads, so the run loop ends (or suspends) normally and restores the terminal itself.
///
/// Each signal is set to `SIG_IGN` (so its default action never kills the process with the
/// terminal in raw mode, and ncurses installs no handler of its own) and observed with a
/// `DispatchSource`, whose handler runs on a private queue — never in signal context — and
/// only appends to a locked list. The dispositions are put back to `SIG_DFL` by
/// `stop()` to what they were before. The sources belong to this object; SIGPROF's flag is the one global (`profilingSignalReceived`).
final class SignalInbox {
    /// The signals observed.
    static let signals: [Int32] = FatalSignals.caught + [SIGTSTP]

    private let pending = PendingSignals()
    private let sources: [any DispatchSourceSignal]
    private let previous: [Int32: sigaction]

    /// Starts observing. Must happen before `newterm`, which installs ncurses' own handlers
    /// only for signals still at their default.
    init() {
        let queue = DispatchQueue(label: "CursesBackend.signals")
        var sources: [any DispatchSourceSignal] = []
        var previous: [Int32: sigaction] = [:]
        profilingSignalReceived.store(false, ordering: .relaxed)
        for signo in Self.signals {
            var old = sigaction()
            sigaction(signo, nil, &old)
            previous[signo] = old
            guard signo != SIGPROF else {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { _ in profilingSignalReceived.store(true, ordering: .relaxed) }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                sigaction(signo, &action, nil)
                continue
            }
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        self.previous = previous
        for source in sources {
            let signo = Int32(source.handle)
            source.setEventHandler { [pending] in pending.append(signo) }
            source.resume()
        }
    }

    /// False when SIGTSTP was ignored when the program started: whoever started it has no
    /// job control, so a stopped program would never be continued and Ctrl-Z is ignored.
    var canSuspend: Bool {
        guard let old = previous[SIGTSTP] else { return true }
        return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Removes and returns the signals received since the last call, oldest first.
    func take() -> [Int32] {
        pending.take() + (profilingSignalReceived.exchange(false, ordering: .relaxed) ? [SIGPROF] : [])
    }

    /// Stops observing and restores the dispositions found at `init` (idempotent).
    func stop() {
        for source in sources where !source.isCancelled { source.cancel() }
        for (signo, old) in previous {
            var old = old
            sigaction(signo, &old, nil)
        }
    }
}

/// The signals received and not yet taken; shared between the dispatch queue and the main actor.
private final class PendingSignals: Sendable {
    private let list = Locked<[Int32]>([])

    func append(_ signo: Int32) { list.withLock { $0.append(signo) } }

    func take() -> [Int32] {
        list.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}
