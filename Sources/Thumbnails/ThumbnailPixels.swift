import MediaDecoding

/// What a thumbnail is drawn from: decoded pixels, or the fact that a video has no poster.
public enum ThumbnailPixels: Hashable, Sendable {
    /// Pixels that fit the tile's pixel box.
    case image(PixelImage)
    /// Pixels of a picture whose file ends inside its data: what the decoder drew of it
    /// (`DecodeError.truncated`'s partial picture), fitted as `image`'s are.
    case cut(PixelImage, PictureCut)
    /// A video no poster frame could be made of (drawn as the renderer's placeholder).
    case noPoster(duration: Double?)

    /// The mark of a partial picture (`cut`); nil for the rest.
    public var cut: PictureCut? {
        if case .cut(_, let mark) = self { return mark }
        return nil
    }

    /// Bytes held in memory (the pixel cache is bounded by this).
    var byteCount: Int {
        switch self {
        case .image(let image), .cut(let image, _): return image.pixels.count
        case .noPoster: return 0
        }
    }
}
