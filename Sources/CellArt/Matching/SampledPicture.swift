#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorModel
import MediaDecoding

/// A picture reduced to a grid of samples by a box filter, composited over a background.
struct SampledPicture: Sendable {
    /// Width in samples.
    let width: Int
    /// Height in samples.
    let height: Int
    /// sRGB values (0...1) of each sample, row-major; the fourth lane is unused.
    let colors: [SIMD4<Float>]
    /// For a picture with transparent pixels: each sample's own colour (sRGB, 0...1, not
    /// composited) and, in the fourth lane, how opaque it is (0...1); nil for an opaque picture,
    /// which then costs nothing more.
    let opacity: [SIMD4<Float>]?

    /// Box-filters the `source` rectangle of `image` down (or up) to `width` x `height`
    /// samples, reading partly covered pixels as ramps when reducing with `slopes` (`BoxWeights`).
    /// Transparent pixels are composited over `background`. Averaging happens in sRGB values,
    /// or in linear light when `linear` is set.
    init(_ image: PixelImage, source: (x: Double, y: Double, width: Double, height: Double),
         width: Int, height: Int, background: RGB, linear: Bool, slopes: Bool) {
        self.width = width
        self.height = height
        guard width > 0, height > 0, image.width > 0, image.height > 0 else {
            let bg = SIMD4<Float>(Float(background.r), Float(background.g), Float(background.b), 0) / 255
            colors = [SIMD4<Float>](repeating: bg, count: max(width, 0) * max(height, 0))
            opacity = nil
            return
        }
        let wx = BoxWeights(sourceStart: source.x, sourceLength: source.width, count: width, limit: image.width, slopes: slopes)
        let wy = BoxWeights(sourceStart: source.y, sourceLength: source.height, count: height, limit: image.height, slopes: slopes)
        let rowSpan = wy.span
        let table = linear ? SRGBTransfer.toLinear : (0..<256).map { Float($0) / 255 }

        // Horizontal pass over the rows any sample reads: premultiplied colour and alpha.
        var across = [SIMD4<Float>](repeating: .zero, count: rowSpan.count * width)
        image.pixels.withUnsafeBufferPointer { pixels in
            table.withUnsafeBufferPointer { lut in
                across.withUnsafeMutableBufferPointer { out in
                    for y in rowSpan {
                        let rowBase = y * image.width * 4
                        let outBase = (y - rowSpan.lowerBound) * width
                        for sx in 0..<width {
                            var sum = SIMD4<Float>.zero
                            var x = wx.first[sx]
                            for t in wx.offsets[sx]..<wx.offsets[sx + 1] {
                                let p = rowBase + x * 4
                                let alpha = Float(pixels[p + 3]) / 255
                                let v = SIMD4<Float>(lut[Int(pixels[p])], lut[Int(pixels[p + 1])], lut[Int(pixels[p + 2])], 1)
                                sum += v * (alpha * wx.weights[t])
                                x += 1
                            }
                            out[outBase + sx] = sum
                        }
                    }
                }
            }
        }

        // Vertical pass, then compositing over the background.
        func line(_ sy: Int) -> [SIMD4<Float>] {
            var y = wy.first[sy] - rowSpan.lowerBound
            var line = [SIMD4<Float>](repeating: .zero, count: width)
            for t in wy.offsets[sy]..<wy.offsets[sy + 1] {
                let w = wy.weights[t]
                for sx in 0..<width { line[sx] += across[y * width + sx] * w }
                y += 1
            }
            return line
        }
        let bg = SIMD4<Float>(table[Int(background.r)], table[Int(background.g)], table[Int(background.b)], 1)
        var result = [SIMD4<Float>](repeating: .zero, count: width * height)
        var leastOpaque: Float = 1
        for sy in 0..<height {
            let line = line(sy)
            for sx in 0..<width {
                let v = line[sx]
                leastOpaque = min(leastOpaque, v.w)
                var c = v + bg * (1 - v.w)
                if linear {
                    c = SIMD4(Self.encode(c.x), Self.encode(c.y), Self.encode(c.z), 0)
                }
                // The ramps' negative weights can overshoot at a hard edge (lane by lane: SIMD's
                // clamped is a call per sample).
                result[sy * width + sx] = SIMD4(min(max(c.x, 0), 1), min(max(c.y, 0), 1), min(max(c.z, 0), 1), 0)
            }
        }
        colors = result
        // Known from the samples rather than by reading every pixel again: an opaque picture
        // (weights summing to 1) pays one `min` a sample, and only a transparent one a second pass.
        guard leastOpaque < Self.opaque else {
            opacity = nil
            return
        }
        var own = [SIMD4<Float>](repeating: .zero, count: width * height)
        for sy in 0..<height {
            let line = line(sy)
            for sx in 0..<width {
                let v = line[sx]
                var straight = v.w > 0 ? v / v.w : .zero
                if linear { straight = SIMD4(Self.encode(straight.x), Self.encode(straight.y), Self.encode(straight.z), 0) }
                own[sy * width + sx] = SIMD4(min(max(straight.x, 0), 1), min(max(straight.y, 0), 1), min(max(straight.z, 0), 1),
                                             min(max(v.w, 0), 1))
            }
        }
        opacity = own
    }

    /// A sample at least this opaque counts as opaque (what the filter's rounding leaves of 1).
    static let opaque: Float = 0.999

    /// The samples with an unsharp mask of `amount` (3x3 neighbourhood), clamped to 0...1:
    /// a box filter softens edges that a sharper resampling filter would keep.
    func sharpened(_ amount: Float) -> SampledPicture {
        guard amount != 0, width > 0, height > 0 else { return self }
        var out = colors
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                var count: Float = 0
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) {
                        sum += colors[ny * width + nx]
                        count += 1
                    }
                }
                let c = colors[y * width + x]
                out[y * width + x] = (c + (c - sum / count) * amount).clamped(lowerBound: .zero, upperBound: SIMD4(1, 1, 1, 0))
            }
        }
        return SampledPicture(width: width, height: height, colors: out, opacity: opacity)
    }

    /// Wraps existing samples.
    init(width: Int, height: Int, colors: [SIMD4<Float>], opacity: [SIMD4<Float>]? = nil) {
        self.width = width
        self.height = height
        self.colors = colors
        self.opacity = opacity
    }

    /// Linear light to an sRGB value, both 0...1.
    static func encode(_ v: Float) -> Float {
        let c = min(max(v, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
    }

    /// An sRGB value to linear light, both 0...1.
    static func decode(_ v: Float) -> Float {
        v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }
}
