import CellArt
import TerminalUI
import Thumbnails

/// One grid tile: the thumbnail (or a placeholder), its caption, the selection number and the focus marks.
///
/// With pictures (a pixel protocol), every mark is a text cell outside the picture: a terminal
/// draws pixels over text, and a picture cannot be clipped to leave a cell free. So the
/// thumbnail's top row is kept for the selection number, the picture goes below it, the focus
/// marks stay in the side margins and the caption on its row.
struct TileView {
    var entry: MediaEntry
    var thumbnail: ThumbnailState
    var isFocused: Bool
    var selectionOrder: Int?
    /// Thumbnails are pictures in a pixel protocol (the top row is the marks' row).
    var drawsPictures = false

    /// The size of the picture in a thumbnail of `tile` cells: all of it for cell art, all but
    /// the marks' row for pictures.
    static func pictureSize(forTile tile: Size, drawsPictures: Bool) -> Size {
        drawsPictures ? Size(width: tile.width, height: max(0, tile.height - 1)) : tile
    }

    /// Where the picture goes inside the thumbnail's rectangle `thumb`.
    static func pictureRect(in thumb: Rect, drawsPictures: Bool) -> Rect {
        let size = pictureSize(forTile: thumb.size, drawsPictures: drawsPictures)
        return Rect(x: thumb.x, y: thumb.maxY - size.height, width: size.width, height: size.height)
    }

    func draw(slot: Rect, layout: GridLayout, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let thumb = layout.thumbnailRect(inSlot: slot)
        let caption = layout.captionRect(inSlot: slot)
        buffer.fill(slot)
        drawThumbnail(in: Self.pictureRect(in: thumb, drawsPictures: drawsPictures), of: &buffer, theme: theme)
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

    /// The caption's text: `▶ 1:23 ` for videos, a badge for unreadable files, `⚠ cut ` for a
    /// picture drawn from a file that ends inside it (`isCut`: a partial picture, see
    /// `PictureCut`), then the name (shortened without its extension when it does not fit:
    /// `MiddleTruncation.truncateFileName`).
    static func captionText(for entry: MediaEntry, width: Int, isCut: Bool = false, glyphs: ChromeGlyphs = .unicode) -> String {
        var prefix = ""
        if entry.isUnreadable { prefix = glyphs.warning + " " }
        if isCut { prefix = glyphs.warning + " " + PictureCut.captionWord + " " }
        if entry.format?.kind == .video { prefix = glyphs.play + " " + (entry.duration.map { DurationText.format($0) + " " } ?? "") }
        let nameRoom = max(0, width - DisplayWidth.of(prefix))
        return prefix + MiddleTruncation.truncateFileName(EntryDetails.safeName(entry), toWidth: nameRoom, ellipsis: glyphs.ellipsis)
    }

    private func drawCaption(in rect: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        let style = isFocused ? theme.focusedCaption : (selectionOrder != nil ? theme.selectedCaption : theme.caption)
        if isFocused { buffer.fill(rect, with: .blank(style)) }
        buffer.write(Self.captionText(for: entry, width: rect.width, isCut: thumbnail.cut != nil, glyphs: theme.glyphs),
                     at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
    }

    private func drawThumbnail(in rect: Rect, of buffer: inout ScreenBuffer, theme: SheetTheme) {
        if entry.isUnreadable {
            buffer.write(centered: [theme.glyphs.warning, "no access"], in: rect, style: theme.warning)
            return
        }
        switch thumbnail {
        case .ready(let image), .partial(let image, _):
            buffer.draw(image, centeredIn: rect)
        case .loading:
            buffer.write(centered: [theme.glyphs.ellipsis], in: rect, style: theme.placeholder)
        case .failed(let error):
            let word: String
            switch error {
            case .unreadable: word = "no access"
            case .vanished: word = "gone"
            case .notMedia: word = "not media"
            // A file emptied after it was listed (the library leaves out one empty when scanned).
            case .empty: word = "empty"
            // Not broken: within the decoders' guard against decompression bombs it would show.
            case .decode(_, .tooLarge): word = "too large"
            // Not broken either: a library the format needs is not installed (the status line
            // and the preview say which).
            case .decode(_, .libraryMissing): word = "no decoder"
            default: word = "broken"
            }
            buffer.write(centered: [theme.glyphs.warning, word], in: rect, style: theme.warning)
        }
    }
}
