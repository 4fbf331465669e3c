#if canImport(Glibc)
import Glibc
#endif
import CursesBackend

/// SIGINT, SIGTERM and SIGHUP while results are being written (after the terminal is given
/// back): observed rather than fatal, so that the writing can stop at a step where it can
/// take back what it made instead of dying with half a file on disk.
final class StopSignals {
    private let inbox = SignalInbox(signals: [SIGINT, SIGTERM, SIGHUP])
    /// The status of the first signal received, once one has been.
    private(set) var status: ExitStatus?

    /// True once a stop signal has arrived.
    func arrived() -> Bool {
        if status == nil, let signal = inbox.take().first {
            switch signal {
            case SIGINT: status = .interrupted
            case SIGHUP: status = .hungUp
            default: status = .terminated
            }
        }
        return status != nil
    }

    /// Stops observing: the signals' default actions are back.
    func end() { inbox.stop() }
}
