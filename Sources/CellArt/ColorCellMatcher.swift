import ColorModel

/// Chooses, for one cell at a time, the glyph and the two colours that draw its samples best
/// at a colour depth, by least squares in `WorkingColor` space.
///
/// For each glyph the ideal ink and paper colours solve a 2x2 linear system; the best few
/// glyphs are then tried with the palette entries nearest those ideals, the snapping error
/// included, so that the palette decides the glyph as much as the shape does.
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
    let paletteCandidates: Int
    let robust: Bool
    /// Palette entries the depth allows, in working space.
    private let palette: [SIMD4<Float>]

    init(table: GlyphTable, depth: ColorDepth, tuning: RenderTuning) {
        self.table = table
        self.depth = depth
        space = WorkingColor(lightnessWeight: tuning.lightnessWeight, lumaWeight: tuning.lumaWeight, cielab: tuning.cielab)
        glyphCandidates = max(1, tuning.glyphCandidates)
        paletteCandidates = max(1, tuning.paletteCandidates)
        robust = tuning.robustPalette
        palette = XtermPalette.indices(for: depth).map { [space] in space.from(XtermPalette.colors[$0]) }
    }

    /// The best choice for a cell whose samples (working space, `table.samplesPerCell` of
    /// them, row-major within the cell) are `samples`.
    func match(_ samples: UnsafeBufferPointer<SIMD4<Float>>) -> Choice {
        let n = table.samplesPerCell
        var total = SIMD4<Float>.zero
        var energy: Float = 0
        for p in samples {
            total += p
            energy += (p * p).sum()
        }
        var best = Best(capacity: depth == .trueColor ? 1 : glyphCandidates)
        table.masks.withUnsafeBufferPointer { masks in
            for g in 0..<table.glyphs.count {
                let base = g * n
                var ink = SIMD4<Float>.zero
                for i in 0..<n { ink += samples[i] * masks[base + i] }
                let fit = solve(glyph: g, inkSum: ink, total: total, count: n)
                let error = energy - (fit.ink * ink).sum() - (fit.paper * (total - ink)).sum()
                best.offer(Candidate(glyph: g, error: error, ink: fit.ink, paper: fit.paper, inkSum: ink))
            }
        }
        if depth == .trueColor {
            var c = best.items[0]
            let spread = c.ink - c.paper
            if (spread * spread).sum() < Self.indistinct {
                c.paper = total / Float(n)
                c.ink = c.paper
            }
            let inkRGB = space.rgb(c.ink), paperRGB = space.rgb(c.paper)
            return finish(glyph: c.glyph, ink: .rgb(inkRGB), paper: .rgb(paperRGB), same: inkRGB == paperRGB)
        }
        // Palette depths: try the nearest entries around each ideal colour, and the flat cell.
        var bestError = Float.infinity
        var choice = (glyph: 0, ink: 0, paper: 0)
        let flatEntries = nearest(to: total / Float(n))
        let blank = table.glyphs.firstIndex(of: " ")
        for e in flatEntries {
            let c = palette[e]
            let error = robust ? robustError(samples, glyph: blank ?? 0, ink: c, paper: c)
                : energy - 2 * (c * total).sum() + Float(n) * (c * c).sum()
            if error < bestError { bestError = error; choice = (blank ?? 0, e, e) }
        }
        for candidate in best.items {
            let g = candidate.glyph
            let aa = table.inkInk[g], ab = table.inkPaper[g], bb = table.paperPaper[g]
            let paperSum = total - candidate.inkSum
            let inks = nearest(to: candidate.ink), papers = nearest(to: candidate.paper)
            for i in inks {
                let f = palette[i]
                let fTerm = aa * (f * f).sum() - 2 * (f * candidate.inkSum).sum()
                for p in papers {
                    let b = palette[p]
                    let error = robust ? robustError(samples, glyph: g, ink: f, paper: b)
                        : energy + fTerm - 2 * (b * paperSum).sum() + 2 * ab * (f * b).sum() + bb * (b * b).sum()
                    if error < bestError { bestError = error; choice = (g, i, p) }
                }
            }
        }
        let indices = XtermPalette.indices(for: depth)
        return finish(glyph: choice.glyph, ink: .indexed(UInt8(indices.lowerBound + choice.ink)),
                      paper: .indexed(UInt8(indices.lowerBound + choice.paper)), same: choice.ink == choice.paper)
    }

    /// Sum over the samples of the distance (not squared) to what glyph `g` draws in `ink`
    /// on `paper`: like a mean colour difference, a few far samples weigh less than in least squares.
    private func robustError(_ samples: UnsafeBufferPointer<SIMD4<Float>>, glyph g: Int, ink: SIMD4<Float>, paper: SIMD4<Float>) -> Float {
        let n = table.samplesPerCell
        var sum: Float = 0
        for i in 0..<n {
            let m = table.masks[g * n + i]
            let d = samples[i] - (ink * m + paper * (1 - m))
            sum += (d * d).sum().squareRoot()
        }
        return sum
    }

    /// Squared working-space distance under which two colours count as one (about a just
    /// noticeable difference): such a cell is drawn flat, which also keeps the output short.
    static let indistinct: Float = 0.0004

    /// A cell whose two colours are equal is drawn as a space on that colour.
    private func finish(glyph: Int, ink: TerminalColor, paper: TerminalColor, same: Bool) -> Choice {
        let scalar = table.glyphs[glyph]
        if same || scalar == " " { return Choice(glyph: " ", ink: paper, paper: paper) }
        return Choice(glyph: scalar, ink: ink, paper: paper)
    }

    /// Least-squares ink and paper colours of glyph `g` given the coverage-weighted sum of samples.
    @inline(__always)
    private func solve(glyph g: Int, inkSum: SIMD4<Float>, total: SIMD4<Float>, count: Int) -> (ink: SIMD4<Float>, paper: SIMD4<Float>) {
        let a = table.inkInk[g], b = table.inkPaper[g], c = table.paperPaper[g]
        let det = a * c - b * b
        if det < 1e-4 * Float(count * count) {
            let mean = total / Float(count)
            return (mean, mean)
        }
        let paperSum = total - inkSum
        return ((inkSum * c - paperSum * b) / det, (paperSum * a - inkSum * b) / det)
    }

    /// Indices (into `palette`) of the entries nearest `target`, nearest first.
    private func nearest(to target: SIMD4<Float>) -> [Int] {
        var found: [(Int, Float)] = []
        found.reserveCapacity(paletteCandidates + 1)
        for (i, p) in palette.enumerated() {
            let d = p - target
            let distance = (d * d).sum()
            if found.count < paletteCandidates || distance < found[found.count - 1].1 {
                let at = found.firstIndex { $0.1 > distance } ?? found.count
                found.insert((i, distance), at: at)
                if found.count > paletteCandidates { found.removeLast() }
            }
        }
        return found.map(\.0)
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
