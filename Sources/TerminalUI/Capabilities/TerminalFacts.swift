import ColorModel

/// Everything `TerminalCapabilities.detect(_:)` decides from, gathered by the caller so that
/// detection stays a pure function tested without a terminal. Answers to terminal queries
/// (XTGETTCAP, device attributes, the kitty graphics query, cell size) will join as fields.
public struct TerminalFacts: Hashable, Sendable {
    /// The environment; `NO_COLOR`, `COLORTERM` and `TERM` are read.
    public var environment: [String: String]
    /// The terminfo entry's colour answers when output goes through curses; nil when no
    /// terminfo is consulted (`thumb` writes its escape sequences itself).
    public var terminfo: TerminfoColors?
    /// The depth asked for on the command line (`--colors`); nil for `auto`.
    public var requestedColorDepth: ColorDepth?

    /// The facts of one run.
    public init(environment: [String: String], terminfo: TerminfoColors? = nil, requestedColorDepth: ColorDepth? = nil) {
        self.environment = environment
        self.terminfo = terminfo
        self.requestedColorDepth = requestedColorDepth
    }
}
