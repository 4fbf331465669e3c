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
    /// True when Tab has tabs to cycle (more than one offered).
    var cyclesTabs = true

    /// A message on the status row, shortened in the middle to fit.
    private static func draw(message: String, in status: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let shown = MiddleTruncation.truncate(" " + message + " ", toWidth: status.width, ellipsis: theme.glyphs.ellipsis)
        buffer.write(shown, at: Point(x: status.x, y: status.y), style: theme.message, clip: status)
    }

    /// The focused entry's line in `room` columns: its path, then as many of its facts as fit,
    /// the last going first (date, bytes, pixel size). The whole path is worth more than the
    /// date: facts go until it fits whole with one fact at least; failing that, it is shortened
    /// to no less than 8 columns for them; with no room for one fact, the path alone. All facts
    /// or none left a 60-column sheet naming a video (`old.avi`) without its duration.
    static func infoLine(path: String, facts: [String], room: Int, glyphs: ChromeGlyphs) -> String {
        let pathWidth = DisplayWidth.of(path)
        for least in [pathWidth, min(8, pathWidth)] {
            for count in stride(from: facts.count, to: 0, by: -1) {
                let shown = facts.prefix(count).joined(separator: glyphs.separator)
                let pathRoom = room - DisplayWidth.of(shown) - DisplayWidth.of(glyphs.separator)
                if pathRoom >= least {
                    return MiddleTruncation.truncate(path, toWidth: pathRoom, ellipsis: glyphs.ellipsis) + glyphs.separator + shown
                }
            }
        }
        return MiddleTruncation.truncate(path, toWidth: room, ellipsis: glyphs.ellipsis)
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
                let room = max(0, status.width - 2 - (right.isEmpty ? 0 : rightWidth + 2))
                let line = Self.infoLine(path: EntryDetails.safePath(focused), facts: EntryDetails.facts(focused, glyphs: theme.glyphs),
                                         room: room, glyphs: theme.glyphs)
                buffer.write(line, at: Point(x: status.x + 1, y: status.y), style: .plain,
                             clip: Rect(x: status.x, y: status.y, width: status.width - (right.isEmpty ? 0 : rightWidth + 2), height: 1))
            }
        }
        let counterText = " \(counter) "
        let counterX = footer.maxX - DisplayWidth.of(counterText)
        buffer.write(counterText, at: Point(x: counterX, y: footer.y), style: theme.counter, clip: footer)
        var x = footer.x + 1
        // Most important first; one that does not fit is passed over for a shorter one after
        // it (at 20 columns, while typing a search, "Enter keep filter" left the row empty,
        // where "Esc clear" fits).
        for hint in KeyMap.hints(editingSearch: editingSearch, hasQuery: hasQuery, previewing: previewing, cyclesTabs: cyclesTabs) {
            let keys = switch hint.keys {
            case KeyMap.arrowsPlaceholder: theme.glyphs.arrows
            case KeyMap.upDownPlaceholder: theme.glyphs.upDown
            default: hint.keys
            }
            let text = "\(keys) \(hint.meaning)"
            if x + DisplayWidth.of(text) >= counterX { continue }
            buffer.write(keys, at: Point(x: x, y: footer.y), style: theme.counter, clip: footer)
            x = buffer.write(" " + hint.meaning, at: Point(x: x + DisplayWidth.of(keys), y: footer.y), style: theme.footer, clip: footer) + 2
        }
    }
}
