import MediaDecoding

/// Turns a tile's pixels into what the terminal shows. Renderers sit at the edge of the
/// thumbnails layer: the layer decodes and caches pixels, a renderer only draws them. A new
/// output (a terminal graphics protocol) is a new renderer in `Renderers/`.
///
/// A renderer's value is its identity: it goes into `ThumbnailKey`, so two renderers that
/// compare equal must draw alike, and a change of options (another value) re-renders the
/// cached pixels without decoding again.
public protocol ThumbnailRenderer: Hashable, Sendable {
    /// The pixel size worth decoding for an image of `size` drawn into `cells`.
    func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize
    /// `image` drawn into `cells`.
    func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail
    /// The tile of a video without a poster frame (a film strip, with the duration when known).
    func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail
    /// The renderer for the frames of a live stream (a camera's preview), where a picture
    /// lasts a fraction of a second: a cheaper one where the renderer has one, else itself.
    func forLiveFrames() -> AnyThumbnailRenderer
}

extension ThumbnailRenderer {
    /// Itself: no cheaper way to draw.
    public func forLiveFrames() -> AnyThumbnailRenderer { AnyThumbnailRenderer(self) }
}
