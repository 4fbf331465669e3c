import CellArt
import MediaDecoding

/// Real pixels through iTerm2's inline images (iTerm2, WezTerm, VS Code, Tabby): the fitted
/// pixels as a PNG inside OSC 1337, sized in cells. Nothing to name or delete: the picture is
/// text-like, drawn where the cursor is and gone when overwritten.
public struct ITerm2Renderer: PixelTileRenderer {
    /// The size of a terminal cell in pixels (detected, or `--cell-size`; 10x20 by default).
    public let cellSize: PixelSize
    /// The cell art drawn for a video without a poster frame, and if a PNG cannot be made.
    public let cellArt: CellArtRenderer

    /// A renderer for cells of `cellSize` pixels; `cellArt` draws the film strip of videos.
    public init(cellSize: PixelSize = PixelSize(width: 10, height: 20),
                cellArt: CellArtRenderer = CellArtRenderer(ArtOptions(columns: 0, rows: 0))) {
        self.cellSize = GraphicsFit.usable(cellSize)
        self.cellArt = cellArt
    }

    /// The OSC 1337 sequence of `image` laid out for `fit` (cropped for `fill`), reduced when
    /// larger, over the cells it covers; for `stretch` without `preserveAspectRatio`.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        let (fitted, covered) = GraphicsFit.fit(image, in: cells, cellSize: cellSize, fit: fit)
        // PNG encoding fails only when memory does; the tile then shows what every terminal can.
        guard let png = try? PNGEncoder.encode(fitted) else { return cellArt.render(image, in: cells) }
        return .graphics(GraphicsPicture(encoding: .iterm2, cells: covered, pixels: PixelSize(of: fitted),
                                         payload: ITerm2Images.inlineImage(png, columns: covered.columns, rows: covered.rows,
                                                                                  preservesAspectRatio: fit != .stretch)))
    }
}
