import MediaDecoding

/// A width and height in pixels: what a renderer asks the decoders for.
public struct PixelSize: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size of `image`.
    public init(of image: PixelImage) { self.init(width: image.width, height: image.height) }

    /// The longer side.
    public var longestSide: Int { max(width, height) }

    /// This size scaled to fit inside `box`x`box`, aspect ratio kept, never enlarged, at least 1x1.
    /// The one fit-in-a-square arithmetic: the decode target, the disk cache's buckets and the
    /// reduction of decoded pixels all use it.
    public func fitted(within box: Int) -> PixelSize {
        let longest = max(width, height, 1)
        guard longest > box else { return PixelSize(width: max(1, width), height: max(1, height)) }
        return PixelSize(width: max(1, width * box / longest), height: max(1, height * box / longest))
    }
}

extension PixelImage {
    /// This image reduced (linear light, `PixelImage.reduced`) to fit inside `box`x`box`;
    /// itself when it already fits.
    func fitted(within box: Int) -> PixelImage {
        let size = PixelSize(of: self).fitted(within: box)
        return reduced(width: size.width, height: size.height)
    }
}
