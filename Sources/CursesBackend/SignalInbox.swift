import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP, SIGQUIT, the other fatal signals (`FatalSignals.caught`) and
/// SIGTSTP into values the main actor picks up between reads, so the run loop ends (or
/// suspends) normally and restores the terminal itself.
///
/// A `SignalRecorder`: each signal gets a handler (so its default action never kills the
/// process with the terminal in raw mode, and ncurses installs no handler of its own), and
/// `stop()` puts back what was there before. The run loop reads in slices of at most 100 ms
/// and takes the signals between them.
final class SignalInbox {
    /// The signals observed.
    static let signals: [Int32] = FatalSignals.caught + [SIGTSTP]

    private let recorder: SignalRecorder

    /// Starts observing. Must happen before `newterm`, which installs ncurses' own handlers
    /// only for signals still at their default.
    init() {
        recorder = SignalRecorder(Self.signals)
    }

    /// False when SIGTSTP was ignored when the program started: whoever started it has no
    /// job control, so a stopped program would never be continued and Ctrl-Z is ignored.
    var canSuspend: Bool { !recorder.wasIgnored(SIGTSTP) }

    /// Removes and returns the signals received since the last call, in the order they came.
    func take() -> [Int32] { recorder.take() }

    /// Stops observing and restores the dispositions found at `init` (idempotent).
    func stop() { recorder.stop() }
}
