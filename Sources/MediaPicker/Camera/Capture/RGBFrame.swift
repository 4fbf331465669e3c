import MediaDecoding

/// One frame as ffmpeg writes it with `-pix_fmt rgb24`: three bytes a pixel, rows top to
/// bottom, with its number in the stream and when it was read.
public struct RGBFrame: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes.
    public let bytes: [UInt8]
    /// 0 for the stream's first frame.
    public let index: Int
    /// When the last byte was read.
    public let arrival: ContinuousClock.Instant

    /// A frame; `bytes.count` must be `width * height * 3`.
    public init(width: Int, height: Int, bytes: [UInt8], index: Int = 0, arrival: ContinuousClock.Instant = .now) {
        precondition(bytes.count == width * height * 3, "RGBFrame: \(bytes.count) bytes for \(width)x\(height)")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.index = index
        self.arrival = arrival
    }

    /// The frame as an opaque RGBA image, full size (the still that is saved).
    public var image: PixelImage {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                for pixel in 0..<(width * height) {
                    out[pixel * 4] = input[pixel * 3]
                    out[pixel * 4 + 1] = input[pixel * 3 + 1]
                    out[pixel * 4 + 2] = input[pixel * 3 + 2]
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: rgba)
    }

    /// The frame reduced to `newWidth` x `newHeight` by averaging the source pixels under each
    /// output pixel (a box filter: a preview drawn from every pixel, not one in twenty). A size
    /// no smaller than the frame's gives the full image.
    public func reduced(width newWidth: Int, height newHeight: Int) -> PixelImage {
        guard newWidth > 0, newHeight > 0, newWidth < width || newHeight < height else { return image }
        let outWidth = min(newWidth, width), outHeight = min(newHeight, height)
        var rgba = [UInt8](repeating: 255, count: outWidth * outHeight * 4)
        let sourceWidth = width, sourceHeight = height
        rgba.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                for y in 0..<outHeight {
                    let top = y * sourceHeight / outHeight, bottom = max(top + 1, (y + 1) * sourceHeight / outHeight)
                    for x in 0..<outWidth {
                        let left = x * sourceWidth / outWidth, right = max(left + 1, (x + 1) * sourceWidth / outWidth)
                        var r = 0, g = 0, b = 0
                        for sy in top..<bottom {
                            var i = (sy * sourceWidth + left) * 3
                            for _ in left..<right {
                                r &+= Int(input[i]); g &+= Int(input[i + 1]); b &+= Int(input[i + 2])
                                i += 3
                            }
                        }
                        let count = (bottom - top) * (right - left)
                        let o = (y * outWidth + x) * 4
                        out[o] = UInt8(r / count); out[o + 1] = UInt8(g / count); out[o + 2] = UInt8(b / count)
                    }
                }
            }
        }
        return PixelImage(width: outWidth, height: outHeight, pixels: rgba)
    }
}
