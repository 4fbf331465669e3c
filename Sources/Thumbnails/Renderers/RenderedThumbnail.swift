import CellArt

/// A thumbnail as the terminal will show it: what a `ThumbnailRenderer` makes from a tile's
/// pixels and what the picker, the main screen and `mediapick thumb` draw.
///
/// Today there is one case, cell art. Issue 12's graphics renderers (kitty, sixel, iTerm2)
/// add a second case here, `graphics`, carrying the escape-sequence payload and the size in
/// cells it covers; the switches over this type (ScreenBuffer drawing, `thumb`'s output) are
/// where that case is then handled.
public enum RenderedThumbnail: Hashable, Sendable {
    /// Glyphs and colours, one per cell.
    case cells(CellImage)

    /// The area it covers, in cells.
    public var size: TileSize {
        switch self {
        case .cells(let image): return TileSize(columns: image.columns, rows: image.rows)
        }
    }

    /// What it costs to keep in memory, in cells (the rendered-tile cache is bounded by this).
    var cost: Int {
        switch self {
        case .cells(let image): return image.cells.count
        }
    }
}
