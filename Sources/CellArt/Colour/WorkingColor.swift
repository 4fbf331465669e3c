import ColorModel

/// The space cells are matched in: OKLab (lightness weighted against the colour axes) plus,
/// in the fourth lane, luma (Rec. 709 weights on sRGB values), the brightness that tone and
/// edge comparisons of terminal art measure and that OKLab alone lets a palette trade away.
struct WorkingColor: Sendable {
    /// Multiplier of OKLab L.
    let lightnessWeight: Float
    /// Multiplier of luma.
    let lumaWeight: Float
    /// Match in CIELAB instead of OKLab.
    let cielab: Bool

    /// Converts sRGB values (0...1 in the first three lanes).
    @inline(__always)
    func from(srgb c: SIMD4<Float>) -> SIMD4<Float> {
        let r = SampledPicture.decode(c.x), g = SampledPicture.decode(c.y), b = SampledPicture.decode(c.z)
        let luma = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
        if cielab {
            let lab = CIELab.from(linear: r, g, b)
            return SIMD4(lab.x * lightnessWeight, lab.y, lab.z, luma * lumaWeight)
        }
        let lab = OKLab(linearRed: r, green: g, blue: b)
        return SIMD4(lab.l * lightnessWeight, lab.a, lab.b, luma * lumaWeight)
    }

    /// Converts an 8-bit sRGB colour.
    func from(_ rgb: RGB) -> SIMD4<Float> {
        from(srgb: SIMD4(Float(rgb.r), Float(rgb.g), Float(rgb.b), 0) / 255)
    }

    /// The nearest 8-bit sRGB colour (out-of-gamut values are clipped).
    func rgb(_ v: SIMD4<Float>) -> RGB {
        let c = linear(v)
        return RGB(SRGBTransfer.encode(c.x), SRGBTransfer.encode(c.y), SRGBTransfer.encode(c.z))
    }

    /// The nearest 8-bit sRGB colour to `v` moved along the grey axis (the same step added to
    /// all three sRGB values) until its luma is the luma lane's: the samples' mean luma when
    /// `v` is their least-squares colour. A mean taken in OKLab, whose lightness is a cube
    /// root, is darker than the mean brightness of textured samples in sRGB values, the
    /// brightness terminal art's tone and edges are compared in; with `lumaWeight` 0, `rgb(v)`.
    func rgbKeepingLuma(_ v: SIMD4<Float>) -> RGB {
        guard lumaWeight > 0 else { return rgb(v) }
        var e = srgb(clippedLinear: linear(v).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)))
        e += SIMD3(repeating: v.w / lumaWeight - DeltaEPaletteSearch.luma(e))
        e = (e.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)) * 255).rounded(.toNearestOrAwayFromZero)
        return RGB(UInt8(e.x), UInt8(e.y), UInt8(e.z))
    }

    /// Linear-light sRGB of `v`, not clipped (ideal colours can lie outside the gamut).
    func linear(_ v: SIMD4<Float>) -> SIMD3<Float> {
        let l = v.x / lightnessWeight, a = v.y, b = v.z
        if cielab { return CIELab.linear(SIMD3(l, a, b)) }
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let lc = l_ * l_ * l_, mc = m_ * m_ * m_, sc = s_ * s_ * s_
        return SIMD3(4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
                     -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
                     -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc)
    }

    /// CIELAB (L* 0...100) and luma (0...1) of `v`, clipped to the sRGB gamut first. The luma
    /// lane holds the exact mean luma of the samples an ideal colour stands for; it is used
    /// when it carries weight.
    func labAndLuma(_ v: SIMD4<Float>) -> (lab: SIMD3<Float>, luma: Float) {
        let c = linear(v).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        let lab = CIELab.from(linear: c.x, c.y, c.z) * 100
        if lumaWeight > 0 { return (lab, min(max(v.w / lumaWeight, 0), 1)) }
        return (lab, DeltaEPaletteSearch.luma(srgb(clippedLinear: c)))
    }

    /// sRGB values (0...1) of linear-light values already clipped to the gamut.
    private func srgb(clippedLinear c: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(SampledPicture.encode(c.x), SampledPicture.encode(c.y), SampledPicture.encode(c.z))
    }
}
