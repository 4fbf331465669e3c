import CellArt

/// A renderer that sends real pixels (kitty, iTerm2, sixel): sized by the terminal's cell size
/// through `GraphicsFit` under the cell art's fit mode (sixel fits into whole six-pixel bands
/// instead), with cell art for what has no pixels (the film strip of a video without a poster frame).
public protocol PixelTileRenderer: ThumbnailRenderer {
    /// The size of a terminal cell in pixels (detected, or `--cell-size`; 10x20 by default).
    var cellSize: PixelSize { get }
    /// The cell art drawn for a video without a poster frame.
    var cellArt: CellArtRenderer { get }
}

extension PixelTileRenderer {
    /// How the picture fills its tile: the same `--fit` as the cell art's, so that every output
    /// follows it.
    public var fit: FitMode { cellArt.options.fit }

    /// The image laid out in the tile's pixels (`GraphicsFit`), never more than it has.
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
        GraphicsFit.pixelSize(forImageOf: size, in: cells, cellSize: cellSize, fit: fit)
    }

    /// The film strip, in cell art.
    public func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail {
        cellArt.placeholder(duration: duration, in: cells)
    }
}
