import TerminalUI

/// Shown instead of the sheet when the terminal is too small for it.
enum TooSmallNotice {
    /// Draws the notice in `region` of a terminal of `screen` cells. Within a smaller region
    /// the sheet is in the app's panel, and the size asked for is the terminal's that gives
    /// the panel room (the app at 20x7 said "need 20x7": it needs 24x11).
    static func draw(in region: Rect, screen: Size, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        buffer.fill(region)
        let inPanel = region.size != screen
        let need = inPanel ? SheetGeometry.screenSize(holding: SheetLayout.minimumSize) : SheetLayout.minimumSize
        let have = screen
        // Each line in its longest wording that fits: the app's sheet inside a 20x6 terminal
        // has only 16x4, where cutting the long wordings left "Terminal…o small".
        let wordings = [["Terminal too small", "Too small"],
                        ["need \(need.width)x\(need.height), have \(have.width)x\(have.height)",
                         "need \(need.width)x\(need.height)"],
                        ["Esc cancels", "Esc"]]
        let lines = wordings.map { options in options.first { DisplayWidth.of($0) <= region.width } ?? options.last! }
        let top = region.centered(Size(width: 0, height: lines.count)).y
        for (i, line) in lines.enumerated() where top + i < region.maxY {
            let shown = MiddleTruncation.truncate(line, toWidth: region.width)
            let x = region.centered(Size(width: DisplayWidth.of(shown), height: 0)).x
            buffer.write(shown, at: Point(x: x, y: top + i), style: i == 0 ? theme.warning : .plain, clip: region)
        }
    }
}
