import CellArt
import TerminalUI
import Thumbnails

extension ScreenBuffer {
    /// Draws a rendered thumbnail centred in `rect`, clipped to it: how thumbnails reach the
    /// screen, in the sheet's tiles and preview and on the app's main screen alike.
    public mutating func draw(_ thumbnail: RenderedThumbnail, centeredIn rect: Rect) {
        switch thumbnail {
        case .cells(let image): draw(image, centeredIn: rect)
        case .graphics(let picture):
            let size = Size(width: picture.cells.columns, height: picture.cells.rows)
            let image = TerminalImage(encoding: TerminalImage.Encoding(picture.encoding), size: size,
                                      payload: picture.payload, identity: picture.identity)
            let placed = rect.centered(size)
            place(image, at: Point(x: placed.x, y: placed.y), clip: rect)
        }
    }

    /// Draws cell art centred in `rect`, clipped to it.
    public mutating func draw(_ image: CellImage, centeredIn rect: Rect) {
        let placed = rect.centered(Size(width: image.columns, height: image.rows))
        let left = placed.x, top = placed.y
        for row in 0..<min(image.rows, rect.height) {
            for column in 0..<min(image.columns, rect.width) {
                let cell = image[column, row]
                self[left + column, top + row] = Cell(text: String(Character(cell.glyph)), width: 1,
                                                      style: Style(foreground: cell.foreground, background: cell.background))
            }
        }
    }

    /// Writes `lines` centred in `rect`, one under the other, clipped to it (placeholders and
    /// badges in place of a picture).
    public mutating func write(centered lines: [String], in rect: Rect, style: Style) {
        let top = rect.centered(Size(width: 0, height: lines.count)).y
        for (i, line) in lines.enumerated() where top + i < rect.maxY {
            let x = rect.centered(Size(width: DisplayWidth.of(line), height: 0)).x
            write(line, at: Point(x: x, y: top + i), style: style, clip: rect)
        }
    }
}

extension TerminalImage.Encoding {
    /// The screen's name for a renderer's protocol (the two layers do not import each other).
    init(_ encoding: GraphicsPicture.Encoding) {
        switch encoding {
        case .kitty: self = .kitty
        case .sixel: self = .sixel
        case .iterm2: self = .iterm2
        }
    }
}
