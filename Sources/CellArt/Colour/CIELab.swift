#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CIELAB (D65) conversions, scaled by 1/100 so its range is close to OKLab's.
///
/// Used as the matching space when chosen: its linear segment near black treats dark
/// greys as the CIE colour-difference formulas do, where OKLab's cube root spreads them.
enum CIELab {
    private static let white: SIMD3<Float> = [0.95047, 1.0, 1.08883]

    /// Linear-light sRGB to scaled (L*, a*, b*) / 100.
    static func from(linear r: Float, _ g: Float, _ b: Float) -> SIMD3<Float> {
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / white.x
        let y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / white.y
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / white.z
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(1.16 * fy - 0.16, 5 * (fx - fy), 2 * (fy - fz))
    }

    /// Scaled (L*, a*, b*) / 100 back to linear-light sRGB (unclipped).
    static func linear(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let fy = (lab.x + 0.16) / 1.16, fx = fy + lab.y / 5, fz = fy - lab.z / 2
        let x = finv(fx) * white.x, y = finv(fy) * white.y, z = finv(fz) * white.z
        return SIMD3(3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
                     -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
                     0.0556434 * x - 0.2040259 * y + 1.0572252 * z)
    }

    @inline(__always)
    private static func f(_ t: Float) -> Float {
        t > 0.008856 ? cbrtf(t) : 7.787 * t + 16.0 / 116.0
    }

    @inline(__always)
    private static func finv(_ f: Float) -> Float {
        f > 0.206893 ? f * f * f : (f - 16.0 / 116.0) / 7.787
    }
}
