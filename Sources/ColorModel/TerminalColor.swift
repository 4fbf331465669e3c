/// A colour as a terminal can show it: its own default, a palette entry, or direct RGB.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's default foreground or background (whatever the user configured).
    case `default`
    /// An entry of the terminal's palette: 0–15 the ANSI colours, 16–255 the xterm cube and greys.
    case indexed(UInt8)
    /// Direct ("true") colour.
    case rgb(RGB)

    /// The RGB value this colour shows as on a terminal with the xterm palette, or nil for `.default`.
    public var approximateRGB: RGB? {
        switch self {
        case .default: return nil
        case .indexed(let index): return XtermPalette.colors[Int(index)]
        case .rgb(let rgb): return rgb
        }
    }
}

/// How many colours a terminal (or an output) can show.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// No colour at all: only the terminal's default colours and attributes.
    case none = 0
    /// The 8 basic ANSI colours.
    case ansi8 = 8
    /// The 16 ANSI colours (8 basic and 8 bright).
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case ansi256 = 256
    /// Direct 24-bit colour.
    case trueColor = 16_777_216

    /// Orders depths from fewest to most colours.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name used on the command line (`none`, `8`, `16`, `256`, `truecolor`).
    public var description: String {
        switch self {
        case .none: return "none"
        case .ansi8: return "8"
        case .ansi16: return "16"
        case .ansi256: return "256"
        case .trueColor: return "truecolor"
        }
    }
}
