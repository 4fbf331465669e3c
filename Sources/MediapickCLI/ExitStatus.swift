/// The exit statuses of `mediapick`, as fzf uses them.
public enum ExitStatus: Int32, Sendable {
    /// Something was picked (or thumbnails printed).
    case picked = 0
    /// Cancelled, or nothing to pick.
    case nothingPicked = 1
    /// An error: bad usage, no terminal, a file that could not be written or read.
    case error = 2
    /// Ctrl-C / SIGINT.
    case interrupted = 130
    /// SIGHUP (the terminal hung up: an SSH connection dropped).
    case hungUp = 129
    /// SIGQUIT (`kill -QUIT`).
    case quit = 131
    /// SIGTERM.
    case terminated = 143
}
