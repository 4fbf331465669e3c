import TerminalUI

/// The top row: `[ Cancel ]`, the title with the library's name (or for a moment a notice
/// in its place), `[ Add n/N ]` (`[ Add ]` where the row is too narrow for the count).
struct SheetHeader {
    var title: String
    var counter: String
    var canAdd: Bool
    /// Drawn instead of the title (set only when `fits(notice:in:)`).
    var notice: String? = nil

    /// Where the two buttons were drawn, for mouse clicks.
    struct Hits { var cancel: Rect; var add: Rect }

    static let cancelLabel = "[ Cancel ]"

    /// The Add button for a row `width` columns wide: with the count, unless it and Cancel
    /// would not both fit whole with a space between; then without it, as the footer's right
    /// end shows the count anyway. The button was cut short of its `]` instead (`[ Cancel ]
    /// [ Add 0/1` at 20 columns), which reads as a broken one.
    func addLabel(width: Int) -> String {
        let counted = "[ Add \(counter) ]"
        return DisplayWidth.of(Self.cancelLabel) + 1 + DisplayWidth.of(counted) <= width ? counted : "[ Add ]"
    }

    /// Where the buttons go in `row`: what is drawn and what a click hits, from one computation.
    func hits(in row: Rect) -> Hits {
        let cancelEnd = row.clippedEnd(of: Self.cancelLabel, at: row.x)
        let addWidth = DisplayWidth.of(addLabel(width: row.width))
        let addX = max(cancelEnd + 1, row.maxX - addWidth)
        return Hits(cancel: Rect(x: row.x, y: row.y, width: cancelEnd - row.x, height: row.height),
                    add: Rect(x: addX, y: row.y, width: addWidth, height: row.height))
    }

    /// The columns between the buttons, a space kept on each side.
    private func titleRoom(in row: Rect) -> Int {
        let hits = hits(in: row)
        return hits.add.x - hits.cancel.maxX - 2
    }

    /// True when `notice` fits whole between the buttons.
    func fits(notice: String, in row: Rect) -> Bool { DisplayWidth.of(notice) <= titleRoom(in: row) }

    func draw(in row: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let hits = hits(in: row)
        let cancelEnd = hits.cancel.maxX, addX = hits.add.x
        buffer.fill(row, with: .blank(theme.header))
        buffer.write(Self.cancelLabel, at: Point(x: row.x, y: row.y), style: theme.button, clip: row)
        buffer.write(addLabel(width: row.width), at: Point(x: addX, y: row.y), style: canAdd ? theme.button : theme.hint, clip: row)
        let room = titleRoom(in: row)
        if room > 0 {
            let shown = notice ?? MiddleTruncation.truncate(SafeText.terminalSafe(title), toWidth: room)
            let x = row.x + max(cancelEnd - row.x + 1, (row.width - DisplayWidth.of(shown)) / 2)
            buffer.write(shown, at: Point(x: min(x, addX - 1 - DisplayWidth.of(shown)), y: row.y), style: theme.header, clip: row)
        }
    }
}
