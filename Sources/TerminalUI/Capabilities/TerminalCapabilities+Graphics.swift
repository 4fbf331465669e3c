extension TerminalCapabilities {
    /// The environment variable that asks for a graphics protocol, as `--graphics` does.
    public static let graphicsVariable = "MEDIAPICK_GRAPHICS"

    /// The graphics protocol and, when a setting stands in the way of pictures, the footer's
    /// hint. First rule that applies:
    /// 1. `--graphics` (a `requestedGraphics`), then `MEDIAPICK_GRAPHICS` (`auto` and unknown
    ///    values do not count): as asked.
    /// 2. `TERM=dumb`; GNU screen (`STY` set, or a `screen*` TERM outside tmux); tmux inside
    ///    screen and tmux inside tmux (XTVERSION, asked through passthrough, says tmux): symbols.
    /// 3. tmux without passthrough allowed: symbols, with the hint when tmux said it is off.
    /// 4. The kitty graphics query answered OK: kitty.
    /// 5. `TERM_PROGRAM` is `iTerm.app` or `WezTerm`, or XTVERSION names iTerm2 or WezTerm: iterm2.
    /// 6. DA1 lists attribute 4: sixel.
    /// 7. When the terminal was not asked (inside fzf's preview, whose tty fzf reads): what the
    ///    environment names — kitty for `TERM=xterm-kitty` or `KITTY_WINDOW_ID`, sixel for a
    ///    `foot*` TERM.
    /// 8. Otherwise (silence included): symbols.
    public static func graphics(_ facts: TerminalFacts) -> (GraphicsProtocol, hint: String?) {
        if let requested = facts.requestedGraphics { return (requested, nil) }
        let environment = facts.environment
        if let named = environment[graphicsVariable].flatMap(GraphicsProtocol.init(rawValue:)) { return (named, nil) }
        let term = environment["TERM"] ?? ""
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        let inScreen = !(environment["STY"] ?? "").isEmpty || (!inTmux && term.hasPrefix("screen"))
        let version = facts.probe?.version ?? ""
        if term == "dumb" || inScreen || (inTmux && version.hasPrefix("tmux")) { return (.symbols, nil) }
        if inTmux && facts.tmuxPassthrough != true {
            return (.symbols, facts.tmuxPassthrough == false ? TmuxPassthrough.hint : nil)
        }
        if facts.probe?.kittyGraphics == true { return (.kitty, nil) }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["iTerm.app", "WezTerm"].contains(program) || version.hasPrefix("iTerm2") || version.hasPrefix("WezTerm") {
            return (.iterm2, nil)
        }
        if facts.probe?.hasSixel == true { return (.sixel, nil) }
        if facts.probe == nil {
            if term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty { return (.kitty, nil) }
            if term.hasPrefix("foot") { return (.sixel, nil) }
        }
        return (.symbols, nil)
    }

    /// Pixels per cell: XTWINOPS 16t; else 14t divided by 18t; else the tty's pixel size
    /// (`TIOCGWINSZ`) divided by its cells; else the caller's fallback (`--cell-size`, 10x20).
    public static func cellPixelSize(_ facts: TerminalFacts) -> Size? {
        if let cell = facts.probe?.cellPixelSize { return cell }
        if let pixels = facts.probe?.windowPixelSize, let cells = facts.probe?.windowCellSize,
           let cell = Size.perCell(pixels: pixels, cells: cells) {
            return cell
        }
        return facts.window?.cellPixelSize ?? facts.fallbackCellPixelSize
    }
}
