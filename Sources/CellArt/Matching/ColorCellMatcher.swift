import ColorModel

/// Chooses, for one cell at a time, the glyph and the two colours that draw its samples best
/// at a colour depth, by least squares in `WorkingColor` space.
///
/// For each glyph the ideal ink and paper colours solve a 2x2 linear system; the best few
/// glyphs are then tried with the palette entries nearest those ideals, the snapping error
/// included, so that the palette decides the glyph as much as the shape does. At 256
/// colours, for block glyphs (masks all-or-nothing, up to pixel rounding), the chosen glyph's two colours are
/// then snapped again by `DeltaEPaletteSearch` (what the eye sees rather than distance in
/// the working space).
struct ColorCellMatcher: Sendable {
    /// One choice: a glyph and its two colours.
    struct Choice: Equatable, Sendable {
        var glyph: Unicode.Scalar
        var ink: TerminalColor
        var paper: TerminalColor
    }

    let table: GlyphTable
    let depth: ColorDepth
    let space: WorkingColor
    let glyphCandidates: Int
    let robust: Bool
    /// Palette entries the depth allows, in working space.
    private let palette: [SIMD4<Float>]
    private let search: PaletteSearch
    /// For binary masks with `tuning.deltaELumaWeight`: the perceptual search used instead.
    private let perceptual: DeltaEPaletteSearch?
    /// The palette entries `palette` holds, in order.
    private let paletteIndices: Range<Int>

    /// The entries a depth draws with. At 256 colours only the cube and the grey ramp
    /// (16–255) unless told otherwise: they look the same on every terminal, while 0–15
    /// follow the user's theme.
    static func usableIndices(_ depth: ColorDepth, themeColors: Bool) -> Range<Int> {
        depth == .ansi256 && !themeColors ? 16..<256 : XtermPalette.indices(for: depth)
    }

    init(table: GlyphTable, depth: ColorDepth, tuning: RenderTuning) {
        self.table = table
        self.depth = depth
        space = WorkingColor(lightnessWeight: tuning.lightnessWeight, lumaWeight: tuning.lumaWeight, cielab: tuning.cielab)
        glyphCandidates = max(1, tuning.glyphCandidates)
        robust = tuning.robustPalette
        paletteIndices = Self.usableIndices(depth, themeColors: tuning.themeColorsIn256)
        // Binary masks make ink and paper independent: the nearest entry to each ideal is best.
        let count = table.isBinary ? 1 : tuning.paletteCandidates
        if let shared = StandardPalettes.tables(paletteIndices, tuning: tuning) {
            palette = shared.palette
            search = shared.search.returning(count)
        } else {
            palette = paletteIndices.map { [space] in space.from(XtermPalette.colors[$0]) }
            search = PaletteSearch(entries: palette, count: count)
        }
        perceptual = Self.snapsPerceptually(table: table, depth: depth, tuning: tuning)
            ? StandardPalettes.perceptual(paletteIndices, tuning: tuning) ?? DeltaEPaletteSearch(paletteIndices, tuning: tuning)
            : nil
    }

    /// Whether cells of `table` at `depth` get their colours snapped again by `DeltaEPaletteSearch`.
    /// Only at 256 colours, where it was measured to help: with 8 or 16 the luma term
    /// outweighs hue (pure green would be drawn in the theme's yellow). Sextants count: their
    /// masks are not exactly binary only because their rows do not split 20 pixels evenly.
    static func snapsPerceptually(table: GlyphTable, depth: ColorDepth, tuning: RenderTuning) -> Bool {
        table.isBlockShaped && depth == .ansi256 && tuning.deltaELumaWeight != nil
    }

    /// The best choice for a cell whose samples (working space, `table.samplesPerCell` of
    /// them: the grid row-major, then any coarse level) are `samples`.
    func match(_ samples: UnsafeBufferPointer<SIMD4<Float>>) -> Choice {
        let n = table.samplesPerCell
        let weightSum = table.totalWeight
        var total = SIMD4<Float>.zero
        var energy: Float = 0
        for (p, w) in zip(samples, table.weights) {
            total += p * w
            energy += (p * p).sum() * w
        }
        // With perceptual snapping only the shape comes from this pass; past two shapes,
        // trying more bought nothing measurable (scripts/quality).
        var best = Best(capacity: depth == .trueColor ? 1 : perceptual != nil ? min(glyphCandidates, 2) : glyphCandidates)
        table.weightedMasks.withUnsafeBufferPointer { masks in
            for g in 0..<table.glyphs.count {
                let base = g * n
                var ink = SIMD4<Float>.zero
                for i in 0..<n { ink += samples[i] * masks[base + i] }
                let fit = solve(glyph: g, inkSum: ink, total: total, weightSum: weightSum)
                let error = energy - (fit.ink * ink).sum() - (fit.paper * (total - ink)).sum()
                best.offer(Candidate(glyph: g, error: error, ink: fit.ink, paper: fit.paper, inkSum: ink))
            }
        }
        if depth == .trueColor {
            let c = best.items[0]
            let inkRGB = space.rgb(c.ink), paperRGB = space.rgb(c.paper)
            return finish(glyph: c.glyph, ink: .rgb(inkRGB), paper: .rgb(paperRGB), same: inkRGB == paperRGB)
        }
        // Palette depths: try the nearest entries around each ideal colour, and the flat cell.
        var bestError = Float.infinity
        var choice = (glyph: 0, ink: 0, paper: 0)
        var ideal = (ink: total / weightSum, paper: total / weightSum)
        let flatEntries = search.nearest(to: total / weightSum)
        let blank = table.glyphs.firstIndex(of: " ")
        for e in [flatEntries.0, flatEntries.1] {
            let c = palette[e]
            let error = robust ? robustError(samples, glyph: blank ?? 0, ink: c, paper: c)
                : energy - 2 * (c * total).sum() + weightSum * (c * c).sum()
            if error < bestError { bestError = error; choice = (blank ?? 0, e, e) }
        }
        for candidate in best.items {
            let g = candidate.glyph
            let aa = table.inkInk[g], ab = table.inkPaper[g], bb = table.paperPaper[g]
            let paperSum = total - candidate.inkSum
            let inks = search.nearest(to: candidate.ink), papers = search.nearest(to: candidate.paper)
            for i in [inks.0, inks.1] {
                let f = palette[i]
                let fTerm = aa * (f * f).sum() - 2 * (f * candidate.inkSum).sum()
                for p in [papers.0, papers.1] {
                    let b = palette[p]
                    let error = robust ? robustError(samples, glyph: g, ink: f, paper: b)
                        : energy + fTerm - 2 * (b * paperSum).sum() + 2 * ab * (f * b).sum() + bb * (b * b).sum()
                    if error < bestError { bestError = error; choice = (g, i, p); ideal = (candidate.ink, candidate.paper) }
                }
            }
        }
        if let perceptual {
            // The shape is chosen; its colours are snapped again by what the eye sees.
            let ink = space.labAndLuma(ideal.ink), paper = space.labAndLuma(ideal.paper)
            choice.ink = perceptual.nearest(lab: ink.lab, luma: ink.luma)
            choice.paper = choice.glyph == blank ? choice.ink : perceptual.nearest(lab: paper.lab, luma: paper.luma)
        }
        return finish(glyph: choice.glyph, ink: .indexed(UInt8(paletteIndices.lowerBound + choice.ink)),
                      paper: .indexed(UInt8(paletteIndices.lowerBound + choice.paper)), same: choice.ink == choice.paper)
    }

    /// Sum over the samples of the distance (not squared) to what glyph `g` draws in `ink`
    /// on `paper`: like a mean colour difference, a few far samples weigh less than in least squares.
    private func robustError(_ samples: UnsafeBufferPointer<SIMD4<Float>>, glyph g: Int, ink: SIMD4<Float>, paper: SIMD4<Float>) -> Float {
        let n = table.samplesPerCell
        var sum: Float = 0
        for i in 0..<n {
            let m = table.masks[g * n + i]
            let d = samples[i] - (ink * m + paper * (1 - m))
            sum += (d * d).sum().squareRoot() * table.weights[i]
        }
        return sum
    }

    /// A cell whose two colours are equal is drawn as a space on that colour.
    private func finish(glyph: Int, ink: TerminalColor, paper: TerminalColor, same: Bool) -> Choice {
        let scalar = table.glyphs[glyph]
        if same || scalar == " " { return Choice(glyph: " ", ink: paper, paper: paper) }
        return Choice(glyph: scalar, ink: ink, paper: paper)
    }

    /// Least-squares ink and paper colours of glyph `g` given the coverage-weighted sum of samples.
    @inline(__always)
    private func solve(glyph g: Int, inkSum: SIMD4<Float>, total: SIMD4<Float>, weightSum: Float) -> (ink: SIMD4<Float>, paper: SIMD4<Float>) {
        let a = table.inkInk[g], b = table.inkPaper[g], c = table.paperPaper[g]
        let det = a * c - b * b
        if det < 1e-4 * weightSum * weightSum {
            let mean = total / weightSum
            return (mean, mean)
        }
        let paperSum = total - inkSum
        return ((inkSum * c - paperSum * b) / det, (paperSum * a - inkSum * b) / det)
    }

    private struct Candidate {
        var glyph: Int
        var error: Float
        var ink: SIMD4<Float>
        var paper: SIMD4<Float>
        var inkSum: SIMD4<Float>
    }

    /// The few lowest-error candidates, lowest first.
    private struct Best {
        let capacity: Int
        var items: [Candidate] = []
        init(capacity: Int) {
            self.capacity = capacity
            items.reserveCapacity(capacity + 1)
        }
        mutating func offer(_ c: Candidate) {
            if items.count == capacity, c.error >= items[capacity - 1].error { return }
            let at = items.firstIndex { $0.error > c.error } ?? items.count
            items.insert(c, at: at)
            if items.count > capacity { items.removeLast() }
        }
    }
}
