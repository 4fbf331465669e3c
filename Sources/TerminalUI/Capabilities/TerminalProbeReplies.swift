import ColorModel

/// What a terminal answered to `TerminalQueries.batch`, as `TerminalReplyParser` reads it.
/// Every field is nil (or empty) when its query got no answer; detection then falls back on
/// the environment.
public struct TerminalProbeReplies: Hashable, Sendable {
    /// The kitty graphics query (`a=q`): true for `OK`, false for an error reply, nil for none.
    public var kittyGraphics: Bool?
    /// The primary device attributes (DA1, `ESC [ ? … c`): the class first, then the
    /// attributes (4 = sixel). Nil when the terminal did not answer in time.
    public var deviceAttributes: [Int]?
    /// XTVERSION's text (`kitty(0.39.1)`, `WezTerm 20240203…`, `XTerm(388)`, `tmux 3.4`…).
    public var version: String?
    /// XTWINOPS 16t: a cell in pixels.
    public var cellPixelSize: Size?
    /// XTWINOPS 14t: the text area in pixels.
    public var windowPixelSize: Size?
    /// XTWINOPS 18t: the text area in cells.
    public var windowCellSize: Size?
    /// XTGETTCAP answers the terminal knew: capability name to value (empty for a flag).
    public var terminfoAnswers: [String: String]
    /// The DECRQSS read-back of SGR after setting `38;2;1;2;3`: true when the colour came back
    /// as direct colour, false when it came back otherwise (mapped to a palette) or the request
    /// was refused, nil when nothing answered.
    public var directColorReadBack: Bool?
    /// The form the read-back wrote the colour in, when it kept it as direct colour.
    public var directColorSyntax: DirectColorSyntax?
    /// OSC 11: the terminal's default background colour, to 8 bits a channel.
    public var backgroundColor: RGB?

    /// Replies as given (the parser and tests).
    public init(kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, version: String? = nil,
                cellPixelSize: Size? = nil, windowPixelSize: Size? = nil, windowCellSize: Size? = nil,
                terminfoAnswers: [String: String] = [:], directColorReadBack: Bool? = nil,
                directColorSyntax: DirectColorSyntax? = nil, backgroundColor: RGB? = nil) {
        self.kittyGraphics = kittyGraphics
        self.deviceAttributes = deviceAttributes
        self.version = version
        self.cellPixelSize = cellPixelSize
        self.windowPixelSize = windowPixelSize
        self.windowCellSize = windowCellSize
        self.terminfoAnswers = terminfoAnswers
        self.directColorReadBack = directColorReadBack
        self.directColorSyntax = directColorSyntax
        self.backgroundColor = backgroundColor
    }

    /// True once the device attributes arrived: the last query's answer, so the wait can end.
    public var isComplete: Bool { deviceAttributes != nil }

    /// DA1 lists attribute 4: the terminal draws sixel.
    public var hasSixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

    /// The terminal answers as xterm does: XTVERSION says XTerm, or DA1 names a VT220-or-later
    /// class (62–65), as xterm and the terminals that copy it do (the Linux console says 6).
    public var isXtermCompatible: Bool {
        if version?.hasPrefix("XTerm(") == true { return true }
        guard let level = deviceAttributes?.first else { return false }
        return (62...65).contains(level)
    }
}
