import TerminalUI

/// Terminal colours to curses colour numbers and pairs. Pure (the caller defines the pairs
/// it is told to), so it is unit-tested without a terminal.
///
/// Colours arrive already matched to `depth` by the UI. On a direct-colour entry (`COLORS`
/// 2^24: `xterm-direct`) curses colour numbers are 0xRRGGBB, except that numbers below 8 mean
/// the ANSI colours, so palette entries 8–255 are sent as their RGB values — whatever the depth,
/// as `--colors 256` on such an entry draws palette colours — and RGB values below 8 are nudged to 8.
struct CursesPalette {
    /// The depth drawn with.
    let depth: ColorDepth
    /// `COLORS`.
    let colors: Int
    /// Whether `use_default_colors` succeeded (else "default" means white on black).
    let defaultColors: Bool
    /// Colour numbers are RGB values (`COLORS` is 2^24).
    var isDirect: Bool { colors >= 1 << 24 }
    private var allocator: ColorPairAllocator
    private var nextFrameIsFull = true

    /// A palette for a terminal with `colors` colours and `colorPairs` pairs.
    init(depth: ColorDepth, colors: Int, colorPairs: Int, defaultColors: Bool) {
        self.depth = depth
        self.colors = colors
        self.defaultColors = defaultColors
        allocator = ColorPairAllocator(colorPairs: depth == .none ? 0 : colorPairs)
    }

    /// The curses colour number for `color` (-1 = the terminal's default).
    func number(for color: TerminalColor, foreground: Bool) -> Int32 {
        let fallback: Int32 = defaultColors ? -1 : (foreground ? 7 : 0)
        switch color {
        case .default:
            return fallback
        case .indexed(let index):
            if isDirect && index >= 8, let rgb = color.approximateRGB { return Self.direct(rgb) }
            return Int(index) < colors ? Int32(index) : fallback
        case .rgb(let rgb):
            return isDirect ? Self.direct(rgb) : fallback
        }
    }

    /// The pair to draw `style` with, and whether it must be (re)defined first.
    mutating func pair(for style: Style) -> ColorPairAllocator.Allocation {
        guard depth != .none else { return .existing(0) }
        let key = ColorPairAllocator.Key(foreground: number(for: style.foreground, foreground: true),
                                         background: number(for: style.background, foreground: false))
        return allocator.pair(for: key)
    }

    /// The numbers a pair was defined with (for `init_extended_pair`).
    func colors(of style: Style) -> (foreground: Int32, background: Int32) {
        (number(for: style.foreground, foreground: true), number(for: style.background, foreground: false))
    }

    /// Starts a frame: a full redraw when `screenCleared()` came since the last one.
    mutating func beginFrame() {
        allocator.beginFrame(full: nextFrameIsFull)
        nextFrameIsFull = false
    }

    /// The screen was cleared, so the next frame draws every cell.
    mutating func screenCleared() { nextFrameIsFull = true }

    private static func direct(_ rgb: RGB) -> Int32 {
        max(8, Int32(rgb.r) << 16 | Int32(rgb.g) << 8 | Int32(rgb.b))
    }
}
