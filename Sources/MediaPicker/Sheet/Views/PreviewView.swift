import TerminalUI
import Thumbnails

/// The large preview of one entry, over the grid: the picture, then its name and facts.
struct PreviewView {
    var entry: MediaEntry
    var image: ThumbnailState
    var theme: SheetTheme

    /// The picture's area inside `area` (two rows are kept for the words).
    static func imageRect(in area: Rect) -> Rect { Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: area.height - 2) }

    func draw(in area: Rect, of buffer: inout ScreenBuffer) {
        buffer.fill(area)
        let picture = Self.imageRect(in: area)
        switch image {
        case .ready(let cells): buffer.draw(cells, centeredIn: picture)
        case .loading: write(theme.glyphs.ellipsis, centredIn: picture, of: &buffer, style: theme.placeholder)
        case .failed(let error): write(theme.glyphs.warning + " " + SafeText.visible(error.description), centredIn: picture, of: &buffer, style: theme.warning)
        }
        let nameRow = Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1)
        let factsRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        write(EntryDetails.safePath(entry), centredIn: nameRow, of: &buffer, style: theme.header)
        write(EntryDetails.facts(entry, glyphs: theme.glyphs).joined(separator: theme.glyphs.separator) + "  (any key closes)", centredIn: factsRow, of: &buffer, style: .plain)
    }

    private func write(_ text: String, centredIn rect: Rect, of buffer: inout ScreenBuffer, style: Style) {
        let theme = self.theme
        guard !rect.isEmpty else { return }
        let shown = MiddleTruncation.truncate(text, toWidth: rect.width, ellipsis: theme.glyphs.ellipsis)
        buffer.write(shown, at: rect.centeredLine(width: DisplayWidth.of(shown)), style: style, clip: rect)
    }
}
