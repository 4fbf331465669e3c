import MediaDecoding

/// Shrinks decoded pixels to the thumbnail cache's size (the decoders return up to about
/// twice the size asked for). An area average: each output pixel is the mean of its box.
enum ImageScaling {
    /// `image` scaled down (never up) to fit inside `box`x`box`, aspect ratio kept.
    static func fit(_ image: PixelImage, within box: Int) -> PixelImage {
        let longest = max(image.width, image.height)
        guard longest > box, image.width > 0, image.height > 0 else { return image }
        let width = max(1, image.width * box / longest)
        let height = max(1, image.height * box / longest)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let source = image.pixels
        for y in 0..<height {
            let y0 = y * image.height / height, y1 = max(y0 + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let x0 = x * image.width / width, x1 = max(x0 + 1, (x + 1) * image.width / width)
                var r = 0, g = 0, b = 0, a = 0
                for sy in y0..<y1 {
                    var i = (sy * image.width + x0) * 4
                    for _ in x0..<x1 {
                        // Weight colour by alpha so transparent pixels do not darken the edge.
                        let alpha = Int(source[i + 3])
                        r += Int(source[i]) * alpha; g += Int(source[i + 1]) * alpha; b += Int(source[i + 2]) * alpha
                        a += alpha
                        i += 4
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                let o = (y * width + x) * 4
                if a > 0 {
                    out[o] = UInt8(r / a); out[o + 1] = UInt8(g / a); out[o + 2] = UInt8(b / a)
                }
                out[o + 3] = UInt8(a / n)
            }
        }
        return PixelImage(width: width, height: height, pixels: out)
    }
}
