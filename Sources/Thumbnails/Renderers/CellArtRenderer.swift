import CellArt
import MediaDecoding
import Platform

/// Cell art: glyphs and colours chosen per cell by CellArt's `CellRenderer`, the renderer
/// every terminal can show. The graphics renderers of issue 12 are files beside this one.
public struct CellArtRenderer: ThumbnailRenderer {
    /// Symbols, colours, fit, cell aspect and background; the size in cells comes with each
    /// call (it is zeroed here so that one renderer serves every tile size).
    public let options: ArtOptions

    /// A renderer drawing with `options` (their `columns` and `rows` are ignored).
    public init(_ options: ArtOptions) {
        var look = options
        look.columns = 0
        look.rows = 0
        self.options = look
    }

    /// `CellRenderer.preferredPixelSize`: one image pixel per glyph mask sample.
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
        let wanted = CellRenderer.preferredPixelSize(imageWidth: size.width, imageHeight: size.height, options: sized(cells))
        return PixelSize(width: wanted.width, height: wanted.height)
    }

    /// `CellRenderer.render` into `cells`.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        .cells(CellRenderer.render(image, options: sized(cells)))
    }

    /// The film strip.
    public func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail {
        .cells(FilmStrip.placeholder(options: sized(cells), duration: duration))
    }

    /// The options for a tile of `cells`.
    public func sized(_ cells: TileSize) -> ArtOptions {
        var sized = options
        sized.columns = cells.columns
        sized.rows = cells.rows
        return sized
    }
}

extension TileSize {
    /// The size `options` ask for.
    public init(_ options: ArtOptions) { self.init(columns: options.columns, rows: options.rows) }
}

extension ThumbnailKey {
    /// The key of a cell-art tile drawn with `options` (their size is the tile's).
    public init(path: RawPath, modificationTime: FileTime, byteSize: Int64, options: ArtOptions) {
        self.init(path: path, modificationTime: modificationTime, byteSize: byteSize, size: TileSize(options), renderer: CellArtRenderer(options))
    }
}

extension Thumbnailer {
    /// The cell-art thumbnail of the file at `path`, `options.columns` x `options.rows` cells.
    public static func thumbnail(for path: RawPath, options: ArtOptions, cache: ThumbnailDiskCache? = nil,
                                 isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> RenderedThumbnail {
        try thumbnail(for: path, in: TileSize(options), renderer: CellArtRenderer(options), cache: cache, isCancelled: isCancelled)
    }
}
