import ColorModel

/// How cell art draws the transparent parts of a picture: as the terminal's own background
/// (`TerminalColor.default`), as chafa does, so that an icon on a light theme is not a black box.
///
/// A sample is transparent when it is less than half opaque (chafa's threshold). A cell whose
/// samples are all transparent is a blank on the default background; a cell with some of each
/// is the glyph whose ink best covers its opaque samples, in their mean colour, on the default
/// background; a cell with none is left to the colour matcher, which composites what little
/// transparency it has over `ArtOptions.background`.
struct TransparentCells {
    /// Below this opacity a sample counts as transparent.
    static let threshold: Float = 0.5

    /// The set's glyphs with their inverses (the table without colour, where a glyph and its
    /// inverse are both kept: ink on the default background must cover the opaque side).
    let table: GlyphTable
    /// Snaps the ink colour to the depth drawn.
    let colors: ColorMatcher

    /// For `symbols` drawn at `depth`.
    init(symbols: SymbolSet, depth: ColorDepth, tuning: RenderTuning) {
        table = GlyphTable.table(symbols, twoColor: false, tuning: tuning)
        colors = ColorMatcher(depth: depth)
    }

    /// The cell for `samples` (a cell's grid, row-major: own colour, opacity in the fourth lane),
    /// or nil when none is transparent and the colour matcher draws it.
    func cell(_ samples: ArraySlice<SIMD4<Float>>) -> ArtCell? {
        let opaque = samples.map { $0.w >= Self.threshold }
        guard opaque.contains(false) else { return nil }
        guard opaque.contains(true) else { return .blank }
        let n = table.samplesPerCell, grid = table.columns * table.rows
        var best = 0, bestError = Float.infinity
        for g in 0..<table.glyphs.count {
            var error: Float = 0
            for (i, isOpaque) in opaque.prefix(grid).enumerated() { error += abs(table.masks[g * n + i] - (isOpaque ? 1 : 0)) }
            if error < bestError { (best, bestError) = (g, error) }
        }
        var sum = SIMD4<Float>.zero, count: Float = 0
        for (sample, isOpaque) in zip(samples, opaque) where isOpaque {
            sum += sample
            count += 1
        }
        let mean = sum / count
        func byte(_ v: Float) -> UInt8 { UInt8(min(max(v * 255, 0), 255).rounded()) }
        return ArtCell(glyph: table.glyphs[best], foreground: colors.match(RGB(byte(mean.x), byte(mean.y), byte(mean.z))))
    }
}
