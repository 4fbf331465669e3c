import CellArt
import Foundation
import MediaDecoding

/// How close a picture is to its source: SSIM of luma over 8x8 windows (step 4) and the mean
/// CIEDE2000 difference per pixel. Both images must be the same size.
struct ImageScore {
    /// Structural similarity of luma, 1 for identical images.
    var ssim: Double
    /// Mean ΔE00 over all pixels.
    var deltaE: Double

    /// `picture` scored against `source`.
    init(_ picture: PixelImage, against source: PixelImage) {
        precondition(picture.width == source.width && picture.height == source.height, "scored images differ in size")
        ssim = Self.ssim(Self.luma(picture), Self.luma(source), width: source.width, height: source.height)
        var total = 0.0
        for i in stride(from: 0, to: source.pixels.count, by: 4) {
            total += Double(CIEDE2000.difference(Self.lab(picture.pixels, i), Self.lab(source.pixels, i)))
        }
        deltaE = total / Double(max(1, source.width * source.height))
    }

    /// sRGB channel to linear light.
    private static let linear: [Double] = (0..<256).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIELAB (D65, L* 0...100) of the pixel at byte offset `i`.
    private static func lab(_ p: [UInt8], _ i: Int) -> SIMD3<Float> {
        let r = linear[Int(p[i])], g = linear[Int(p[i + 1])], b = linear[Int(p[i + 2])]
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(Float(116 * fy - 16), Float(500 * (fx - fy)), Float(200 * (fy - fz)))
    }

    /// BT.709 luma of each pixel, 0...255.
    private static func luma(_ image: PixelImage) -> [Double] {
        stride(from: 0, to: image.pixels.count, by: 4).map { i -> Double in
            let r: Double = 0.2126 * Double(image.pixels[i]), g: Double = 0.7152 * Double(image.pixels[i + 1])
            let b: Double = 0.0722 * Double(image.pixels[i + 2])
            return r + g + b
        }
    }

    /// Mean SSIM over 8x8 windows, four pixels apart.
    private static func ssim(_ a: [Double], _ b: [Double], width: Int, height: Int) -> Double {
        let c1: Double = 2.55 * 2.55, c2: Double = 7.65 * 7.65
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: height - 8, by: 4) {
            for left in stride(from: 0, through: width - 8, by: 4) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let u = a[y * width + x], v = b[y * width + x]
                        sa += u; sb += v; saa += u * u; sbb += v * v; sab += u * v
                    }
                }
                let n = 64.0, ma = sa / n, mb = sb / n
                let va: Double = saa / n - ma * ma, vb: Double = sbb / n - mb * mb, cov: Double = sab / n - ma * mb
                let numerator: Double = (2 * ma * mb + c1) * (2 * cov + c2)
                let denominator: Double = (ma * ma + mb * mb + c1) * (va + vb + c2)
                total += numerator / denominator
                windows += 1
            }
        }
        return windows > 0 ? total / Double(windows) : 1
    }
}
