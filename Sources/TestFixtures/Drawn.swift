import MediaDecoding

/// Test images drawn in code.
public enum Drawn {
    /// A binary PPM (P6) of `image` (alpha dropped): the simplest format to write by hand.
    public static func ppm(_ image: PixelImage) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[i..<(i + 3)] }
        return bytes
    }

    /// A small scene: a sky gradient, a sun (a disc) and striped ground, varied by `seed`,
    /// so thumbnails have shapes and colours worth comparing.
    public static func scene(width: Int = 120, height: Int = 90, seed: Int) -> PixelImage {
        let cx = width * (1 + seed % 3) / 4, cy = height / 3, r = height / 5
        return PixelImage(width: width, height: height) { x, y in
            let dx = x - cx, dy = y - cy
            if dx * dx + dy * dy <= r * r { return (250, 210, UInt8(40 + seed * 30 % 200), 255) }
            if y > height * 2 / 3 {
                let stripe = ((x + y + seed * 5) / 8) % 2 == 0
                return stripe ? (30, UInt8(120 + seed * 10 % 100), 40, 255) : (90, 60, 30, 255)
            }
            let t = UInt8(255 * y / height)
            return (UInt8(40 + seed * 20 % 120), UInt8(100 + Int(t) / 3), 255 - t / 2, 255)
        }
    }

    /// Noise (with a little of the place in it): every row costs a deflate stream about as
    /// many bytes, so a PNG of it cut at a share of its length holds about that share of rows.
    public static func noise(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            let n = (x &* 7919 ^ y &* 104_729) &* 2_654_435_761 >> 13
            return (UInt8(truncatingIfNeeded: n), UInt8(truncatingIfNeeded: n >> 8 ^ x), UInt8(truncatingIfNeeded: n >> 16 ^ y), 255)
        }
    }

    /// A quartered square in four colours, distinct per `seed`.
    public static func quarters(size: Int = 64, seed: Int) -> PixelImage {
        let palette: [(UInt8, UInt8, UInt8)] = [(230, 40, 40), (40, 200, 60), (40, 80, 230), (240, 220, 40), (250, 250, 250), (20, 20, 20)]
        return PixelImage(width: size, height: size * 3 / 4) { x, y in
            let quadrant = (x < size / 2 ? 0 : 1) + (y < size * 3 / 8 ? 0 : 2)
            let c = palette[(quadrant + seed) % palette.count]
            return (c.0, c.1, c.2, 255)
        }
    }
}
