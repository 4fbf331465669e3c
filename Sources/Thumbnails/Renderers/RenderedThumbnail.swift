import CellArt

/// A thumbnail as the terminal will show it: what a `ThumbnailRenderer` makes from a tile's
/// pixels and what the picker, the main screen and `mediapick thumb` draw.
///
/// Cell art everywhere; where the terminal can draw pixels, a picture in its graphics
/// protocol. The switches over this type (ScreenBuffer drawing, `thumb`'s output) are where
/// each is handled.
public enum RenderedThumbnail: Hashable, Sendable {
    /// Glyphs and colours, one per cell.
    case cells(CellImage)
    /// A picture in a terminal graphics protocol (kitty, sixel, iTerm2).
    case graphics(GraphicsPicture)

    /// The area it covers, in cells.
    public var size: TileSize {
        switch self {
        case .cells(let image): return TileSize(columns: image.columns, rows: image.rows)
        case .graphics(let picture): return picture.cells
        }
    }

    /// What it costs to keep in memory, in cells (the rendered-tile cache is bounded by this).
    var cost: Int {
        switch self {
        case .cells(let image): return image.cells.count
        // About what a cell of art costs per 16 bytes of escape sequence.
        case .graphics(let picture): return max(1, picture.payload.count / 16)
        }
    }
}
