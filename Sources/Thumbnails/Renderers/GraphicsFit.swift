import CellArt
import MediaDecoding

/// Where a picture goes in a tile for the pixel renderers (kitty, iTerm2, sixel), under the fit
/// modes the man page defines for every output: `fit` shows the whole image, aspect ratio kept,
/// as large as the tile's `columns * cellWidth` x `rows * cellHeight` pixels allow (enlarged if
/// smaller); `fill` crops the image's centre to the tile's shape and covers the whole tile;
/// `stretch` covers the whole tile with the whole image, distorted. With `fit`, the picture is
/// fitted inside the rows the cell art gives it (`FittedCells`), so that it takes the same rows
/// whatever the output.
///
/// kitty and iTerm2 are sent no more pixels than the image has (the terminal scales them to the
/// cells); sixel has no scaling, so its renderer enlarges the pixels itself (`PixelImage.resized`).
public enum GraphicsFit {
    /// What a tile shows of an image: the part of it (`crop`, in the image's pixels) and the
    /// size that part is shown at.
    public struct Layout: Hashable, Sendable {
        /// The left edge of the part shown.
        public var x: Int
        /// The top edge of the part shown.
        public var y: Int
        /// The size of the part shown, in the image's pixels.
        public var crop: PixelSize
        /// The size it is shown at, in the terminal's pixels.
        public var shown: PixelSize
    }

    /// `cellSize` with each side at least 1 pixel (an unknown size is not a division by zero).
    public static func usable(_ cellSize: PixelSize) -> PixelSize {
        PixelSize(width: max(1, cellSize.width), height: max(1, cellSize.height))
    }

    /// The pixels of `cells` cells of `cellSize` pixels.
    public static func box(of cells: TileSize, cellSize: PixelSize) -> PixelSize {
        PixelSize(width: max(1, cells.columns) * max(1, cellSize.width), height: max(1, cells.rows) * max(1, cellSize.height))
    }

    /// An image of `size` laid out in `box` pixels under `fit`: the whole image scaled to fit
    /// (`fit`, the free side to the nearest pixel), its centre at the box's shape (`fill`), or
    /// the whole image at the box's size (`stretch`).
    public static func layout(of size: PixelSize, in box: PixelSize, fit: FitMode) -> Layout {
        let w = max(1, size.width), h = max(1, size.height)
        let bw = max(1, box.width), bh = max(1, box.height)
        let whole = PixelSize(width: w, height: h), full = PixelSize(width: bw, height: bh)
        switch fit {
        case .fit: return Layout(x: 0, y: 0, crop: whole, shown: whole.scaled(toFit: full, nearest: true))
        case .stretch: return Layout(x: 0, y: 0, crop: whole, shown: full)
        case .fill:
            // The largest part of the image with the box's shape, compared without division.
            let crop = w * bh > h * bw ? PixelSize(width: max(1, (h * bw + bh / 2) / bh), height: h)
                                       : PixelSize(width: w, height: max(1, (w * bh + bw / 2) / bw))
            return Layout(x: (w - crop.width) / 2, y: (h - crop.height) / 2, crop: crop, shown: full)
        }
    }

    /// The cells of `cells` a picture of `size` is laid out in under `fit`: for `fit`, every
    /// column and the rows `FittedCells` gives it from the cells' shape (the cell art's own), so
    /// that the pixels, which keep their shape, take those rows exactly: rounded down, they are
    /// what limits the picture; rounded up, the picture's last row is partly blank. The columns
    /// stay whole, since a picture that its rows limit would lose rows to fit columns rounded
    /// down: the pixels cover the columns their shape gives them, where cell art stretches or
    /// squeezes the picture to its own. Every cell for `fill` and `stretch`.
    public static func pictureCells(forImageOf size: PixelSize, in cells: TileSize, cellSize: PixelSize,
                                    fit: FitMode) -> TileSize {
        guard fit == .fit else { return cells }
        let fitted = FittedCells.of(imageWidth: size.width, imageHeight: size.height, columns: max(1, cells.columns),
                                    rows: max(1, cells.rows),
                                    cellAspect: ArtOptions.cellAspect(pixelWidth: cellSize.width, pixelHeight: cellSize.height))
        return TileSize(columns: max(1, cells.columns), rows: fitted.rows)
    }

    /// An image of `size` laid out under `fit` in the pixels of its cells of `cells`
    /// (`pictureCells`).
    public static func layout(of size: PixelSize, in cells: TileSize, cellSize: PixelSize, fit: FitMode) -> Layout {
        layout(of: size, in: box(of: pictureCells(forImageOf: size, in: cells, cellSize: cellSize, fit: fit), cellSize: cellSize),
               fit: fit)
    }

    /// The size `size` takes when fitted into `cells` of `cellSize` pixels (enlarged if smaller);
    /// at least 1x1.
    public static func displaySize(of size: PixelSize, in cells: TileSize, cellSize: PixelSize) -> PixelSize {
        layout(of: size, in: cells, cellSize: cellSize, fit: .fit).shown
    }

    /// The pixels worth sending of what `layout` shows: the shown size on each side, but never
    /// more than the part shown has.
    public static func sentSize(_ layout: Layout) -> PixelSize {
        PixelSize(width: min(layout.shown.width, layout.crop.width), height: min(layout.shown.height, layout.crop.height))
    }

    /// The pixels worth decoding of a whole image of `size` for `layout`: the image at the
    /// scale where the part shown has its shown size (or its own, when that is smaller), so
    /// that a crop (`fill`) keeps all the detail shown.
    public static func decodeSize(of size: PixelSize, for layout: Layout) -> PixelSize {
        let w = max(1, size.width), h = max(1, size.height)
        // The scale is the larger of shown/crop along the two sides, compared without division.
        let (shown, crop) = layout.shown.width * layout.crop.height >= layout.shown.height * layout.crop.width
            ? (layout.shown.width, layout.crop.width) : (layout.shown.height, layout.crop.height)
        guard shown < crop else { return PixelSize(width: w, height: h) }
        return PixelSize(width: max(1, (w * shown + crop / 2) / crop), height: max(1, (h * shown + crop / 2) / crop))
    }

    /// The pixels worth decoding and sending for `fit`: the display size, but never more than the image has.
    public static func pixelSize(forImageOf size: PixelSize, in cells: TileSize, cellSize: PixelSize, fit: FitMode = .fit) -> PixelSize {
        decodeSize(of: size, for: layout(of: size, in: cells, cellSize: cellSize, fit: fit))
    }

    /// The cells `shown` pixels cover: whole cells, within `cells`, at least one each way.
    public static func coveredCells(by shown: PixelSize, in cells: TileSize, cellSize: PixelSize) -> TileSize {
        let cw = max(1, cellSize.width), ch = max(1, cellSize.height)
        return TileSize(columns: min(max(1, cells.columns), (shown.width + cw - 1) / cw),
                        rows: min(max(1, cells.rows), (shown.height + ch - 1) / ch))
    }

    /// The cells the picture covers under `fit`: all of them for `fill` and `stretch`.
    public static func coveredCells(forImageOf size: PixelSize, in cells: TileSize, cellSize: PixelSize, fit: FitMode = .fit) -> TileSize {
        coveredCells(by: layout(of: size, in: cells, cellSize: cellSize, fit: fit).shown, in: cells, cellSize: cellSize)
    }

    /// The part of `image` that `layout` shows, reduced with the decoders' box filter
    /// (`PixelImage.reduced`) to `sentSize`; never enlarged.
    public static func fitted(_ image: PixelImage, in cells: TileSize, cellSize: PixelSize, fit: FitMode = .fit) -> PixelImage {
        Self.fit(image, in: cells, cellSize: cellSize, fit: fit).image
    }

    /// `fitted(_:in:cellSize:fit:)` and the cells it covers: what kitty and iTerm2 draw for a tile.
    public static func fit(_ image: PixelImage, in cells: TileSize, cellSize: PixelSize,
                           fit: FitMode = .fit) -> (image: PixelImage, cells: TileSize) {
        let layout = layout(of: PixelSize(of: image), in: cells, cellSize: cellSize, fit: fit)
        let sent = sentSize(layout)
        let part = image.cropped(x: layout.x, y: layout.y, width: layout.crop.width, height: layout.crop.height)
        return (part.reduced(width: sent.width, height: sent.height), coveredCells(by: layout.shown, in: cells, cellSize: cellSize))
    }
}
