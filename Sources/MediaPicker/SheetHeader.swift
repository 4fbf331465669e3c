import TerminalUI

/// The top row: `[ Cancel ]`, the title with the library's name, `[ Add n/N ]`.
struct SheetHeader {
    var title: String
    var counter: String
    var canAdd: Bool

    /// Where the two buttons were drawn, for mouse clicks.
    struct Hits { var cancel: Rect; var add: Rect }

    static let cancelLabel = "[ Cancel ]"

    var addLabel: String { "[ Add \(counter) ]" }

    @discardableResult
    func draw(in row: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) -> Hits {
        buffer.fill(row, with: .blank(theme.header))
        let cancelEnd = buffer.write(Self.cancelLabel, at: Point(x: row.x, y: row.y), style: theme.button, clip: row)
        let addWidth = DisplayWidth.of(addLabel)
        let addX = max(cancelEnd + 1, row.maxX - addWidth)
        buffer.write(addLabel, at: Point(x: addX, y: row.y), style: canAdd ? theme.button : theme.hint, clip: row)
        let room = addX - cancelEnd - 2
        if room > 0 {
            let shown = MiddleTruncation.truncate(SafeText.visible(title), toWidth: room)
            let x = row.x + max(cancelEnd - row.x + 1, (row.width - DisplayWidth.of(shown)) / 2)
            buffer.write(shown, at: Point(x: min(x, addX - 1 - DisplayWidth.of(shown)), y: row.y), style: theme.header, clip: row)
        }
        return Hits(cancel: Rect(x: row.x, y: row.y, width: cancelEnd - row.x, height: 1),
                    add: Rect(x: addX, y: row.y, width: addWidth, height: 1))
    }
}

/// The second row: the filter tabs with their counts, and the search field on the right.
struct FilterTabsBar {
    var tabs: [PickerTab]
    var current: PickerTab
    var counts: [PickerTab: Int]
    var search: SearchField

    /// Where each tab was drawn, and where the search cursor goes.
    struct Hits { var tabs: [(PickerTab, Rect)]; var cursor: Point? }

    @discardableResult
    func draw(in row: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) -> Hits {
        buffer.fill(row)
        var x = row.x + 1
        var hits: [(PickerTab, Rect)] = []
        for tab in tabs {
            let label = "\(tab.title) \(counts[tab] ?? 0)"
            let text = tab == current ? "[\(label)]" : " \(label) "
            let end = buffer.write(text, at: Point(x: x, y: row.y), style: tab == current ? theme.activeTab : theme.tab, clip: row)
            hits.append((tab, Rect(x: x, y: row.y, width: end - x, height: 1)))
            x = end + 1
        }
        let room = row.maxX - x - 1
        var cursor: Point?
        if room > 3 {
            let label = search.isEditing ? search.label + " " : search.label
            let shown = DisplayWidth.of(label) > room ? "/…" + String(label.suffix(max(0, room - 3))) : label
            let start = row.maxX - 1 - max(DisplayWidth.of(shown), 12)
            let end = buffer.write(shown, at: Point(x: start, y: row.y),
                                   style: search.isEditing || !search.text.isEmpty ? theme.activeTab : theme.hint, clip: row)
            if search.isEditing { cursor = Point(x: min(end - 1, row.maxX - 1), y: row.y) }
        }
        return Hits(tabs: hits, cursor: cursor)
    }
}
