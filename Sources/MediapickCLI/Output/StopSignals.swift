import Platform
import Synchronization

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the other fatal signals (`FatalSignals.caught`) while
/// mediapick holds something and has no screen: results being written (after the terminal is
/// given back), a camera's probe running ffmpeg (before it is taken), `thumb`'s work (a video's
/// poster helper). Caught rather than
/// fatal, so that the work stops at a step where it can take back what it made (half a file
/// on disk, a child process) and the program exits with the signal's status.
final class StopSignals: Sendable {
    private let recorder = SignalRecorder(FatalSignals.caught)
    /// The first signal taken from the recorder; 0 while none has been.
    private let first = Atomic<Int32>(0)

    /// Catches the signals until `end()`.
    init() {}

    /// The exit status of the first signal received, nil while none has been.
    var status: ExitStatus? {
        if first.load(ordering: .relaxed) == 0, let signo = recorder.take().first {
            _ = first.compareExchange(expected: 0, desired: signo, ordering: .relaxed)
        }
        let signo = first.load(ordering: .relaxed)
        return signo == 0 ? nil : .signalled(signo)
    }

    /// True once a stop signal has arrived; may be asked from any thread.
    func arrived() -> Bool { status != nil }

    /// Puts the signals' previous dispositions back.
    func end() { recorder.stop() }
}
