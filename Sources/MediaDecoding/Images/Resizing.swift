extension PixelImage {
    /// The `width`x`height` part of this image whose top-left pixel is (`x`, `y`), held inside
    /// the image (at least 1x1 of a non-empty image); itself when that is the whole image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
        guard self.width > 0, self.height > 0 else { return self }
        let left = min(max(x, 0), self.width - 1), top = min(max(y, 0), self.height - 1)
        let w = min(max(width, 1), self.width - left), h = min(max(height, 1), self.height - top)
        guard w != self.width || h != self.height else { return self }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let from = ((top + row) * self.width + left) * 4
            bytes[(row * w * 4)..<((row + 1) * w * 4)] = pixels[from..<(from + w * 4)]
        }
        return PixelImage(width: w, height: h, pixels: bytes)
    }

    /// This image at exactly `width`x`height` (each at least 1): each side reduced with the box
    /// filter (`reduced`) where it is larger, then enlarged bilinearly where it is smaller, the
    /// colours weighted by alpha so that transparent pixels do not darken the edges they touch.
    public func resized(width: Int, height: Int) -> PixelImage {
        let w = max(width, 1), h = max(height, 1)
        return reduced(width: w, height: h).enlarged(width: w, height: h)
    }

    /// This image enlarged bilinearly to `width`x`height` (a side already as large stays).
    private func enlarged(width: Int, height: Int) -> PixelImage {
        let w = max(width, self.width), h = max(height, self.height)
        guard self.width > 0, self.height > 0, w != self.width || h != self.height else { return self }
        let xs = Self.taps(from: self.width, to: w), ys = Self.taps(from: self.height, to: h)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        var out = 0
        for (y0, y1, fy) in ys {
            for (x0, x1, fx) in xs {
                var alpha = 0.0, r = 0.0, g = 0.0, b = 0.0
                func add(_ x: Int, _ y: Int, _ weight: Double) {
                    let i = (y * self.width + x) * 4, a = Double(pixels[i + 3]) * weight
                    alpha += a
                    r += Double(pixels[i]) * a; g += Double(pixels[i + 1]) * a; b += Double(pixels[i + 2]) * a
                }
                add(x0, y0, (1 - fx) * (1 - fy)); add(x1, y0, fx * (1 - fy))
                add(x0, y1, (1 - fx) * fy); add(x1, y1, fx * fy)
                if alpha > 0 {
                    bytes[out] = UInt8(min(255, (r / alpha).rounded()))
                    bytes[out + 1] = UInt8(min(255, (g / alpha).rounded()))
                    bytes[out + 2] = UInt8(min(255, (b / alpha).rounded()))
                }
                bytes[out + 3] = UInt8(min(255, alpha.rounded()))  // the weights sum to 1
                out += 4
            }
        }
        return PixelImage(width: w, height: h, pixels: bytes)
    }

    /// For each of `count` output positions along a side of `source` pixels: the two source
    /// pixels it lies between (pixel centres aligned) and the weight of the second.
    private static func taps(from source: Int, to count: Int) -> [(Int, Int, Double)] {
        (0..<count).map { i in
            let at = min(max((Double(i) + 0.5) * Double(source) / Double(count) - 0.5, 0), Double(source - 1))
            let first = Int(at)
            return (first, min(first + 1, source - 1), at - Double(first))
        }
    }
}
