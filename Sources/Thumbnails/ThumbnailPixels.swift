import MediaDecoding

/// What a thumbnail is drawn from: decoded pixels, or the fact that a video has no poster.
public enum ThumbnailPixels: Hashable, Sendable {
    /// Pixels that fit the tile's pixel box.
    case image(PixelImage)
    /// A video no poster frame could be made of (drawn as the renderer's placeholder).
    case noPoster(duration: Double?)

    /// Bytes held in memory (the pixel cache is bounded by this).
    var byteCount: Int {
        switch self {
        case .image(let image): return image.pixels.count
        case .noPoster: return 0
        }
    }
}
