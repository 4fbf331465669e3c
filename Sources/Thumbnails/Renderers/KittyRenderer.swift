import CellArt
import ColorModel
import MediaDecoding
import TerminalGraphics

/// Real pixels through the kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
///
/// `render` does the expensive part off the main actor, per tile: the fitted pixels encoded
/// (`encoding`: a palette PNG by default) and base64-encoded into a transmission that names no image (`GraphicsPicture.payload`, with
/// `imageID` nil). The backend, which owns the terminal and its `KittyImageIDs`, names it when it
/// first shows the tile (`transmission(of:imageID:)`), then shows it (`placement(of:imageID:)`,
/// and with placeholders the text of `placeholderCells(of:imageID:colors:)`). So the cached
/// rendering stays valid whatever id it gets, and the id outlives no deletion.
public struct KittyRenderer: PixelTileRenderer {
    /// The size of a terminal cell in pixels (detected, or `--cell-size`; 10x20 by default).
    public let cellSize: PixelSize
    /// Show pictures through Unicode placeholders (a virtual placement and U+10EEEE text that moves
    /// with the text grid) rather than direct placements at the cursor.
    public let placeholders: Bool
    /// The cell art drawn for a video without a poster frame (the film strip).
    public let cellArt: CellArtRenderer
    /// How the pixels travel: PNG, palette PNG or zlib-compressed raw pixels.
    public let encoding: Encoding

    /// A renderer for cells of `cellSize` pixels; `cellArt` draws the film strip of videos.
    public init(cellSize: PixelSize = PixelSize(width: 10, height: 20), placeholders: Bool = false,
                cellArt: CellArtRenderer = CellArtRenderer(ArtOptions(columns: 0, rows: 0)),
                encoding: Encoding = .standard) {
        self.cellSize = GraphicsFit.usable(cellSize)
        self.encoding = encoding
        self.placeholders = placeholders
        self.cellArt = cellArt
    }

    /// The unnamed kitty transmission of `image` laid out for `fit` (cropped for `fill`), reduced
    /// to `pixelSize` when larger; with `fit`, centred on the transparent canvas that gives it the
    /// shape of the cells it covers (`canvas`). With `fill` and `stretch` the placement's `c` and
    /// `r` stretch the pixels over the whole tile, which is what they ask for.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        let (fitted, covered) = GraphicsFit.fit(image, in: cells, cellSize: cellSize, fit: fit)
        let canvas = fit == .fit ? Self.canvas(fitted, covering: covered, cellSize: cellSize) : fitted
        return .graphics(GraphicsPicture(encoding: .kitty, cells: covered, pixels: PixelSize(of: canvas),
                                         payload: encoding.transmission(of: canvas)))
    }

    /// `image` centred on transparent pixels that give it the shape of `cells` cells of
    /// `cellSize` pixels; `image` itself when it has that shape already.
    ///
    /// A placement that names both sides (`c` and `r`) stretches the image to the whole cells in
    /// every kitty version and every terminal that speaks the protocol; one that names a single
    /// side does not keep the aspect ratio before kitty 0.35 (Debian 12 has 0.26), which keeps the
    /// image's own pixel size on the side left out. With this canvas both sides can be named and
    /// the picture keeps its shape wherever the cell size is right.
    public static func canvas(_ image: PixelImage, covering cells: TileSize, cellSize: PixelSize) -> PixelImage {
        let boxWidth = max(1, cells.columns) * max(1, cellSize.width), boxHeight = max(1, cells.rows) * max(1, cellSize.height)
        var width = image.width, height = image.height
        guard width > 0, height > 0 else { return image }
        if width * boxHeight >= height * boxWidth {  // the width fills the cells: rows to add
            height = max(height, (width * boxHeight + boxWidth / 2) / boxWidth)
        } else {
            width = max(width, (height * boxWidth + boxHeight / 2) / boxHeight)
        }
        guard width != image.width || height != image.height else { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        let rowBytes = image.width * 4
        for row in 0..<image.height {
            let from = row * rowBytes, to = ((top + row) * width + left) * 4
            pixels[to..<(to + rowBytes)] = image.pixels[from..<(from + rowBytes)]
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// `picture`'s transmission under `imageID`: written once, when `KittyImageIDs.acquire` says
    /// the id is new.
    public static func transmission(of picture: GraphicsPicture, imageID: UInt32) -> [UInt8] {
        KittyGraphics.naming(picture.payload, imageID: imageID)
    }

    /// What shows the transmitted `picture` each time its tile is drawn: with placeholders, the
    /// virtual placement over `picture.cells` (then write `placeholderCells` as text); without, a
    /// placement at the cursor (the tile's top-left cell) over exactly `picture.cells`, which the
    /// picture's canvas has the shape of, and which moves rather than duplicates when sent again
    /// with the same `placementID`.
    public func placement(of picture: GraphicsPicture, imageID: UInt32, placementID: UInt32 = 1) -> [UInt8] {
        if placeholders {
            return KittyGraphics.virtualPlacement(imageID: imageID, columns: picture.cells.columns, rows: picture.cells.rows)
        }
        return KittyGraphics.placement(imageID: imageID, placementID: placementID, columns: picture.cells.columns,
                                       rows: picture.cells.rows)
    }

    /// The placeholder text of `picture` under `imageID`, for a terminal drawing `colors`.
    public func placeholderCells(of picture: GraphicsPicture, imageID: UInt32, colors: ColorDepth) -> KittyPlaceholderCells {
        KittyPlaceholderCells(imageID: imageID, columns: picture.cells.columns, rows: picture.cells.rows, colors: colors)
    }
}
