import ColorModel

/// The colour space cells are matched in: OKLab, with lightness weighted against the colour axes.
struct WorkingColor: Sendable {
    /// Multiplier of OKLab L.
    let lightnessWeight: Float

    /// Converts linear-light RGB (0...1).
    @inline(__always)
    func fromLinear(_ r: Float, _ g: Float, _ b: Float) -> SIMD4<Float> {
        let lab = OKLab(linearRed: r, green: g, blue: b)
        return SIMD4(lab.l * lightnessWeight, lab.a, lab.b, 0)
    }

    /// Converts an 8-bit sRGB colour.
    func from(_ rgb: RGB) -> SIMD4<Float> {
        fromLinear(SRGBTransfer.toLinear[Int(rgb.r)], SRGBTransfer.toLinear[Int(rgb.g)], SRGBTransfer.toLinear[Int(rgb.b)])
    }

    /// The nearest 8-bit sRGB colour (out-of-gamut values are clipped).
    func rgb(_ v: SIMD4<Float>) -> RGB {
        let l = v.x / lightnessWeight, a = v.y, b = v.z
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let lc = l_ * l_ * l_, mc = m_ * m_ * m_, sc = s_ * s_ * s_
        return RGB(SRGBTransfer.encode(4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc),
                   SRGBTransfer.encode(-1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc),
                   SRGBTransfer.encode(-0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc))
    }
}
