import ColorModel

extension TerminalCapabilities {
    /// The terminfo entries the curses backend opens, in order of preference (the first that
    /// exists is used): richer entries of the same terminal when its replies prove more colour
    /// than `TERM`'s entry describes, then `TERM` itself. Empty without a `TERM`.
    ///
    /// Curses can only send the colours its entry describes, so a terminal that calls itself
    /// `xterm` (8 colours in terminfo; Debian's xterm does) would be drawn in 8 colours
    /// although it shows 24-bit colour. So:
    /// 1. `BASE-direct` (BASE: `TERM` without `-256color`; ncurses' `xterm-direct`) when the
    ///    replies prove direct colour (`probedColorDepth`) and the read-back came in the very form
    ///    such an entry sends, `38:2::R:G:B` — unless inside tmux (the replies are the outer
    ///    terminal's; tmux passes direct colour on only when told to), `TERM` already names a
    ///    direct-colour entry, or `--colors` asked for less than truecolor.
    /// 2. `TERM-256color` when the replies prove at least 256 colours and `TERM` names no
    ///    256-colour or direct entry.
    public static func terminfoEntries(_ facts: TerminalFacts) -> [String] {
        let term = facts.environment["TERM"] ?? ""
        guard !term.isEmpty else { return [] }
        let probed = probedColorDepth(facts.probe) ?? .none
        let isDirect = term.hasSuffix("-direct")
        var entries: [String] = []
        let inTmux = !(facts.environment["TMUX"] ?? "").isEmpty
        let wantsTrueColor = facts.requestedColorDepth.map { $0 == .trueColor } ?? true
        if probed == .trueColor, facts.probe?.directColorSyntax == .colonsWithColorSpace, !inTmux, wantsTrueColor, !isDirect {
            let base = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
            entries.append(base + "-direct")
        }
        if probed >= .ansi256, !term.contains("256color"), !isDirect { entries.append(term + "-256color") }
        entries.append(term)
        return entries
    }
}
