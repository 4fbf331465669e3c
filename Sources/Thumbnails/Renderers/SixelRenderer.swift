import CellArt
import MediaDecoding

/// Sixel pictures (DEC VT340 and the terminals that followed: xterm, foot, WezTerm, Konsole,
/// mlterm, Windows Terminal): the tile's pixels, fitted inside its cells, encoded with a
/// palette of their own by `SixelEncoder`.
public struct SixelRenderer: PixelTileRenderer {
    /// Pixels per cell (`--cell-size`, or what the terminal reports); 10x20 by default.
    public let cellSize: PixelSize
    /// Palette size and the background partly transparent pixels are composited over.
    public let encoder: SixelEncoder
    /// The cell art drawn for a video without a poster frame.
    public let cellArt: CellArtRenderer

    /// A renderer for cells of `cellSize` pixels, encoding with `encoder`; `cellArt` draws what
    /// has no pixels (the film strip), in the user's symbols and colours.
    public init(cellSize: PixelSize = PixelSize(width: 10, height: 20), encoder: SixelEncoder = SixelEncoder(),
                cellArt: CellArtRenderer = CellArtRenderer(ArtOptions(columns: 0, rows: 0))) {
        self.cellSize = GraphicsFit.usable(cellSize)
        self.encoder = encoder
        self.cellArt = cellArt
    }

    /// The pixel area available in `cells`. A sixel band is six pixels tall, and a terminal
    /// paints and moves the cursor by whole bands: the height is rounded down to a multiple of 6,
    /// so that even the last band of the picture ends inside the cells and nothing spills into
    /// the row below. Nil when the cells hold no whole band (rows under 6 pixels tall in all, as
    /// one row of 4-pixel cells): one band would overflow the rows kept for the picture (it
    /// was drawn over the row below, more than `--size` asked), so the tile is drawn in cell
    /// art, which fits any cell.
    public func box(for cells: TileSize) -> PixelSize? {
        let height = max(0, cells.rows) * cellSize.height / 6 * 6
        guard height > 0 else { return nil }
        return PixelSize(width: max(1, max(0, cells.columns) * cellSize.width), height: height)
    }

    /// The pixels worth decoding: what the layout shows (`layout`), never more than the image
    /// has; the cell art's where no band fits.
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
        guard let layout = layout(of: size, in: cells) else { return cellArt.pixelSize(forImageOf: size, in: cells) }
        return GraphicsFit.decodeSize(of: size, for: layout)
    }

    /// `GraphicsFit.layout` inside the whole bands (`box(for:)`) of the picture's cells
    /// (`GraphicsFit.pictureCells`): a terminal does not scale a sixel, so the pixels drawn are
    /// the pixels shown. Nil where those cells hold no whole band.
    public func layout(of size: PixelSize, in cells: TileSize) -> GraphicsFit.Layout? {
        let picture = GraphicsFit.pictureCells(forImageOf: size, in: cells, cellSize: cellSize, fit: fit)
        return box(for: picture).map { GraphicsFit.layout(of: size, in: $0, fit: fit) }
    }

    /// `image` laid out for `fit` (cropped for `fill`), resized to the pixels shown (reduced with
    /// the sRGB box filter, enlarged bilinearly: a small picture fills the tile as kitty's and
    /// iTerm2's do), then encoded, over the cells its pixels cover (`GraphicsFit.coveredCells`);
    /// cell art where no band fits.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        guard let layout = layout(of: PixelSize(of: image), in: cells) else { return cellArt.render(image, in: cells) }
        let shown = image.cropped(x: layout.x, y: layout.y, width: layout.crop.width, height: layout.crop.height)
            .resized(width: layout.shown.width, height: layout.shown.height)
        let pixels = PixelSize(of: shown)
        let covered = GraphicsFit.coveredCells(by: pixels, in: cells, cellSize: cellSize)
        return .graphics(GraphicsPicture(encoding: .sixel, cells: covered, pixels: pixels, payload: encoder.encode(shown)))
    }
}
