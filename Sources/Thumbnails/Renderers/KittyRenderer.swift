import CellArt
import ColorModel
import MediaDecoding
import TerminalGraphics

/// Real pixels through the kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
///
/// `render` does the expensive part off the main actor, per tile: the fitted pixels deflated and
/// base64-encoded into a transmission that names no image (`GraphicsPicture.payload`, with
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

    /// A renderer for cells of `cellSize` pixels; `cellArt` draws the film strip of videos.
    public init(cellSize: PixelSize = PixelSize(width: 10, height: 20), placeholders: Bool = false,
                cellArt: CellArtRenderer = CellArtRenderer(ArtOptions(columns: 0, rows: 0))) {
        self.cellSize = GraphicsFit.usable(cellSize)
        self.placeholders = placeholders
        self.cellArt = cellArt
    }

    /// The unnamed kitty transmission of `image`, reduced to `pixelSize` when larger.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        let (fitted, covered) = GraphicsFit.fit(image, in: cells, cellSize: cellSize)
        return .graphics(GraphicsPicture(encoding: .kitty, cells: covered, pixels: PixelSize(of: fitted),
                                         payload: KittyGraphics.transmission(of: fitted, compressionLevel: Self.compressionLevel)))
    }

    /// `picture`'s transmission under `imageID`: written once, when `KittyImageIDs.acquire` says
    /// the id is new.
    public static func transmission(of picture: GraphicsPicture, imageID: UInt32) -> [UInt8] {
        KittyGraphics.naming(picture.payload, imageID: imageID)
    }

    /// What shows the transmitted `picture` each time its tile is drawn: with placeholders, the
    /// virtual placement over `picture.cells` (then write `placeholderCells` as text); without, a
    /// placement at the cursor (the tile's top-left cell) that fills the cells without distortion,
    /// and moves rather than duplicates when sent again with the same `placementID`.
    public func placement(of picture: GraphicsPicture, imageID: UInt32, placementID: UInt32 = 1) -> [UInt8] {
        if placeholders {
            return KittyGraphics.virtualPlacement(imageID: imageID, columns: picture.cells.columns, rows: picture.cells.rows)
        }
        let span = directSpan(of: picture)
        return KittyGraphics.placement(imageID: imageID, placementID: placementID, columns: span.columns, rows: span.rows)
    }

    /// The one side a direct placement names: the columns when the width limits the picture, else
    /// the rows; the terminal derives the other from the image's aspect ratio (naming both would
    /// stretch the picture to whole cells).
    public func directSpan(of picture: GraphicsPicture) -> (columns: Int?, rows: Int?) {
        let widthLimits = picture.pixels.width * picture.cells.rows * cellSize.height
            >= picture.pixels.height * picture.cells.columns * cellSize.width
        return widthLimits ? (picture.cells.columns, nil) : (nil, picture.cells.rows)
    }

    /// The placeholder text of `picture` under `imageID`, for a terminal drawing `colors`.
    public func placeholderCells(of picture: GraphicsPicture, imageID: UInt32, colors: ColorDepth) -> KittyPlaceholderCells {
        KittyPlaceholderCells(imageID: imageID, columns: picture.cells.columns, rows: picture.cells.rows, colors: colors)
    }

    /// zlib's level for tiles: see the kitty stage of mediapick-bench for what each level costs.
    static let compressionLevel = 6
}
