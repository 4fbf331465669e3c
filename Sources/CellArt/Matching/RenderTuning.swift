/// Knobs of the renderer's algorithm, for the quality experiments in `mediapick-bench`.
///
/// The defaults are what `CellRenderer.render(_:options:)` uses; nothing else should need these.
@_spi(Tuning) public struct RenderTuning: Sendable {
    /// Samples per cell (columns, rows) to match glyphs at; nil takes the symbol set's default.
    public var sampleGrid: (columns: Int, rows: Int)?
    /// Average pixels in linear light instead of sRGB values.
    public var linearAveraging = false
    /// Weight of OKLab lightness against the two colour axes in the matching error.
    public var lightnessWeight: Float = 1
    /// Unsharp-mask amount applied to the samples before matching.
    public var sharpen: Float = 0.1
    /// The unsharp-mask amount where colours are snapped by `DeltaEPaletteSearch` (see `deltaELumaWeight`).
    public var perceptualSharpen: Float = 0.2
    /// Weight of luma (sRGB-value brightness) in the matching error.
    public var lumaWeight: Float = 0.5
    /// How many of the best glyphs (before snapping) are tried with palette colours.
    public var glyphCandidates = 4
    /// How many palette entries nearest to each ideal colour are tried.
    public var paletteCandidates = 2
    /// For block glyphs (blocks, quadrants, sextants: `GlyphTable.isBlockShaped`) at 256 colours: snap each colour by CIEDE2000 plus this weight times the luma difference
    /// (x100, so 1 weighs a luma step of 0.01 like one ΔE00 unit); nil snaps by distance in
    /// the working space.
    public var deltaELumaWeight: Float? = 1.2
    /// In that snapping, the extra weight of luma drawn lighter than a target darker than `shadowLuma`.
    public var shadowLiftWeight: Float = 1
    /// The luma (0...1) below which a target counts as shadow for `shadowLiftWeight`.
    public var shadowLuma: Float = 0.08
    /// The luma (0...1) below which the shadow lift no longer applies: the palette's darkest grey
    /// (8 of 255), under which the only darker entry is black. There SSIM's luminance term
    /// falls steeply (a target of 4 drawn at 0 keeps under a third of it), so rounding a dark
    /// sky down to black costs more structure than its flicker did. Fast loop, 256 colours, the
    /// independent set's tuning half: 120 of 138 from 0.024 to 0.045 (110 with no floor); the
    /// wide set's tuning half 277 of 282 either way.
    public var shadowFloor: Float = 8.0 / 255
    /// In that snapping, a luma difference (0...1) larger than this also costs `lumaKneeWeight`
    /// times the square of the excess, in ΔE00 units (see `DeltaEPaletteSearch`): about 15 of
    /// 255, past the differences of everyday rounding. Fast loop, 256 colours, tuning halves: the
    /// independent set 132 of 138 (120 without), the wide set 277 of 282 either way; knees of 0.06
    /// to 0.08 with weights 1500 to 2500 won 131–132 and 276–277.
    public var lumaKnee: Float = 0.06
    /// The weight of the squared luma difference past `lumaKnee`: at a difference of 0.16 it adds
    /// 15 ΔE00 units, enough to keep a paint's orange from turning red 36 levels darker.
    public var lumaKneeWeight: Float = 1500
    /// For the perceptual snapping at 256 colours: choose glyph, ink and paper together (see `Joint256`); nil snaps ink and paper independently.
    public var joint256: Joint256? = Joint256()

    /// At truecolor, reduce pictures reading partly covered pixels as ramps (`BoxWeights`' `slopes`).
    public var slopedReduction = true
    /// At truecolor, draw each colour with the mean luma of the samples it stands for (not the
    /// OKLab mean's own): on the tuning half, half blocks at 40x20 won 41 of 47 against 39, at 80x40 46 against 44.
    public var truecolorKeepsLuma = true
    /// At truecolor, for block glyphs, give each side of 4 or more samples the median chroma of
    /// its samples instead of the mean: on the tuning half, half blocks at 40x20 won 42 of 47
    /// against 41, at 80x40 47 against 46; quadrants and sextants 47 either way.
    public var medianChroma = true
    /// At truecolor, with `medianChroma`, each side of 4 or more samples is drawn with its luma this
    /// fraction of the way from the samples' mean toward their median: the mean keeps SSIM, the
    /// median lowers per-sample ΔE where one sample stands out. Fast loop, half blocks: the wide
    /// set's tuning half won 44 of 47 at 40x20 (41 with 0), 47 at 80x40 either way; 0.1 / 0.2 /
    /// 0.3 / 1 won 90 / 91 / 88 / 28 of 94. The independent set's tuning half: 43 of 46 (40 with 0).
    public var medianLumaBlend: Float = 0.15

    /// Judge palette choices by the sum of sample distances instead of squared distances.
    public var robustPalette = false
    /// Match in CIELAB instead of OKLab.
    public var cielab = false
    /// At 256 colours, also draw with palette entries 0–15 (which follow the terminal's theme).
    public var themeColorsIn256 = true
    /// Rounds of refitting the tone mapping in glyph-only (`colors none`) mode.
    public var monoIterations = 4

    /// For ascii: how much the half-resolution comparison weighs against the grid's (0: grid only).
    public var asciiCoarseRepeat: Int?

    /// The defaults.
    public init() {}

    /// The tuning of live frames (`RenderEffort.live`): the defaults without the perceptual
    /// snapping at 256 colours (`deltaELumaWeight` and `joint256` nil).
    public static var live: RenderTuning {
        var tuning = RenderTuning()
        tuning.deltaELumaWeight = nil
        tuning.joint256 = nil
        return tuning
    }

    /// The weight of the half-resolution level for `set`.
    func coarseRepeat(for set: SymbolSet) -> Int {
        set == .ascii ? (asciiCoarseRepeat ?? 8) : 0
    }

    /// The sample grid used for `set`.
    func grid(for set: SymbolSet) -> (columns: Int, rows: Int) {
        if let sampleGrid { return sampleGrid }
        switch set {
        case .quadrants: return (2, 2)
        case .sextants: return (2, 3)
        case .blocks, .braille: return (2, 4)
        case .ascii: return (4, 8)
        }
    }
}

/// Settings of the joint (glyph, ink, paper) choice of each cell at 256 colours
/// (`ColorCellMatcher.JointSearch`), for block-shaped glyph tables where `deltaELumaWeight` snaps colours.
@_spi(Tuning) public struct Joint256: Sendable, Equatable {
    /// Palette entries (nearest by DIN99o plus luma) tried around each ideal colour and the cell's mean (1...8).
    public var neighbours = 5
    /// Weight of the difference between the drawn and the ideal luma contrast of ink and paper
    /// (x100 per sample, like `deltaELumaWeight`).
    public var contrast: Float = 0.1
    /// Weight of the change of mean-luma error from the left and upper cells (x100 per sample).
    public var neighbourWeight: Float = 0.2
    /// The luma weight of the colour cost (as `deltaELumaWeight`); nil keeps `deltaELumaWeight`.
    public var lumaWeight: Float? = 0.7
    /// The luma weight in a flat cell, as a fraction of `lumaWeight`: a cell whose samples' luma
    /// spans no more than `flatRange` (0...1). The luma weight keeps tone and edges; a flat cell
    /// has no edge of its own, and where its neighbours are flat too (flat artwork) they choose
    /// alike and draw none, while its colour difference counts in full. On the tuning half the
    /// fast loop won 277 of 282 256-colour comparisons with 0.5 against 272 with 1 (1 turns it off).
    public var flatLumaScale: Float = 0.5
    /// The widest luma span of a cell's samples that counts as flat: a fifth of the grey ramp's
    /// step (10 of 255), variation no palette entry can draw. 0.004 to 0.016 won 275 to 277.
    public var flatRange: Float = 0.008

    public init() {}
}
