#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorModel

/// The palette entry a viewer would call nearest: least CIEDE2000 difference plus a weight
/// times the difference in luma (brightness of the sRGB values).
///
/// CIEDE2000 forgives chroma errors in saturated colours and weighs lightness as people see
/// it, which Euclidean OKLab does not; the luma term keeps tone and edges, which a palette
/// chosen by colour difference alone trades away (an orange drawn as a darker red).
/// Measured with `scripts/quality`: blocks and quadrants at 256 colours then beat chafa on
/// colour difference and structure alike where OKLab distance lost one or the other.
///
/// CIEDE2000 is too slow to compare with every entry, so the few nearest entries in DIN99o
/// (a Euclidean space built to agree with it) plus weighted luma are found first, and the
/// exact cost picks among them. Ties go to the lower entry index.
///
/// In shadows (target luma below `shadows.below`) a colour drawn lighter than the target
/// costs `shadows.liftWeight` times more luma error. The palette has few dark steps (greys 8,
/// 18, 28, then nothing darker than 95 in the cube), so a dark, noisy background that sits
/// between two of them flickers from cell to cell; rounding it down keeps it even and dark,
/// and leaves the lighter entry to what really is lighter (faint stars on a night sky).
/// Measured with `scripts/quality` (docs/performance.md).
///
/// A luma difference past `knee.start` also costs `knee.weight` times the square of its
/// excess. ΔE00 forgives a large shift of lightness in a saturated colour whose hue it keeps:
/// a paint between two steps of the cube, (166, 59, 29), is nearer red (215, 0, 0) than orange
/// (175, 95, 0), though red's luma is 36 levels darker and orange's 24 lighter. Samples of one
/// paint then fall on both sides of that line and draw as red and orange patches, edges 60
/// levels deep that the picture does not have. The linear weight, sized for everyday errors,
/// lets that happen; a heavier one costs flat colours their ΔE. The square grows only where
/// the error is already large.
struct DeltaEPaletteSearch: Sendable {
    /// How many DIN99o neighbours the exact cost chooses among (three did as well as four or
    /// eight in `scripts/quality`, for less work).
    static let candidates = 3
    /// Cost of a whole unit (0...1) of luma difference, in ΔE00 units.
    let lumaWeight: Float
    /// The extra weight of lighter-than-target luma in shadows, and the luma below which a target counts as shadow.
    let shadows: (liftWeight: Float, below: Float, floor: Float)
    /// The luma difference (0...1) past which its excess also costs `weight` times its square (ΔE00 units).
    let knee: (start: Float, weight: Float)
    /// CIELAB and luma of each entry, by palette index.
    let lab: [SIMD3<Float>]
    let luma: [Float]
    private let proxy: PaletteSearch

    init(colors: [RGB], lumaWeight: Float, shadows: (liftWeight: Float, below: Float, floor: Float) = (0, 0, 0),
         knee: (start: Float, weight: Float) = (0, 0)) {
        self.lumaWeight = lumaWeight
        self.shadows = shadows
        self.knee = knee
        let srgb = colors.map { SIMD3(Float($0.r), Float($0.g), Float($0.b)) / 255 }
        lab = srgb.map(Self.lab(srgb:))
        luma = srgb.map(Self.luma)
        proxy = PaletteSearch(entries: zip(lab, luma).map { Self.proxyPoint(lab: $0, luma: $1, weight: lumaWeight) }, count: 1)
    }

    /// The search over palette entries `indices` with `tuning`'s weights; nil when `tuning`
    /// does not snap by colour difference.
    init?(_ indices: Range<Int>, tuning: RenderTuning) {
        guard let weight = tuning.deltaELumaWeight else { return nil }
        self.init(colors: indices.map { XtermPalette.colors[$0] }, lumaWeight: weight * 100,
                  shadows: (tuning.shadowLiftWeight, tuning.shadowLuma, tuning.shadowFloor),
                  knee: (tuning.lumaKnee, tuning.lumaKneeWeight))
    }

    /// The best entry for a colour given as CIELAB (L* 0...100) and luma (0...1).
    func nearest(lab target: SIMD3<Float>, luma targetLuma: Float) -> Int {
        let near = proxy.nearest(to: Self.proxyPoint(lab: target, luma: targetLuma, weight: lumaWeight), k: Self.candidates)
        var best = (cost: Float.infinity, index: 0)
        for slot in 0..<near.count {
            let i = Int(near.indices[slot])
            let cost = cost(lab: target, luma: targetLuma, entry: i)
            if cost < best.cost || (cost == best.cost && i < best.index) { best = (cost, i) }
        }
        return best.index
    }

    /// The `k` (at most 8) entries nearest a target by DIN99o plus weighted luma, nearest first.
    func neighbours(lab target: SIMD3<Float>, luma targetLuma: Float, k: Int) -> (indices: SIMD8<Int32>, count: Int) {
        proxy.nearest(to: Self.proxyPoint(lab: target, luma: targetLuma, weight: lumaWeight), k: k)
    }

    /// What `nearest` minimises: entry `i`'s ΔE00 from the target plus the weighted luma
    /// difference (with the shadow lift and the knee); `weight` (x100 already) replaces `lumaWeight`.
    @inline(__always)
    func cost(lab target: SIMD3<Float>, luma targetLuma: Float, entry i: Int, lumaWeight weight: Float? = nil) -> Float {
        let dl = luma[i] - targetLuma
        let lift = targetLuma < shadows.below && targetLuma >= shadows.floor ? shadows.liftWeight : 0
        let excess = max(abs(dl) - knee.start, 0)
        return CIEDE2000.difference(target, lab[i]) + (weight ?? lumaWeight) * (abs(dl) + lift * max(dl, 0)) + knee.weight * excess * excess
    }

    /// The weighted luma, then the DIN99o coordinates. Luma goes first because it spreads
    /// the entries widest, which is the axis `PaletteSearch` walks and prunes along.
    static func proxyPoint(lab: SIMD3<Float>, luma: Float, weight: Float) -> SIMD4<Float> {
        let d = din99o(lab)
        return SIMD4(luma * weight, d.x, d.y, d.z)
    }

    private static let (cos26, sin26) = (cosf(26 * .pi / 180), sinf(26 * .pi / 180))

    /// DIN 6176's DIN99o coordinates of a CIELAB colour.
    static func din99o(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let l = 303.67 * logf(1 + 0.0039 * lab.x)
        let e = lab.y * cos26 + lab.z * sin26, f = 0.83 * (lab.z * cos26 - lab.y * sin26)
        let g = (e * e + f * f).squareRoot()
        guard g > 0 else { return SIMD3(l, 0, 0) }
        let c = 23 * logf(1 + 0.075 * g)
        // Hue turned back by the 26° the axes were turned: (e, f) rotated by +26°.
        let ch = (e * cos26 - f * sin26) / g, sh = (e * sin26 + f * cos26) / g
        return SIMD3(l, c * ch, c * sh)
    }

    /// Rec. 709 luma of sRGB values (0...1), the brightness tone comparisons of terminal art use.
    @inline(__always)
    static func luma(_ srgb: SIMD3<Float>) -> Float { 0.2126 * srgb.x + 0.7152 * srgb.y + 0.0722 * srgb.z }

    /// CIELAB (L* 0...100) of sRGB values (0...1).
    static func lab(srgb: SIMD3<Float>) -> SIMD3<Float> {
        CIELab.from(linear: SampledPicture.decode(srgb.x), SampledPicture.decode(srgb.y), SampledPicture.decode(srgb.z)) * 100
    }
}
