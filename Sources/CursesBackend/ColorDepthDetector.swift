import TerminalUI

/// Picks the colour depth to draw with from what terminfo says and the environment. Pure,
/// so the rules are tested without a terminal.
///
/// Direct colour needs a terminfo entry whose `colors` is 2^24 (`xterm-direct`…): curses
/// can only send what terminfo describes, so `COLORTERM=truecolor` on a 256-colour entry
/// still draws with 256 colours (the UI maps RGB to the palette perceptually).
public struct ColorDepthDetector: Sendable {
    /// terminfo `colors` (`COLORS` after `start_color`); 0 or less when absent.
    public var colors: Int
    /// terminfo says the colour numbers are RGB values (`RGB` flag, or tmux's `Tc`).
    public var hasRGBCapability: Bool
    /// The environment (`NO_COLOR`, `COLORTERM`).
    public var environment: [String: String]

    /// Collects the facts to decide from.
    public init(colors: Int, hasRGBCapability: Bool, environment: [String: String]) {
        self.colors = colors
        self.hasRGBCapability = hasRGBCapability
        self.environment = environment
    }

    /// The most colour the terminal can show through curses.
    public var capability: ColorDepth {
        if colors >= ColorDepth.trueColor.rawValue && (hasRGBCapability || colorTermSaysTrueColor) {
            return .trueColor
        }
        if colors >= 256 { return .ansi256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// The depth to use: the request capped at the capability; with no request, the
    /// capability unless `NO_COLOR` is set (to anything but the empty string, per no-color.org).
    public func depth(requested: ColorDepth?) -> ColorDepth {
        if let requested { return min(requested, capability) }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        return capability
    }

    private var colorTermSaysTrueColor: Bool {
        let value = environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit"
    }
}
