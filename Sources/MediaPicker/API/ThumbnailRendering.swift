import CellArt
import TerminalUI
import Thumbnails

/// The one place a terminal's graphics protocol becomes a thumbnail renderer: the picker, the
/// app's main screen and `mediapick thumb` all ask here, so a terminal that can draw pixels gets
/// pictures everywhere a thumbnail appears, and cell art stays the fallback.
public enum ThumbnailRendering {
    /// Pixels per cell assumed when the terminal has not said (`--cell-size`'s default).
    public static let defaultCellPixelSize = Size(width: 10, height: 20)

    /// The renderer for `graphics`: cell art drawn with `options` for `.symbols`; otherwise the
    /// protocol's renderer for cells of `cellPixelSize` pixels (the default when nil), whose
    /// cell art (a video's film strip) is drawn with `options` too. The size in `options` is
    /// ignored: the size comes with each tile. Sixel, which has no alpha, composites partly
    /// transparent pixels over `options.background`, as the cell art does; kitty and iTerm2
    /// send the alpha and the terminal composites.
    public static func renderer(graphics: GraphicsProtocol, cellPixelSize: Size?, options: ArtOptions) -> AnyThumbnailRenderer {
        let cellArt = CellArtRenderer(options)
        let cell = cellPixelSize ?? defaultCellPixelSize
        let pixels = PixelSize(width: cell.width, height: cell.height)
        switch graphics {
        case .symbols: return AnyThumbnailRenderer(cellArt)
        case .kitty: return AnyThumbnailRenderer(KittyRenderer(cellSize: pixels, cellArt: cellArt))
        case .sixel:
            return AnyThumbnailRenderer(SixelRenderer(cellSize: pixels, encoder: SixelEncoder(background: options.background),
                                                      cellArt: cellArt))
        case .iterm2: return AnyThumbnailRenderer(ITerm2Renderer(cellSize: pixels, cellArt: cellArt))
        }
    }

    /// The cell art look of pictures `columns` x `rows` cells on cells of `cellPixelSize`
    /// pixels (the default when nil): the one place the cells' shape becomes
    /// `ArtOptions.cellAspect`, so the picker's tiles, the app's main screen and the camera's
    /// preview all draw a square picture square on square cells. `background` is the
    /// terminal's (`TerminalCapabilities.background`); black when nil.
    public static func artOptions(columns: Int = 0, rows: Int = 0, symbols: SymbolSet, colors: ColorDepth,
                                  cellPixelSize: Size?, background: RGB? = nil) -> ArtOptions {
        let cell = cellPixelSize ?? defaultCellPixelSize
        var options = ArtOptions(columns: columns, rows: rows, symbols: symbols, colors: colors,
                                 cellAspect: ArtOptions.cellAspect(pixelWidth: cell.width, pixelHeight: cell.height))
        if let background { options.background = background }
        return options
    }

    /// The renderer `capabilities` call for, cell art drawn with `options`, over the terminal's
    /// background where it said it (`TerminalCapabilities.background`).
    public static func renderer(for capabilities: TerminalCapabilities, options: ArtOptions) -> AnyThumbnailRenderer {
        var options = options
        if let background = capabilities.background { options.background = background }
        return renderer(graphics: capabilities.graphics, cellPixelSize: capabilities.cellPixelSize, options: options)
    }
}
