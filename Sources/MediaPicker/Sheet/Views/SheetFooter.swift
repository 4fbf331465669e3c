import TerminalUI

/// The status line and the footer: the focused entry's facts (or a message), the keys, the counter.
struct SheetFooter {
    var message: String?
    var focused: MediaEntry?
    var progress: String?
    var counter: String
    /// True while the search is typed: the footer then names the search's keys.
    var editingSearch = false
    /// True while a search is kept (typed and not cleared): Esc then clears it.
    var hasQuery = false
    /// True while the preview is shown: any key closes it, and the footer says only that.
    var previewing = false

    /// A message on the status row, shortened in the middle to fit.
    private static func draw(message: String, in status: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let shown = MiddleTruncation.truncate(" " + message + " ", toWidth: status.width, ellipsis: theme.glyphs.ellipsis)
        buffer.write(shown, at: Point(x: status.x, y: status.y), style: theme.message, clip: status)
    }

    func draw(status: Rect, footer: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        buffer.fill(status)
        buffer.fill(footer)
        if status.height == 0 {
            // A compact sheet or the preview has no status line.
        } else if let message {
            Self.draw(message: message, in: status, of: &buffer, theme: theme)
        } else {
            var right = ""
            if let progress { right = progress }
            let rightWidth = DisplayWidth.of(right)
            if !right.isEmpty { buffer.write(right, at: Point(x: status.maxX - rightWidth - 1, y: status.y), style: theme.hint, clip: status) }
            if let focused {
                let facts = EntryDetails.facts(focused, glyphs: theme.glyphs).joined(separator: theme.glyphs.separator)
                let room = max(0, status.width - 2 - (right.isEmpty ? 0 : rightWidth + 2))
                let factsWidth = DisplayWidth.of(facts)
                let nameRoom = max(0, room - factsWidth - 3)
                let line = nameRoom >= 8
                    ? MiddleTruncation.truncate(EntryDetails.safePath(focused), toWidth: nameRoom, ellipsis: theme.glyphs.ellipsis) + theme.glyphs.separator + facts
                    : MiddleTruncation.truncate(EntryDetails.safePath(focused), toWidth: room, ellipsis: theme.glyphs.ellipsis)
                buffer.write(line, at: Point(x: status.x + 1, y: status.y), style: .plain,
                             clip: Rect(x: status.x, y: status.y, width: status.width - (right.isEmpty ? 0 : rightWidth + 2), height: 1))
            }
        }
        let counterText = " \(counter) "
        let counterX = footer.maxX - DisplayWidth.of(counterText)
        buffer.write(counterText, at: Point(x: counterX, y: footer.y), style: theme.counter, clip: footer)
        var x = footer.x + 1
        for hint in KeyMap.hints(editingSearch: editingSearch, hasQuery: hasQuery, previewing: previewing) {
            let keys = hint.keys == KeyMap.arrowsPlaceholder ? theme.glyphs.arrows : hint.keys
            let text = "\(keys) \(hint.meaning)"
            if x + DisplayWidth.of(text) >= counterX { break }
            buffer.write(keys, at: Point(x: x, y: footer.y), style: theme.counter, clip: footer)
            x = buffer.write(" " + hint.meaning, at: Point(x: x + DisplayWidth.of(keys), y: footer.y), style: theme.footer, clip: footer) + 2
        }
    }
}
