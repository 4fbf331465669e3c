import MediaDecoding

/// Where a picture goes in a tile for the pixel renderers (kitty, iTerm2): the image fitted into
/// the tile's `columns * cellWidth` x `rows * cellHeight` pixels, aspect ratio kept, and the
/// cells that covers. Pixels are never invented: an image smaller than the tile is sent at its
/// own size and the terminal scales it to the cells.
public enum GraphicsFit {
    /// `cellSize` with each side at least 1 pixel (an unknown size is not a division by zero).
    public static func usable(_ cellSize: PixelSize) -> PixelSize {
        PixelSize(width: max(1, cellSize.width), height: max(1, cellSize.height))
    }

    /// The size `size` takes when fitted into `cells` of `cellSize` pixels (enlarged if smaller);
    /// at least 1x1.
    public static func displaySize(of size: PixelSize, in cells: TileSize, cellSize: PixelSize) -> PixelSize {
        let box = PixelSize(width: max(1, cells.columns) * max(1, cellSize.width), height: max(1, cells.rows) * max(1, cellSize.height))
        return size.scaled(toFit: box, nearest: true)
    }

    /// The pixels worth decoding and sending: the display size, but never more than the image has.
    public static func pixelSize(forImageOf size: PixelSize, in cells: TileSize, cellSize: PixelSize) -> PixelSize {
        let shown = displaySize(of: size, in: cells, cellSize: cellSize)
        guard shown.width < size.width || shown.height < size.height else {
            return PixelSize(width: max(1, size.width), height: max(1, size.height))
        }
        return shown
    }

    /// The cells the fitted picture covers: whole cells, within `cells`, at least one each way.
    public static func coveredCells(forImageOf size: PixelSize, in cells: TileSize, cellSize: PixelSize) -> TileSize {
        let shown = displaySize(of: size, in: cells, cellSize: cellSize)
        let cw = max(1, cellSize.width), ch = max(1, cellSize.height)
        return TileSize(columns: min(max(1, cells.columns), (shown.width + cw - 1) / cw),
                        rows: min(max(1, cells.rows), (shown.height + ch - 1) / ch))
    }

    /// `image` reduced with the decoders' box filter (`PixelImage.reduced`) to `pixelSize`; itself
    /// when it is no larger.
    public static func fitted(_ image: PixelImage, in cells: TileSize, cellSize: PixelSize) -> PixelImage {
        let size = pixelSize(forImageOf: PixelSize(of: image), in: cells, cellSize: cellSize)
        return image.reduced(width: size.width, height: size.height)
    }

    /// `fitted(_:in:cellSize:)` and the cells it covers: what a pixel renderer draws for a tile.
    public static func fit(_ image: PixelImage, in cells: TileSize, cellSize: PixelSize) -> (image: PixelImage, cells: TileSize) {
        (fitted(image, in: cells, cellSize: cellSize), coveredCells(forImageOf: PixelSize(of: image), in: cells, cellSize: cellSize))
    }
}
