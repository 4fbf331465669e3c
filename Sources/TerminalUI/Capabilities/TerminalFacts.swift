import ColorModel

/// Everything `TerminalCapabilities.detect(_:)` decides from, gathered by the caller so that
/// detection stays a pure function tested without a terminal: the environment, terminfo, the
/// requests of the command line and, when the terminal was asked, its replies.
public struct TerminalFacts: Hashable, Sendable {
    /// The environment; `TerminalCapabilities.environmentNames` are read.
    public var environment: [String: String]
    /// The terminfo entry's colour answers when output goes through curses; nil when no
    /// terminfo is consulted (`thumb` writes its escape sequences itself).
    public var terminfo: TerminfoColors?
    /// The depth asked for on the command line (`--colors`); nil for `auto`.
    public var requestedColorDepth: ColorDepth?
    /// The protocol asked for on the command line (`--graphics`); nil for `auto`.
    public var requestedGraphics: GraphicsProtocol?
    /// What the terminal answered to `TerminalQueries`; nil when it was not asked.
    public var probe: TerminalProbeReplies?
    /// The tty's own size (`TIOCGWINSZ`), pixels included when the terminal fills them in.
    public var window: TerminalWindowSize?
    /// Inside tmux: whether tmux passes sequences through (`allow-passthrough`); nil when not
    /// in tmux or tmux did not say.
    public var tmuxPassthrough: Bool?
    /// Pixels per cell to assume where the terminal cannot say (`--cell-size`); nil leaves it unknown.
    public var fallbackCellPixelSize: Size?

    /// The facts of one run.
    public init(environment: [String: String], terminfo: TerminfoColors? = nil, requestedColorDepth: ColorDepth? = nil,
                requestedGraphics: GraphicsProtocol? = nil, probe: TerminalProbeReplies? = nil,
                window: TerminalWindowSize? = nil, tmuxPassthrough: Bool? = nil) {
        self.environment = environment
        self.terminfo = terminfo
        self.requestedColorDepth = requestedColorDepth
        self.requestedGraphics = requestedGraphics
        self.probe = probe
        self.window = window
        self.tmuxPassthrough = tmuxPassthrough
    }
}
