/// Why the terminal user interface cannot start. Each message is one line that says what
/// is wrong and what to do; the caller prefixes the program name and exits with status 2.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `/dev/tty` cannot be opened: there is no controlling terminal (a pipe, cron, `ssh`
    /// without `-t`, `setsid`). `reason` is the system's (strerror) text.
    case noTerminal(reason: String)
    /// `TERM` is unset, empty, or names a terminal that terminfo does not know or that
    /// cannot address the cursor.
    case unusableTerminal(term: String?)
    /// ncursesw, opened when a screen is first started, cannot be (not installed, or too old);
    /// `reason` says which and the package to install.
    case cursesUnavailable(reason: String)

    /// The one-line message for stderr.
    public var description: String {
        switch self {
        case .noTerminal(let reason):
            return "no terminal: /dev/tty cannot be opened (\(reason)); run it from a terminal, or use `ssh -t`"
        case .unusableTerminal(let term?) where !term.isEmpty:
            return "no terminal: TERM=\(term) is unknown or cannot move the cursor; set TERM (e.g. TERM=xterm-256color) or use `ssh -t`"
        case .unusableTerminal:
            // The terminal is there (/dev/tty opened); only its type is unknown, so the
            // advice is to name it, not to find a terminal.
            return "no terminal: TERM is not set, so the terminal's type is unknown; set it (e.g. TERM=xterm-256color)"
        case .cursesUnavailable(let reason):
            return "no terminal: \(reason)"
        }
    }
}
