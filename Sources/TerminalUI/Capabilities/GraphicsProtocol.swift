/// How a terminal is sent pictures: cell art in the text grid, or one of the pixel protocols.
/// `TerminalCapabilities.detect(_:)` chooses one; `--graphics`/`MEDIAPICK_GRAPHICS` can force it.
public enum GraphicsProtocol: String, Hashable, Sendable, CaseIterable {
    /// Cell art: every terminal can show it.
    case symbols
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm with it enabled, Konsole).
    case kitty
    /// DEC sixel (xterm as a VT340, foot, WezTerm, mlterm, Windows Terminal).
    case sixel
    /// iTerm2 inline images, OSC 1337 (iTerm2, WezTerm, VS Code, Tabby).
    case iterm2
}
