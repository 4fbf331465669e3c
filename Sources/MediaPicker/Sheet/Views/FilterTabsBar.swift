import TerminalUI

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
