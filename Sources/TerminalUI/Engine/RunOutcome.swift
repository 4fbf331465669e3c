/// How a run of the user interface ended; `Value` is what the program stops with (the
/// picked files, or `StopValue` when a stop carries nothing).
public enum RunOutcome<Value: Sendable>: Sendable {
    /// The program asked to stop (`StopAction`, `Application.stop`), with this value.
    case stopped(Value)
    /// Ctrl-C / SIGINT: the caller should exit with status 130.
    case interrupted
    /// SIGTERM: the caller should exit with status 143.
    case terminated
    /// SIGHUP (the terminal hung up): the caller should exit with status 129.
    case hungUp
    /// SIGQUIT or another signal whose default would end the program (`Event.fatalSignal`):
    /// the caller should exit with status 128 + `signal` (131 for SIGQUIT).
    case killed(signal: Int32)

    /// The stop value, or nil when the run ended by a signal.
    public var value: Value? {
        if case .stopped(let value) = self { return value }
        return nil
    }

    /// The conventional exit status for an ending by signal (128 + the signal: 130, 143,
    /// 129, 131…), nil for a stop.
    public var signalExitStatus: Int32? {
        switch self {
        case .stopped: return nil
        case .interrupted: return 130
        case .terminated: return 143
        case .hungUp: return 129
        case .killed(let signo): return 128 + signo
        }
    }
}
