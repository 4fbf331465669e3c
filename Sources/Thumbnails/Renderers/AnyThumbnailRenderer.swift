import MediaDecoding

/// Any renderer, as a value a key can hold: equal when the wrapped renderers are of the same
/// type and equal.
public struct AnyThumbnailRenderer: ThumbnailRenderer {
    /// The renderer wrapped.
    public let base: any ThumbnailRenderer

    /// Wraps `renderer` (an `AnyThumbnailRenderer` is not wrapped twice).
    public init(_ renderer: some ThumbnailRenderer) {
        base = (renderer as? AnyThumbnailRenderer)?.base ?? renderer
    }

    /// Same type, equal values.
    public static func == (lhs: AnyThumbnailRenderer, rhs: AnyThumbnailRenderer) -> Bool {
        lhs.base.isEqual(to: rhs.base)
    }

    /// The type and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }

    /// The wrapped renderer's answer.
    public func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize { base.pixelSize(forImageOf: size, in: cells) }

    /// The wrapped renderer's answer.
    public func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail { base.render(image, in: cells) }

    /// The wrapped renderer's answer.
    public func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail { base.placeholder(duration: duration, in: cells) }

    /// The wrapped renderer's answer.
    public func forLiveFrames() -> AnyThumbnailRenderer { base.forLiveFrames() }
}

extension ThumbnailRenderer {
    /// True when `other` is a `Self` equal to this one.
    fileprivate func isEqual(to other: any ThumbnailRenderer) -> Bool { (other as? Self) == self }
}
