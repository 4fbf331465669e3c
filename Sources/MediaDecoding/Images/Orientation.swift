extension PixelImage {
    /// This image turned upright for EXIF orientation `orientation` (1–8): the stored pixels
    /// are mirrored and/or rotated as the tag says the camera held them. Other values: unchanged.
    public func applyingOrientation(_ orientation: Int) -> PixelImage {
        guard (2...8).contains(orientation), width > 0, height > 0 else { return self }
        let swaps = orientation >= 5
        let outW = swaps ? height : width
        let outH = swaps ? width : height
        let w = width, h = height
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                for y in 0..<outH {
                    for x in 0..<outW {
                        // The stored pixel shown at (x, y) once upright.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)
                        }
                        let s = (sy * w + sx) * 4
                        dst[i] = src[s]; dst[i + 1] = src[s + 1]; dst[i + 2] = src[s + 2]; dst[i + 3] = src[s + 3]
                        i += 4
                    }
                }
            }
        }
        return PixelImage(width: outW, height: outH, pixels: out)
    }
}
