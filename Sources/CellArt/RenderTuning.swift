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
    /// Weight of luma (sRGB-value brightness) in the matching error.
    public var lumaWeight: Float = 0.5
    /// How many of the best glyphs (before snapping) are tried with palette colours.
    public var glyphCandidates = 6
    /// How many palette entries nearest to each ideal colour are tried.
    public var paletteCandidates = 2
    /// Judge palette choices by the sum of sample distances instead of squared distances.
    public var robustPalette = false
    /// Match in CIELAB instead of OKLab.
    public var cielab = false
    /// Rounds of refitting the tone mapping in glyph-only (`colors none`) mode.
    public var monoIterations = 4

    /// The defaults.
    public init() {}

    /// The sample grid used for `set`.
    func grid(for set: SymbolSet) -> (columns: Int, rows: Int) {
        if let sampleGrid { return sampleGrid }
        switch set {
        case .quadrants: return (2, 2)
        case .sextants: return (2, 3)
        case .blocks, .braille, .ascii: return (2, 4)
        }
    }
}
