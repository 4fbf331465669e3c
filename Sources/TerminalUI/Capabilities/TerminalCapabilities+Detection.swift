import ColorModel

extension TerminalCapabilities {
    /// The environment variables detection reads; a caller that copies the environment
    /// selectively (the curses backend reads `getenv`) takes these.
    public static let environmentNames = ["NO_COLOR", "COLORTERM", "TERM", "TERM_PROGRAM", "TMUX", "STY", "KITTY_WINDOW_ID",
                                          "FZF_PREVIEW_COLUMNS", graphicsVariable]

    /// The capabilities of the terminal these facts describe: the one place the rules live.
    ///
    /// Colour depth, first rule that applies:
    /// 1. `--colors` wins over the environment, `NO_COLOR` included. With a terminfo it is
    ///    capped at what the entry can show (curses sends only colours terminfo describes);
    ///    without one it is taken as asked (the caller writes the escape sequences itself).
    /// 2. `NO_COLOR` set to anything but the empty string (no-color.org): none.
    /// 3. `TERM=dumb`: none.
    /// 4. With a terminfo, its `colors`: 2^24 with direct colour confirmed (the `RGB` flag,
    ///    tmux's `Tc`, `COLORTERM=truecolor|24bit`, or the terminal's replies) gives truecolor;
    ///    at least 256 gives 256 (a 2^24 entry without confirmation is used as a palette); 16
    ///    gives 16; 8 gives 8; fewer gives none. (When the replies prove more colours than the
    ///    entry has, the curses backend opens a richer entry instead: `terminfoEntries`.)
    /// 5. Without a terminfo the environment stands in for it: `COLORTERM=truecolor|24bit`
    ///    or a `TERM` naming a direct-colour entry (`*-direct`) gives truecolor, a `*256color*`
    ///    `TERM` gives 256, anything else 16 — or what the replies prove, when that is more
    ///    (`probedColorDepth`): never fewer colours than chafa picks for the same terminal.
    ///
    /// Where `thumb` (no terminfo) and the curses UI differ, and why: under curses,
    /// `COLORTERM=truecolor` does not lift a 256-colour entry to truecolor, because curses
    /// cannot send RGB through it (the UI then maps RGB to the palette perceptually), while
    /// `thumb` writes SGR 38;2 itself and trusts `COLORTERM`. A plain `TERM=xterm` is 8
    /// colours under curses (its terminfo says 8) and 16 for `thumb`, whose bright colours
    /// (SGR 90–97) every xterm-like terminal shows. A `--colors` above the entry is capped
    /// under curses only.
    ///
    /// Graphics and the cell size: see `graphics(_:)` and `cellPixelSize(_:)`.
    public static func detect(_ facts: TerminalFacts) -> TerminalCapabilities {
        let (graphics, hint) = graphics(facts)
        return TerminalCapabilities(colorDepth: colorDepth(facts), graphics: graphics, cellPixelSize: cellPixelSize(facts),
                                    hint: hint)
    }

    /// The colour depth the terminal's replies prove, the most of: XTGETTCAP `RGB` or `Tc`
    /// (truecolor), a DECRQSS read-back that kept `38;2;1;2;3` (truecolor), XTGETTCAP
    /// `colors`, and the peers' rule (chafa's, timg's) that a terminal answering as xterm
    /// does (`TerminalProbeReplies.isXtermCompatible`) has 256 colours. Nil without replies.
    public static func probedColorDepth(_ probe: TerminalProbeReplies?) -> ColorDepth? {
        guard let probe else { return nil }
        var proven: [ColorDepth] = []
        if probe.terminfoAnswers["RGB"] != nil || probe.terminfoAnswers["Tc"] != nil { proven.append(.trueColor) }
        if probe.directColorReadBack == true { proven.append(.trueColor) }
        if let colors = probe.terminfoAnswers["colors"].flatMap({ Int($0) }) {
            proven.append(terminfoDepth(TerminfoColors(colors: colors, hasRGBFlag: false), colorTermSaysTrueColor: false))
        }
        if probe.isXtermCompatible { proven.append(.ansi256) }
        return proven.max()
    }

    private static func colorDepth(_ facts: TerminalFacts) -> ColorDepth {
        let probed = probedColorDepth(facts.probe)
        let directConfirmed = colorTermSaysTrueColor(facts) || probed == .trueColor
        let ceiling = facts.terminfo.map { terminfoDepth($0, colorTermSaysTrueColor: directConfirmed) }
        if let requested = facts.requestedColorDepth { return ceiling.map { min(requested, $0) } ?? requested }
        if let noColor = facts.environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = facts.environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        if let ceiling { return ceiling }
        let fromEnvironment: ColorDepth
        if colorTermSaysTrueColor(facts) || term.hasSuffix("-direct") {
            fromEnvironment = .trueColor
        } else if term.contains("256color") {
            fromEnvironment = .ansi256
        } else {
            fromEnvironment = .ansi16
        }
        return max(fromEnvironment, probed ?? fromEnvironment)
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
