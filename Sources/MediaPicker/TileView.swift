import CellArt
import TerminalUI

/// One grid tile: the thumbnail (or a placeholder), its caption, the selection number and the focus marks.
struct TileView {
    var entry: MediaEntry
    var thumbnail: ThumbnailPipeline.State
    var isFocused: Bool
    var selectionOrder: Int?

    func draw(slot: Rect, layout: GridLayout, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let thumb = layout.thumbnailRect(inSlot: slot)
        let caption = layout.captionRect(inSlot: slot)
        buffer.fill(slot)
        drawThumbnail(in: thumb, of: &buffer, theme: theme)
        if let order = selectionOrder {
            buffer.write(" \(order) ", at: Point(x: thumb.x, y: thumb.y), style: theme.badge, clip: thumb)
        }
        drawCaption(in: caption, of: &buffer, theme: theme)
        if isFocused {
            // Marks in the margins: visible without colour, and they do not cover the picture.
            for y in thumb.y..<thumb.maxY {
                buffer.write(theme.glyphs.focusSide, at: Point(x: slot.x, y: y), style: theme.focusMark)
                buffer.write(theme.glyphs.focusSide, at: Point(x: slot.maxX - 1, y: y), style: theme.focusMark)
            }
            buffer.write("[", at: Point(x: slot.x, y: caption.y), style: theme.focusMark)
            buffer.write("]", at: Point(x: slot.maxX - 1, y: caption.y), style: theme.focusMark)
        }
    }

    /// The caption's text: `▶ 1:23 ` for videos, a badge for unreadable files, then the name shortened in the middle.
    static func captionText(for entry: MediaEntry, width: Int, glyphs: ChromeGlyphs = .unicode) -> String {
        var prefix = ""
        if entry.isUnreadable { prefix = glyphs.warning + " " }
        if entry.format?.kind == .video { prefix = glyphs.play + " " + (entry.duration.map { DurationText.format($0) + " " } ?? "") }
        let nameRoom = max(0, width - DisplayWidth.of(prefix))
        return prefix + MiddleTruncation.truncate(EntryDetails.safeName(entry), toWidth: nameRoom, ellipsis: glyphs.ellipsis)
    }

    private func drawCaption(in rect: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let style = isFocused ? theme.focusedCaption : (selectionOrder != nil ? theme.selectedCaption : theme.caption)
        if isFocused { buffer.fill(rect, with: .blank(style)) }
        buffer.write(Self.captionText(for: entry, width: rect.width, glyphs: theme.glyphs), at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
    }

    private func drawThumbnail(in rect: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        if entry.isUnreadable {
            centered([theme.glyphs.warning, "no access"], in: rect, of: &buffer, style: theme.warning)
            return
        }
        switch thumbnail {
        case .ready(let image):
            Self.blit(image, into: rect, of: &buffer)
        case .loading:
            centered([theme.glyphs.ellipsis], in: rect, of: &buffer, style: theme.placeholder)
        case .failed(let error):
            let word: String
            switch error {
            case .unreadable: word = "no access"
            case .vanished: word = "gone"
            case .notMedia: word = "not media"
            default: word = "broken"
            }
            centered([theme.glyphs.warning, word], in: rect, of: &buffer, style: theme.warning)
        }
    }

    /// Draws cell art centred in `rect` (clipped if larger).
    static func blit(_ image: CellImage, into rect: Rect, of buffer: inout ScreenBuffer) {
        let left = rect.x + max(0, (rect.width - image.columns) / 2)
        let top = rect.y + max(0, (rect.height - image.rows) / 2)
        for row in 0..<min(image.rows, rect.height) {
            for column in 0..<min(image.columns, rect.width) {
                let cell = image[column, row]
                buffer[left + column, top + row] = Cell(text: String(Character(cell.glyph)), width: 1,
                                                        style: Style(foreground: cell.foreground, background: cell.background))
            }
        }
    }

    private func centered(_ lines: [String], in rect: Rect, of buffer: inout ScreenBuffer, style: Style) {
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < rect.maxY {
            let x = rect.x + max(0, (rect.width - DisplayWidth.of(line)) / 2)
            buffer.write(line, at: Point(x: x, y: top + i), style: style, clip: rect)
        }
    }
}
