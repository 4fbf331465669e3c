import ColorModel

extension TerminalCapabilities {
    /// The environment variables detection reads; a caller that copies the environment
    /// selectively (the curses backend reads `getenv`) takes these.
    public static let environmentNames = ["NO_COLOR", "COLORTERM", "TERM", "TERM_PROGRAM", "TMUX", "STY", "KITTY_WINDOW_ID",
                                          "VTE_VERSION", "LC_TERMINAL", "FZF_PREVIEW_COLUMNS", graphicsVariable]

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
    /// 5. Without a terminfo the environment stands in for it (`environmentColorDepth`: the
    ///    terminal's name, `COLORTERM`, `VTE_VERSION`, `TERM_PROGRAM`), or what the replies
    ///    prove when that is more (`probedColorDepth`): never fewer colours than chafa picks
    ///    for the same terminal. This is `thumb`'s case, and fzf's preview has no replies.
    ///
    /// Where `thumb` (no terminfo) and the curses UI differ, and why: under curses,
    /// `COLORTERM=truecolor` does not lift a 256-colour entry to truecolor, because curses
    /// cannot send RGB through it (the UI then maps RGB to the palette perceptually), while
    /// `thumb` writes SGR 38;2 itself and trusts `COLORTERM`. A plain `TERM=xterm` is 8
    /// colours under curses unless the replies prove more (its terminfo says 8), and 256 for
    /// `thumb`, as chafa draws for it. A `--colors` above the entry is capped under curses only.
    ///
    /// Graphics and the cell size: see `graphics(_:)` and `cellPixelSize(_:)`. The background is
    /// the terminal's OSC 11 reply, nil without one.
    public static func detect(_ facts: TerminalFacts) -> TerminalCapabilities {
        let (graphics, hint) = graphics(facts)
        return TerminalCapabilities(colorDepth: colorDepth(facts), graphics: graphics, cellPixelSize: cellPixelSize(facts),
                                    background: facts.probe?.backgroundColor, hint: hint)
    }

    /// The colours kitty's Unicode placeholders carry their image id in: the terminal's own
    /// depth, whatever `--colors` or `NO_COLOR` ask of the picture (the id is no colour anyone
    /// sees, and a picture that does not follow fzf's layout is what those would get instead);
    /// 256 (ids up to 255) unless the terminal takes 24-bit colour.
    public static func placeholderColorDepth(_ facts: TerminalFacts) -> ColorDepth {
        var unasked = facts
        unasked.requestedColorDepth = nil
        unasked.environment["NO_COLOR"] = nil
        return colorDepth(unasked) == .trueColor ? .trueColor : .ansi256
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
        let fromEnvironment = environmentColorDepth(facts.environment)
        return max(fromEnvironment, probed ?? fromEnvironment)
    }

    /// The colour depth the environment implies where no terminfo entry is consulted and
    /// nothing has answered: the peers' knowledge of terminals by name, so that `thumb` in a
    /// pipe or in fzf's preview draws what chafa draws for the same terminal, or more.
    /// - truecolor: `COLORTERM=truecolor|24bit`, a VTE terminal (`VTE_VERSION`), iTerm2
    ///   (`TERM_PROGRAM`, `LC_TERMINAL`), kitty (`KITTY_WINDOW_ID`), the `TERM` names whose
    ///   terminals take SGR 38;2 (`xterm-256color`, `xterm-kitty`, `st-256color`, `*-direct*`),
    ///   and `screen*` inside tmux (tmux passes RGB on, or maps it to its palette itself);
    /// - 256, overriding those: GNU screen without tmux inside it (`screen*`; screen drops RGB),
    ///   Apple's Terminal, `rxvt-unicode-256color`, `mlterm`, `yaft*`;
    /// - 16: the Linux console (`linux`) and `rxvt-unicode`;
    /// - 256 for every other name, none included: terminals that call themselves `xterm`
    ///   (Debian's xterm among them) show the 256-colour palette, and a picture drawn in 16
    ///   theme colours is the worse guess.
    public static func environmentColorDepth(_ environment: [String: String]) -> ColorDepth {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if term == "linux" || term == "rxvt-unicode" { return .ansi16 }
        if (term.hasPrefix("screen") && !has("TMUX")) || program == "Apple_Terminal" || term == "rxvt-unicode-256color"
            || term == "mlterm" || term.hasPrefix("yaft") {
            return .ansi256
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let directNames: Set = ["xterm-256color", "xterm-kitty", "st-256color"]
        if colorTerm == "truecolor" || colorTerm == "24bit" || has("VTE_VERSION") || has("KITTY_WINDOW_ID")
            || program == "iTerm.app" || (environment["LC_TERMINAL"] ?? "").lowercased() == "iterm2"
            || directNames.contains(term) || term.contains("-direct") || term.hasPrefix("screen") {
            return .trueColor
        }
        return .ansi256
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
