#if canImport(Glibc)
import Glibc
#endif
import Platform
import Synchronization

/// The first stop signal received while results are written; 0 when none. Written by the
/// signal handler (a lock-free atomic store is async-signal-safe), read by `StopSignals`.
private let receivedStopSignal = Atomic<Int32>(0)

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the other fatal signals (`FatalSignals.caught`) while
/// results are being written (after the terminal is given back): caught rather than fatal, so
/// that the writing stops at a step where it can take back what it made instead of dying with
/// half a file on disk.
///
/// A plain handler, not a dispatch signal source: a source relies on the signal being
/// ignored and blocked in the thread that registered it, and a signal sent to the process
/// while the main thread does not block it is then discarded.
final class StopSignals {
    static let signals = FatalSignals.caught
    private var previous: [Int32: sigaction] = [:]

    /// Catches the signals until `end()`.
    init() {
        receivedStopSignal.store(0, ordering: .relaxed)
        for signo in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signo in
                _ = receivedStopSignal.compareExchange(expected: 0, desired: signo, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART  // writes go on; the loop asks `arrived()` between steps
            var old = sigaction()
            sigaction(signo, &action, &old)
            previous[signo] = old
        }
    }

    /// The exit status of the signal received, nil while none has been.
    var status: ExitStatus? {
        let signo = receivedStopSignal.load(ordering: .relaxed)
        return signo == 0 ? nil : .signalled(signo)
    }

    /// True once a stop signal has arrived.
    func arrived() -> Bool { status != nil }

    /// Puts the signals' previous dispositions back.
    func end() {
        for (signo, old) in previous {
            var old = old
            sigaction(signo, &old, nil)
        }
        previous = [:]
    }
}
