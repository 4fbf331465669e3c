import MediaDecoding
import TerminalUI
import Thumbnails

extension PickerController {
    /// Draws the visible tiles, then tells the pipeline and the library what is on screen and next.
    func drawGrid(_ layout: GridLayout, of buffer: inout ScreenBuffer) {
        let columns = layout.columns
        let totalRows = (shownEntries.count + columns - 1) / columns
        topRow = layout.scrolledTopRow(current: topRow, focusRow: focusIndex / columns, totalRows: totalRows)
        let first = topRow * columns
        let visible = Array(shownEntries[min(first, shownEntries.count)..<min(first + layout.pageSize, shownEntries.count)])
        let ahead = Array(shownEntries[min(first + layout.pageSize, shownEntries.count)..<min(first + 2 * layout.pageSize, shownEntries.count)])
        if shownEntries.isEmpty {
            let text = library.isBusy ? "Looking for media" + theme.glyphs.ellipsis
                : (search.text.isEmpty ? "No media here" : "Nothing matches \"\(SafeText.visible(search.text))\"")
            let shown = MiddleTruncation.truncate(text, toWidth: layout.area.width, ellipsis: theme.glyphs.ellipsis)
            buffer.write(shown, at: Point(x: layout.area.x + max(0, (layout.area.width - DisplayWidth.of(shown)) / 2),
                                          y: layout.area.y + layout.area.height / 2), style: theme.hint, clip: layout.area)
        }
        let options = tileOptions(layout.tile)
        for (offset, entry) in visible.enumerated() {
            let slot = layout.slotRect(row: offset / columns, column: offset % columns)
            let state: ThumbnailPipeline.State = entry.isUnreadable ? .loading : pipeline.state(for: ThumbnailKey(entry: entry, options: options))
            TileView(entry: entry, thumbnail: state, isFocused: first + offset == focusIndex,
                     selectionOrder: selection.order(of: entry.path))
                .draw(slot: slot, layout: layout, of: &buffer, theme: theme)
        }
        let wanted = { (entries: [MediaEntry]) in entries.filter { !$0.isUnreadable }.map { ThumbnailKey(entry: $0, options: options) } }
        // A finished picker may be drawn once more before it is dismissed: it asks for nothing then.
        guard !isFinished else { return }
        pipeline.want(visible: wanted(visible), ahead: wanted(ahead))
        library.prioritize((visible + ahead).filter { $0.status == .pending }.map(\.path))
    }
}
