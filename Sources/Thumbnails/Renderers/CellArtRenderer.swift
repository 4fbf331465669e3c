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

    /// `CellRenderer.preferredPixelSize` (one image pixel per glyph mask sample) for tiles
    /// that the disk cache's 256-px picture serves well; colour tiles with more samples ask for
    /// `oversampling` times that (at most the whole picture), so they are decoded straight
    /// from the file, never cached, and the renderer's box filter reads a picture much finer
    /// than its samples. Two box filters at non-integer ratios (decode to 256 px, then to the
    /// samples) blurred 80x40 tiles (issue 14: half blocks at truecolor won 11 of 47
    /// comparisons from 256 px, 38 of 47 at 6x).
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
        let wanted = CellRenderer.preferredPixelSize(imageWidth: size.width, imageHeight: size.height, options: sized(cells))
        let samples = PixelSize(width: wanted.width, height: wanted.height)
        // Mono glyph matching won every comparison from 256 px, and keeps its cache.
        // A live frame is reduced straight from the full frame to the samples (a box filter over
        // every pixel): 6x as many pixels cost SampledPicture more than the frame is worth.
        guard samples.longestSide > Self.largestCachedSamples, options.colors != .none, options.effort == .full else { return samples }
        let k = Self.oversampling
        if samples.width * k >= size.width || samples.height * k >= size.height { return size }
        return PixelSize(width: samples.width * k, height: samples.height * k)
    }

    /// The longest side of the samples that the 256-px cached picture serves well (at least
    /// two of its pixels per sample): every tile up to 40x20 in a colour symbol set.
    static let largestCachedSamples = ThumbnailDiskCache.Bucket.normal.pixels

    /// Decoded pixels per sample along each side for larger tiles: on the tuning half at
    /// 80x40, 2x won 18/47 (blocks) and 40/47 (sextants) at truecolor, 4x 34 and 43, 6x 38
    /// and 47, 8x 41 and 47 (at 80x40 on a 12 MP JPEG, 8x took 54 ms, 4x 31 ms).
    static let oversampling = 6

    /// `CellRenderer.render` into `cells`.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        .cells(CellRenderer.render(image, options: sized(cells)))
    }

    /// The same look drawn with `RenderEffort.live`.
    public func forLiveFrames() -> AnyThumbnailRenderer {
        var live = options
        live.effort = .live
        return AnyThumbnailRenderer(CellArtRenderer(live))
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
