import ColorModel

/// The palette tables of the default renderer, built once per process instead of once per
/// rendered picture (the picker renders hundreds of tiles at the same depth): each depth's
/// entries in the default working space with their `PaletteSearch`, and the 256-colour
/// `DeltaEPaletteSearch`. Tuned renders (`RenderTuning` other than the default) build their own.
enum StandardPalettes {
    /// A depth's palette in the default working space and its search.
    struct Tables: Sendable {
        let palette: [SIMD4<Float>]
        let search: PaletteSearch
    }

    private static let space = WorkingColor(lightnessWeight: RenderTuning().lightnessWeight,
                                            lumaWeight: RenderTuning().lumaWeight, cielab: RenderTuning().cielab)

    private static func make(_ indices: Range<Int>) -> Tables {
        let palette = indices.map { space.from(XtermPalette.colors[$0]) }
        return Tables(palette: palette, search: PaletteSearch(entries: palette, count: 1))
    }

    private static let ansi8 = make(0..<8), ansi16 = make(0..<16), all256 = make(0..<256), cube240 = make(16..<256)
    private static let perceptual256 = DeltaEPaletteSearch(XtermPalette.indices(for: .ansi256), tuning: RenderTuning())!
    private static let perceptual240 = DeltaEPaletteSearch(16..<256, tuning: RenderTuning())!

    /// The shared tables for `indices` when `tuning` uses the default working space.
    static func tables(_ indices: Range<Int>, tuning: RenderTuning) -> Tables? {
        let defaults = RenderTuning()
        guard tuning.lightnessWeight == defaults.lightnessWeight, tuning.lumaWeight == defaults.lumaWeight,
              tuning.cielab == defaults.cielab else { return nil }
        switch indices {
        case 0..<8: return ansi8
        case 0..<16: return ansi16
        case 0..<256: return all256
        case 16..<256: return cube240
        default: return nil
        }
    }

    /// The shared 256-colour perceptual search for `indices` when `tuning` snaps as the default does.
    static func perceptual(_ indices: Range<Int>, tuning: RenderTuning) -> DeltaEPaletteSearch? {
        let defaults = RenderTuning()
        guard tuning.deltaELumaWeight == defaults.deltaELumaWeight, tuning.shadowLiftWeight == defaults.shadowLiftWeight,
              tuning.shadowLuma == defaults.shadowLuma,
              tuning.shadowFloor == defaults.shadowFloor, tuning.lumaKnee == defaults.lumaKnee,
              tuning.lumaKneeWeight == defaults.lumaKneeWeight else { return nil }
        switch indices {
        case 0..<256: return perceptual256
        case 16..<256: return perceptual240
        default: return nil
        }
    }
}
