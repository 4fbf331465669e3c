import ColorModel

/// What the terminal can show, decided once per run by `detect(_:)` from `TerminalFacts`:
/// the colour depth, the graphics protocol thumbnails are drawn with, and the size of a
/// cell in pixels. The picker reads it from its backend (`TerminalBackend.capabilities`),
/// `mediapick thumb` detects it from the environment alone.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours text is drawn with.
    public var colorDepth: ColorDepth
    /// How pictures are drawn: as symbols (cell art) today.
    public var graphics: GraphicsProtocol
    /// Pixels per cell (width x height), when the terminal has said; nil when unknown.
    public var cellPixelSize: Size?

    /// Capabilities as given (tests, in-memory backends); real terminals use `detect(_:)`.
    public init(colorDepth: ColorDepth, graphics: GraphicsProtocol = .symbols, cellPixelSize: Size? = nil) {
        self.colorDepth = colorDepth
        self.graphics = graphics
        self.cellPixelSize = cellPixelSize
    }
}
