/// How a run of the user interface ended.
public enum RunOutcome: Sendable {
    /// The program asked to stop (`StopAction`, `Application.stop`), with this value.
    case stopped(any Sendable)
    /// Ctrl-C / SIGINT: the caller should exit with status 130.
    case interrupted
    /// SIGTERM / SIGHUP: the caller should exit with status 143.
    case terminated

    /// The stop value as `T`, or nil when it was not a stop or is another type.
    public func value<T>(as type: T.Type = T.self) -> T? {
        if case .stopped(let value) = self { return value as? T }
        return nil
    }

    /// The conventional exit status for an ending by signal (130, 143), nil for a stop.
    public var signalExitStatus: Int32? {
        switch self {
        case .stopped: return nil
        case .interrupted: return 130
        case .terminated: return 143
        }
    }
}
