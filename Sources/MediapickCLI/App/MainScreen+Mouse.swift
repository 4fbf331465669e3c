import TerminalUI

extension MainScreen {
    /// A click or wheel turn the buttons did not take (they take their own clicks, as Enter
    /// and Space press them), read as the picker sheet reads the mouse (`MouseEvent.intent`):
    /// the wheel moves the focus as Up and Down do, through the keys' own path; a left click
    /// on a chosen file, its row in the list or its tile in the grid, focuses it. Nothing
    /// else takes a click: the key hints are words, as the sheet's footer is.
    func handle(_ mouse: MouseEvent) -> Bool {
        let header = Self.headerRows(notice: notice, chosen: chosen.count)
        switch mouse.intent(hitTest: { chosenFile(at: $0, header: header) }) {
        case .move(let rows)?:
            return handle(rows < 0 ? Key.up : Key.down)
        case .click(let index)?:
            focus = index
            // As after a key: a file shown may have changed meanwhile.
            shelf.checkFiles()
            return true
        case nil:
            return false
        }
    }

    /// The index of the chosen file whose list row or grid tile (picture or caption) is at
    /// `point`, laid out as the body draws them under `header` rows; nil for anything else.
    private func chosenFile(at point: Point, header: Int) -> Int? {
        if let row = Self.listRow(at: point, notice: notice, count: chosen.count, focus: focus) { return row }
        return shownGrid(header: header).tiles.first { $0.picture.contains(point) || $0.caption.contains(point) }?.index
    }

    /// The index of the chosen file whose list row is at `point` (the whole row, as fzf takes a
    /// click anywhere on a line): the rows `visibleRange` shows, under the list's title.
    nonisolated static func listRow(at point: Point, notice: String?, count: Int, focus: Int) -> Int? {
        guard count > 0, point.x >= 0 else { return nil }
        let shown = visibleRange(count: count, focus: focus, rows: listRows)
        let offset = point.y - (listTop(notice: notice) + 1)
        return (0..<shown.count).contains(offset) ? shown.lowerBound + offset : nil
    }
}
