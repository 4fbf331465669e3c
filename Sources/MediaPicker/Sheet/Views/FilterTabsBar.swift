import TerminalUI

/// The second row: the filter tabs with their counts, the search field on the right, and a
/// notice (the graphics hint) between them when it fits there.
struct FilterTabsBar {
    var tabs: [PickerTab]
    var current: PickerTab
    var counts: [PickerTab: Int]
    var search: SearchField
    /// Drawn between the tabs and the search field (set only when `fits(notice:in:)`).
    var notice: String? = nil

    /// Where each tab was drawn, the search field's text and first column (nil when there is
    /// no room for it), and where the search cursor goes.
    struct Hits { var tabs: [(PickerTab, Rect)]; var search: (text: String, x: Int)?; var cursor: Point? }

    /// The search field's text as shown in `room` columns, and the column in it of the cursor
    /// while the query is typed: the hint shrinks to its "/"; a query keeps its end (what is
    /// being typed) while the cursor is there, else the text around the cursor, cut with an
    /// ellipsis at either end. Cuts fall between `SafeText.units`, an escape (`\\`,
    /// `\u{202e}`) kept or cut whole.
    private func searchText(room: Int) -> (text: String, cursor: Int?) {
        guard search.isEditing else {
            let label = search.label
            guard DisplayWidth.of(label) > room else { return (label, nil) }
            guard !search.text.isEmpty else { return ("/", nil) }
            return ("/…" + TextFitting.end(of: label, width: room - 2), nil)
        }
        // The cursor is on the first character after it, a space at the query's end.
        let before = "/" + SafeText.terminalSafe(String(search.beforeCursor))
        let after = SafeText.terminalSafe(String(search.fromCursor)) + " "
        let (beforeWidth, afterWidth) = (DisplayWidth.of(before), DisplayWidth.of(after))
        if beforeWidth + afterWidth <= room { return (before + after, beforeWidth) }
        let end = TextFitting.end(of: before + after, width: room - 2)
        if DisplayWidth.of(end) >= afterWidth { return ("/…" + end, 2 + DisplayWidth.of(end) - afterWidth) }
        // The cursor further in: up to half the room before it, the rest after it.
        let half = (room - 3) / 2
        if beforeWidth <= half + 2 { return (before + TextFitting.truncate(after, to: room - beforeWidth), beforeWidth) }
        let shownBefore = TextFitting.end(of: before.dropFirst(), width: half)
        let shownAfter = TextFitting.truncate(after, to: room - 2 - DisplayWidth.of(shownBefore))
        return ("/…" + shownBefore + shownAfter, 2 + DisplayWidth.of(shownBefore))
    }

    /// Each tab's text.
    private func text(of tab: PickerTab) -> String {
        let label = "\(tab.title) \(counts[tab] ?? 0)"
        return tab == current ? "[\(label)]" : " \(label) "
    }

    /// Where each tab and the search field go in `row`: what is drawn and what a click hits,
    /// from one computation. The field sits at the right, at least 12 columns wide when there is
    /// room, and never over the tabs.
    func hits(in row: Rect) -> Hits {
        // A query being typed or kept is never hidden, nor cut while it fits beside the first
        // tab: the tabs are cut before it (at 30 columns they took the whole row and what was
        // typed showed nowhere; at 50 a query kept 6 columns, `/…_long_file_name`, beside
        // whole tabs). Only a query wider than that loses its start, the end staying in sight.
        let querying = search.isEditing || !search.text.isEmpty
        let kept = querying ? min(max(DisplayWidth.of(search.label) + 1, 4), queryRoom(in: row)) : 0
        let tabsRow = Rect(x: row.x, y: row.y, width: max(0, row.width - (querying ? kept + 2 : 0)), height: 1)
        var x = row.x + 1
        var hits: [(PickerTab, Rect)] = []
        for tab in tabs {
            let end = tabsRow.clippedEnd(of: text(of: tab), at: x)
            hits.append((tab, Rect(x: x, y: row.y, width: end - x, height: 1)))
            x = min(end + 1, tabsRow.maxX + 1)  // a tab cut away entirely takes no column
        }
        let room = row.maxX - x - 1
        guard room > 3 else { return Hits(tabs: hits, search: nil, cursor: nil) }
        let (shown, column) = searchText(room: room)
        let start = max(x, row.maxX - 1 - max(DisplayWidth.of(shown), 12))
        let cursor = column.map { Point(x: min(start + $0, row.maxX - 1), y: row.y) }
        return Hits(tabs: hits, search: (shown, start), cursor: cursor)
    }

    /// The most columns a query takes from the tabs on a sheet too narrow for both: all but
    /// the first tab (the count of what matches) and the spaces around it; at least
    /// `leastQueryRoom`, enough for the end of what is typed.
    private func queryRoom(in row: Rect) -> Int {
        let firstTab = tabs.first.map { DisplayWidth.of(text(of: $0)) + 1 } ?? 0
        return max(row.width - firstTab - 2, Self.leastQueryRoom)
    }

    /// The columns a query keeps however narrow the sheet.
    static let leastQueryRoom = 6

    /// The columns between the tabs and the search field, a space kept on each side.
    private func gap(in row: Rect) -> Rect {
        let hits = hits(in: row)
        let start = (hits.tabs.last?.1.maxX ?? row.x) + 2
        let end = (hits.search?.x ?? row.maxX) - 2
        return Rect(x: start, y: row.y, width: max(0, end - start), height: 1)
    }

    /// True when `notice` fits whole between the tabs and the search field (shortened, a
    /// hint loses the command it is there to give).
    func fits(notice: String, in row: Rect) -> Bool { DisplayWidth.of(notice) <= gap(in: row).width }

    func draw(in row: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        buffer.fill(row)
        let hits = hits(in: row)
        if let notice {
            let room = gap(in: row)
            buffer.write(notice, at: Point(x: room.x, y: row.y), style: theme.hint, clip: room)
        }
        for (tab, rect) in hits.tabs {
            buffer.write(text(of: tab), at: Point(x: rect.x, y: row.y), style: tab == current ? theme.activeTab : theme.tab, clip: rect)
        }
        if let (shown, start) = hits.search {
            buffer.write(shown, at: Point(x: start, y: row.y),
                         style: search.isEditing || !search.text.isEmpty ? theme.activeTab : theme.hint, clip: row)
        }
    }
}
