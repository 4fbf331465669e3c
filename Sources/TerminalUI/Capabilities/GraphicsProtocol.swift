/// How a terminal is sent pictures. Only symbols (cell art: glyphs and colours in the text
/// grid) exist today; the pixel protocols (kitty, sixel, iTerm2) join this enum as their
/// renderers are written, and `TerminalCapabilities.detect(_:)` learns to choose them.
public enum GraphicsProtocol: String, Hashable, Sendable, CaseIterable {
    /// Cell art: every terminal can show it.
    case symbols
}
