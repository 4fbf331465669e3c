import TerminalUI
import Thumbnails

/// The whole sheet drawn from a model, its layout and the tiles' states: a function of its
/// inputs that changes nothing (what the sheet wants next is derived by the controller).
struct SheetView {
    /// What to show.
    let model: PickerModel
    /// Where it goes.
    let layout: SheetLayout
    /// A tile's state for an entry at a picture size (`preview` true: fitted, for the preview).
    let tile: (_ entry: MediaEntry, _ size: Size, _ preview: Bool) -> ThumbnailPipeline.State

    /// Draws into `buffer` inside the layout's region.
    func draw(into buffer: inout ScreenBuffer) {
        let theme = model.theme
        let region = layout.region
        buffer.fill(region)
        guard !layout.isTooSmall else {
            TooSmallNotice.draw(in: region, screen: buffer.size, of: &buffer, theme: theme)
            return
        }
        let previewing = model.previewEntry != nil
        // The notice (the graphics hint) goes where it hides nothing: beside the tabs; where it
        // does not fit whole there, in the title's place (which names what was just opened);
        // only on a sheet too narrow for both, on the status line, and never over the
        // preview's own lines (it was drawn over them before).
        var header = model.header, tabsBar = model.tabsBar
        var noticeOnStatus: String?
        if let notice = model.notice {
            if tabsBar.fits(notice: notice, in: layout.tabs) {
                tabsBar.notice = notice
            } else if layout.header.height > 0, header.fits(notice: notice, in: layout.header) {
                header.notice = notice
            } else if !previewing, layout.status.height > 0 {
                noticeOnStatus = notice
            }
        }
        if layout.header.height > 0 { header.draw(in: layout.header, of: &buffer, theme: theme) }
        tabsBar.draw(in: layout.tabs, of: &buffer, theme: theme)
        if let entry = model.previewEntry {
            let area = layout.previewArea
            let picture = PreviewView.imageRect(in: area)
            let state: ThumbnailPipeline.State = picture.isEmpty ? .loading : tile(entry, picture.size, true)
            PreviewView(entry: entry, image: state, theme: theme).draw(in: area, of: &buffer)
        } else {
            drawGrid(into: &buffer, theme: theme)
        }
        let progress = model.isScanning ? "scanning\(theme.glyphs.ellipsis) \(model.foundCount) found" : model.pathIssuesNote
        let message = model.statusMessage ?? noticeOnStatus
        SheetFooter(message: message, focused: previewing ? nil : model.focusedEntry, progress: progress,
                    counter: model.selection.counterText, editingSearch: model.search.isEditing,
                    hasQuery: !model.search.text.isEmpty, previewing: previewing, cyclesTabs: model.availableTabs.count > 1)
            .draw(status: previewing ? Rect(x: 0, y: 0, width: 0, height: 0) : layout.status, footer: layout.footer, of: &buffer, theme: theme)
    }

    private func drawGrid(into buffer: inout ScreenBuffer, theme: SheetTheme) {
        let grid = layout.gridLayout
        let entries = model.shownEntries
        if entries.isEmpty {
            let clauses = model.emptyGridMessage(ellipsis: theme.glyphs.ellipsis)
            let whole = clauses.joined(separator: "; ")
            let lines = DisplayWidth.of(whole) <= grid.area.width ? [whole] : clauses
            for (row, line) in lines.enumerated() {
                let shown = MiddleTruncation.truncate(line, toWidth: grid.area.width, ellipsis: theme.glyphs.ellipsis)
                var at = grid.area.centeredLine(width: DisplayWidth.of(shown))
                at.y += row - (lines.count - 1) / 2
                buffer.write(shown, at: at, style: theme.hint, clip: grid.area)
            }
        }
        let first = layout.firstVisible
        let pictures = model.configuration.drawsPictures
        let picture = TileView.pictureSize(forTile: grid.tile, drawsPictures: pictures)
        for index in layout.entries(page: 0, of: entries.count) {
            let entry = entries[index]
            let offset = index - first
            let slot = grid.slotRect(row: offset / grid.columns, column: offset % grid.columns)
            let state: ThumbnailPipeline.State = entry.isUnreadable ? .loading : tile(entry, picture, false)
            TileView(entry: entry, thumbnail: state, isFocused: index == model.focusIndex,
                     selectionOrder: model.selection.order(of: entry.path), drawsPictures: pictures)
                .draw(slot: slot, layout: grid, of: &buffer, theme: theme)
        }
    }
}
