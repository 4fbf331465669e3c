/// Draws single-line boxes with an optional title in the top edge.
enum BoxDrawing {
    /// Draws the outline of `rect` (at least 2x2) with `title` after the top-left corner.
    static func draw(_ rect: Rect, title: String?, style: Style, into buffer: inout ScreenBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        buffer.write("┌" + horizontal + "┐", at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
        buffer.write("└" + horizontal + "┘", at: Point(x: rect.x, y: rect.maxY - 1), style: style, clip: rect)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write("│", at: Point(x: rect.x, y: y), style: style, clip: rect)
            buffer.write("│", at: Point(x: rect.maxX - 1, y: y), style: style, clip: rect)
        }
        if let title, !title.isEmpty, rect.width > 6 {
            let fitted = TextFitting.truncate(SafeText.terminalSafe(title, charset: .unicode), to: rect.width - 6)
            var titleStyle = style
            titleStyle.attributes.insert(.bold)
            buffer.write(" " + fitted + " ", at: Point(x: rect.x + 2, y: rect.y), style: titleStyle,
                         clip: rect.inset(left: 2, right: 2))
        }
    }
}
