import TerminalUI

/// The second row: the filter tabs with their counts, and the search field on the right.
struct FilterTabsBar {
    var tabs: [PickerTab]
    var current: PickerTab
    var counts: [PickerTab: Int]
    var search: SearchField

    /// Where each tab was drawn, and where the search cursor goes.
    struct Hits { var tabs: [(PickerTab, Rect)]; var cursor: Point? }

    /// The search field's text as shown in `room` columns.
    private func searchText(room: Int) -> String {
        let label = search.isEditing ? search.label + " " : search.label
        return DisplayWidth.of(label) > room ? "/…" + String(label.suffix(max(0, room - 3))) : label
    }

    /// Each tab's text.
    private func text(of tab: PickerTab) -> String {
        let label = "\(tab.title) \(counts[tab] ?? 0)"
        return tab == current ? "[\(label)]" : " \(label) "
    }

    /// Where each tab and the search field go in `row`: what is drawn and what a click hits,
    /// from one computation.
    func hits(in row: Rect) -> Hits {
        var x = row.x + 1
        var hits: [(PickerTab, Rect)] = []
        for tab in tabs {
            let end = row.clippedEnd(of: text(of: tab), at: x)
            hits.append((tab, Rect(x: x, y: row.y, width: end - x, height: 1)))
            x = end + 1
        }
        var cursor: Point?
        let room = row.maxX - x - 1
        if room > 3 && search.isEditing {
            let shown = searchText(room: room)
            let start = row.maxX - 1 - max(DisplayWidth.of(shown), 12)
            cursor = Point(x: min(row.clippedEnd(of: shown, at: start) - 1, row.maxX - 1), y: row.y)
        }
        return Hits(tabs: hits, cursor: cursor)
    }

    func draw(in row: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        buffer.fill(row)
        let hits = hits(in: row)
        for (tab, rect) in hits.tabs {
            buffer.write(text(of: tab), at: Point(x: rect.x, y: row.y), style: tab == current ? theme.activeTab : theme.tab, clip: row)
        }
        let x = (hits.tabs.last?.1.maxX).map { $0 + 1 } ?? row.x + 1
        let room = row.maxX - x - 1
        if room > 3 {
            let shown = searchText(room: room)
            let start = row.maxX - 1 - max(DisplayWidth.of(shown), 12)
            buffer.write(shown, at: Point(x: start, y: row.y),
                         style: search.isEditing || !search.text.isEmpty ? theme.activeTab : theme.hint, clip: row)
        }
    }
}
