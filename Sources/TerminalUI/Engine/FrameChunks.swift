/// Splits a frame's updates into parts a terminal takes without making the program wait.
///
/// A pseudo-terminal holds about 64 KB; a whole screen of colour cell art is 40 bytes a cell,
/// 100–300 KB at 120x40 to 183x60. Written at once, `write` blocks until the terminal has read
/// most of it (measured in the soak: 30–50 ms for 75–100 KB, keys waiting behind it), and over
/// SSH far longer. Sent in parts of about `budget` bytes, one part per turn of the run loop,
/// keys are read between parts and a newer frame replaces what is not yet sent — as fzf and
/// bubbletea, which draw at their own pace, do.
///
/// Parts are whole rows (a wide character is never split from its second column), and at
/// least one row, so every frame finishes.
public enum FrameChunks {
    /// The index after the last update of the part that starts at `start`: whole rows whose
    /// estimated bytes stay within `budget` (nil: everything).
    public static func end(of updates: [CellUpdate], from start: Int, budget: Int?) -> Int {
        guard let budget, start < updates.count else { return updates.count }
        var bytes = 0
        var index = start
        var lastStyle: Style?
        var next = Point(x: -1, y: -1)
        while index < updates.count {
            // One row at a time: measure it, then take it if it fits (the first row always).
            let row = updates[index].position.y
            var rowEnd = index, rowBytes = 0
            while rowEnd < updates.count && updates[rowEnd].position.y == row {
                let update = updates[rowEnd]
                rowBytes += estimatedBytes(update, after: lastStyle, cursorAt: next)
                lastStyle = update.cell.style
                next = Point(x: update.position.x + max(1, update.cell.width), y: row)
                rowEnd += 1
            }
            if index > start && bytes + rowBytes > budget { break }
            bytes += rowBytes
            index = rowEnd
        }
        return index
    }

    /// About what a terminal is sent for `update`: its text, a colour change when the style
    /// differs from the last cell's, a cursor move when it does not follow on from it.
    static func estimatedBytes(_ update: CellUpdate, after lastStyle: Style?, cursorAt next: Point) -> Int {
        var bytes = max(1, update.cell.text.utf8.count)
        if update.position != next { bytes += 8 }
        let style = update.cell.style
        if style != lastStyle {
            bytes += colorBytes(style.foreground) + colorBytes(style.background) + (style.attributes.isEmpty ? 0 : 6)
        }
        return bytes
    }

    private static func colorBytes(_ color: TerminalColor) -> Int {
        switch color {
        case .default: return 5
        case .indexed(let index): return index < 16 ? 5 : 11
        case .rgb: return 19
        }
    }
}
