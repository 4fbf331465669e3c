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
    /// may paint or scroll by whole bands: the height is rounded down to a multiple of 6 (never
    /// below one band), so that even the last band of the picture ends inside the tile and
    /// nothing spills into the row below.
    public func box(for cells: TileSize) -> PixelSize {
        let height = max(0, cells.rows) * cellSize.height
        return PixelSize(width: max(1, max(0, cells.columns) * cellSize.width), height: max(6, height / 6 * 6))
    }

    /// The pixels worth decoding: what the layout shows (`layout`), never more than the image has.
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
        GraphicsFit.decodeSize(of: size, for: layout(of: size, in: cells))
    }

    /// `GraphicsFit.layout` inside the whole bands (`box(for:)`) of the picture's cells
    /// (`GraphicsFit.pictureCells`): a terminal does not scale a sixel, so the pixels drawn are
    /// the pixels shown.
    public func layout(of size: PixelSize, in cells: TileSize) -> GraphicsFit.Layout {
        let picture = GraphicsFit.pictureCells(forImageOf: size, in: cells, cellSize: cellSize, fit: fit)
        return GraphicsFit.layout(of: size, in: box(for: picture), fit: fit)
    }

    /// `image` laid out for `fit` (cropped for `fill`), resized to the pixels shown (reduced with
    /// the sRGB box filter, enlarged bilinearly: a small picture fills the tile as kitty's and
    /// iTerm2's do), then encoded; the picture's cells are those its pixels cover, rounded up.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        let layout = layout(of: PixelSize(of: image), in: cells)
        let shown = image.cropped(x: layout.x, y: layout.y, width: layout.crop.width, height: layout.crop.height)
            .resized(width: layout.shown.width, height: layout.shown.height)
        let pixels = PixelSize(of: shown)
        let covered = TileSize(columns: (pixels.width + cellSize.width - 1) / cellSize.width,
                               rows: (pixels.height + cellSize.height - 1) / cellSize.height)
        return .graphics(GraphicsPicture(encoding: .sixel, cells: covered, pixels: pixels, payload: encoder.encode(shown)))
    }

}
