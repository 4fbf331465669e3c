import ColorModel

/// What the terminal can show, decided once per run by `detect(_:)` from `TerminalFacts`:
/// the colour depth, the graphics protocol thumbnails are drawn with, and the size of a
/// cell in pixels. The picker reads it from its backend (`TerminalBackend.capabilities`),
/// `mediapick thumb` detects it from the environment and the terminal's replies (through /dev/tty).
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours text is drawn with.
    public var colorDepth: ColorDepth
    /// How pictures are drawn: cell art or a pixel protocol.
    public var graphics: GraphicsProtocol
    /// Pixels per cell (width x height), when the terminal has said; nil when unknown.
    public var cellPixelSize: Size?
    /// The terminal's default background (its OSC 11 reply), what partly transparent pixels
    /// are composited over; nil when it did not say (black is then assumed).
    public var background: RGB?
    /// One line for the footer when pictures could be shown but a setting stops them (tmux
    /// without `allow-passthrough`); nil when there is nothing to say.
    public var hint: String?

    /// Capabilities as given (tests, in-memory backends); real terminals use `detect(_:)`.
    public init(colorDepth: ColorDepth, graphics: GraphicsProtocol = .symbols, cellPixelSize: Size? = nil,
                background: RGB? = nil, hint: String? = nil) {
        self.colorDepth = colorDepth
        self.graphics = graphics
        self.cellPixelSize = cellPixelSize
        self.background = background
        self.hint = hint
    }
}
