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
        fitted(inside: PixelSize(width: box, height: box))
    }

    /// This size scaled to fit inside `box`, aspect ratio kept, never enlarged, at least 1x1
    /// (the square fit above is its special case).
    public func fitted(inside box: PixelSize) -> PixelSize {
        let w = max(1, width), h = max(1, height)
        guard w > box.width || h > box.height else { return PixelSize(width: w, height: h) }
        return scaled(toFit: box)
    }

    /// This size enlarged or reduced until it just fits `box`, aspect ratio kept, at least 1x1.
    /// The free side is rounded down (decode targets: never a pixel more than asked) or, with
    /// `nearest`, to the nearest pixel (the size a terminal shows a picture at).
    public func scaled(toFit box: PixelSize, nearest: Bool = false) -> PixelSize {
        let w = max(1, width), h = max(1, height)
        let bw = max(1, box.width), bh = max(1, box.height)
        // Height-limited when w/h <= bw/bh, compared without division.
        if w * bh <= h * bw {
            return PixelSize(width: max(1, (w * bh + (nearest ? h / 2 : 0)) / h), height: bh)
        }
        return PixelSize(width: bw, height: max(1, (h * bw + (nearest ? w / 2 : 0)) / w))
    }
}

extension PixelImage {
    /// This image reduced (`PixelImage.reduced`, the sRGB box filter) to fit inside `box`x`box`;
    /// itself when it already fits.
    func fitted(within box: Int) -> PixelImage {
        let size = PixelSize(of: self).fitted(within: box)
        return reduced(width: size.width, height: size.height)
    }
}
