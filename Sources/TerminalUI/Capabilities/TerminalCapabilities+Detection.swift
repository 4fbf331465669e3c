import ColorModel

extension TerminalCapabilities {
    /// The environment variables detection reads; a caller that copies the environment
    /// selectively (the curses backend reads `getenv`) takes these.
    public static let environmentNames = ["NO_COLOR", "COLORTERM", "TERM"]

    /// The capabilities of the terminal these facts describe: the one place the rules live.
    ///
    /// Colour depth, first rule that applies:
    /// 1. `--colors` wins over the environment, `NO_COLOR` included. With a terminfo it is
    ///    capped at what the entry can show (curses sends only colours terminfo describes);
    ///    without one it is taken as asked (the caller writes the escape sequences itself).
    /// 2. `NO_COLOR` set to anything but the empty string (no-color.org): none.
    /// 3. `TERM=dumb`: none.
    /// 4. With a terminfo, its `colors`: 2^24 with direct colour confirmed (the `RGB` flag,
    ///    tmux's `Tc`, or `COLORTERM=truecolor|24bit`) gives truecolor; at least 256 gives 256
    ///    (a 2^24 entry without confirmation is used as a palette); 16 gives 16; 8 gives 8;
    ///    fewer gives none.
    /// 5. Without a terminfo the environment stands in for it: `COLORTERM=truecolor|24bit`
    ///    or a `TERM` naming a direct-colour entry (`*-direct`) gives truecolor, a `*256color*`
    ///    `TERM` gives 256, anything else 16.
    ///
    /// Where `thumb` (no terminfo) and the curses UI differ, and why: under curses,
    /// `COLORTERM=truecolor` does not lift a 256-colour entry to truecolor, because curses
    /// cannot send RGB through it (the UI then maps RGB to the palette perceptually), while
    /// `thumb` writes SGR 38;2 itself and trusts `COLORTERM`. A plain `TERM=xterm` is 8
    /// colours under curses (its terminfo says 8) and 16 for `thumb`, whose bright colours
    /// (SGR 90–97) every xterm-like terminal shows. A `--colors` above the entry is capped
    /// under curses only.
    ///
    /// Graphics: symbols (the only protocol so far). Cell size in pixels: unknown (nil).
    public static func detect(_ facts: TerminalFacts) -> TerminalCapabilities {
        TerminalCapabilities(colorDepth: colorDepth(facts))
    }

    private static func colorDepth(_ facts: TerminalFacts) -> ColorDepth {
        let ceiling = facts.terminfo.map { terminfoDepth($0, colorTermSaysTrueColor: colorTermSaysTrueColor(facts)) }
        if let requested = facts.requestedColorDepth { return ceiling.map { min(requested, $0) } ?? requested }
        if let noColor = facts.environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = facts.environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        if let ceiling { return ceiling }
        if colorTermSaysTrueColor(facts) || term.hasSuffix("-direct") { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }

    /// The most colour curses can show through this entry.
    private static func terminfoDepth(_ terminfo: TerminfoColors, colorTermSaysTrueColor: Bool) -> ColorDepth {
        if terminfo.colors >= ColorDepth.trueColor.rawValue && (terminfo.hasRGBFlag || colorTermSaysTrueColor) {
            return .trueColor
        }
        if terminfo.colors >= 256 { return .ansi256 }
        if terminfo.colors >= 16 { return .ansi16 }
        if terminfo.colors >= 8 { return .ansi8 }
        return .none
    }

    private static func colorTermSaysTrueColor(_ facts: TerminalFacts) -> Bool {
        let value = facts.environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit"
    }
}
