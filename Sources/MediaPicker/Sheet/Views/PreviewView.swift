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
        case .ready(let cells), .partial(let cells, _): buffer.draw(cells, centeredIn: picture)
        case .loading: write(theme.glyphs.ellipsis, centredIn: picture, of: &buffer, style: theme.placeholder)
        case .failed(let error):
            let lines = Self.warningLines(error, name: EntryDetails.safePath(entry), glyph: theme.glyphs.warning, in: picture.size,
                                          ellipsis: theme.glyphs.ellipsis)
            let top = picture.y + max(0, (picture.height - lines.count) / 2)
            for (row, line) in lines.enumerated() {
                write(line, centredIn: Rect(x: picture.x, y: top + row, width: picture.width, height: 1), of: &buffer, style: theme.warning)
            }
        }
        let nameRow = Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1)
        let factsRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        write(EntryDetails.safePath(entry), centredIn: nameRow, of: &buffer, style: theme.header)
        var facts = EntryDetails.facts(entry, glyphs: theme.glyphs)
        // First, so that a narrow line keeps it: the picture above is not the whole one.
        if image.cut != nil { facts.insert(theme.glyphs.warning + " " + PictureCut.summary, at: 0) }
        write(Self.factsLine(facts, room: factsRow.width, glyphs: theme.glyphs), centredIn: factsRow, of: &buffer, style: .plain)
    }

    /// The facts and the hint in `room` columns: the hint goes first (the footer says it too),
    /// then the facts from the last (the date, then bytes), so that a narrow preview shows whole
    /// facts instead of one cut in the middle (`65 kB…12-04 17:56` at 60 columns).
    static func factsLine(_ facts: [String], room: Int, glyphs: ChromeGlyphs) -> String {
        let hint = "  (any key closes)"
        let all = facts.joined(separator: glyphs.separator)
        var candidates = [all + hint]
        for count in stride(from: facts.count, to: 0, by: -1) { candidates.append(facts.prefix(count).joined(separator: glyphs.separator)) }
        return candidates.first { DisplayWidth.of($0) <= room } ?? all
    }

    /// Why the picture cannot be shown, in `size`: the file named as the grid and the status line
    /// name it (not by the path it was read by, `./clip.mp4`), then the reason, whole; the note
    /// (`remembered from an earlier try…`) only where the line has room for it. A reason too long
    /// for a line goes on to the next; only when the rows run out is the line cut. The note used
    /// to be kept and the reason cut: "(ffmpeg found no fr…) (remembered from an earlier try; …)".
    static func warningLines(_ error: ThumbnailError, name: String, glyph: String, in size: Size, ellipsis: String) -> [String] {
        let line = glyph + " " + name + ": " + SafeText.terminalSafe(error.reason)
        if let note = error.note, DisplayWidth.of(line) + DisplayWidth.of(note) + 3 <= size.width { return [line + " (" + note + ")"] }
        let lines = TextFitting.wrap(line, to: size.width)
        return lines.count <= size.height ? lines : [MiddleTruncation.truncate(line, toWidth: size.width, ellipsis: ellipsis)]
    }

    private func write(_ text: String, centredIn rect: Rect, of buffer: inout ScreenBuffer, style: Style) {
        let theme = self.theme
        guard !rect.isEmpty else { return }
        let shown = MiddleTruncation.truncate(text, toWidth: rect.width, ellipsis: theme.glyphs.ellipsis)
        buffer.write(shown, at: rect.centeredLine(width: DisplayWidth.of(shown)), style: style, clip: rect)
    }
}
