import CellArt
import TerminalUI

/// Draws cell art into a screen buffer.
enum CellBlit {
    /// One line of dim text centred in `rect`.
    static func centre(_ text: String, in rect: Rect, of buffer: inout ScreenBuffer) {
        let x = rect.x + max(0, (rect.width - DisplayWidth.of(text)) / 2)
        buffer.write(text, at: Point(x: x, y: rect.y + rect.height / 2), style: Style(attributes: [.dim]), clip: rect)
    }

    /// `image` centred in `rect`, clipped to it.
    static func draw(_ image: CellImage, centeredIn rect: Rect, of buffer: inout ScreenBuffer) {
        let origin = Point(x: rect.x + max(0, (rect.width - image.columns) / 2), y: rect.y + max(0, (rect.height - image.rows) / 2))
        for y in 0..<min(image.rows, rect.height) {
            for x in 0..<min(image.columns, rect.width) {
                let art = image[x, y]
                buffer[origin.x + x, origin.y + y] = Cell(text: String(Character(art.glyph)), width: 1,
                                                          style: Style(foreground: art.foreground, background: art.background))
            }
        }
    }
}
