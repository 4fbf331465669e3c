import ColorModel

/// Chooses, for one cell at a time, the glyph and the two colours that draw its samples best
/// at a colour depth, by least squares in `WorkingColor` space.
///
/// For each glyph the ideal ink and paper colours solve a 2x2 linear system; the best few
/// glyphs are then tried with the palette entries nearest those ideals, the snapping error
/// included, so that the palette decides the glyph as much as the shape does. At 256
/// colours, for block glyphs (masks all-or-nothing, up to pixel rounding), the chosen glyph's two colours are
/// then snapped again by `DeltaEPaletteSearch` (what the eye sees rather than distance in
/// the working space): by default together, with the flat cell, against colour difference,
/// ink–paper contrast and the neighbours' luma error (`JointSearch`, `RenderTuning.joint256`);
/// with `joint256` nil each on its own.
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
    /// At truecolor: draw each ideal colour with its samples' mean luma (`WorkingColor.rgbKeepingLuma`).
    let keepsLuma: Bool
    /// At truecolor, for block glyphs: each side's chroma is its samples' median (`chromaMedian`).
    let medianChroma: Bool
    /// At truecolor, for block glyphs: how far each side's luma moves from the mean toward the median (`lumaTowardMedian`).
    let medianLumaBlend: Float
    /// Palette entries the depth allows, in working space.
    private let palette: [SIMD4<Float>]
    private let search: PaletteSearch
    /// For binary masks with `tuning.deltaELumaWeight`: the perceptual search used instead.
    private let perceptual: DeltaEPaletteSearch?
    /// The palette entries `palette` holds, in order.
    private let paletteIndices: Range<Int>
    /// With `perceptual`: choose glyph, ink and paper together.
    private let joint: Joint256?

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
        keepsLuma = tuning.truecolorKeepsLuma
        medianChroma = tuning.medianChroma
        medianLumaBlend = tuning.medianLumaBlend
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
        joint = perceptual == nil ? nil : tuning.joint256
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
        match(samples, left: nil, up: nil).choice
    }

    /// Whether `match(_:left:up:)` uses its neighbours' luma errors.
    var usesNeighbours: Bool { (joint?.neighbourWeight ?? 0) > 0 }

    /// `match(_:)` given the mean-luma errors (drawn minus sample mean) of the cells to the left and above;
    /// also returns this cell's (0 where not known).
    func match(_ samples: UnsafeBufferPointer<SIMD4<Float>>, left: Float?, up: Float?) -> (choice: Choice, lumaError: Float) {
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
            var c = best.items[0]
            if medianChroma, table.isBlockShaped {  // ink and paper are the two sides of a mask
                c.ink = lumaTowardMedian(samples, glyph: c.glyph, ink: true, start: chromaMedian(samples, glyph: c.glyph, ink: true, start: c.ink))
                c.paper = lumaTowardMedian(samples, glyph: c.glyph, ink: false, start: chromaMedian(samples, glyph: c.glyph, ink: false, start: c.paper))
            }
            let inkRGB = keepsLuma ? space.rgbKeepingLuma(c.ink) : space.rgb(c.ink)
            let paperRGB = keepsLuma ? space.rgbKeepingLuma(c.paper) : space.rgb(c.paper)
            return (finish(glyph: c.glyph, ink: .rgb(inkRGB), paper: .rgb(paperRGB), same: inkRGB == paperRGB), 0)
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
        var lumaError: Float = 0
        if let perceptual, let joint {
            // Glyph, ink and paper chosen together by what the score sees (see `Joint256`).
            // The grid's samples only (block-shaped tables have no coarse level).
            let grid = table.columns * table.rows
            var search = JointSearch(samples: grid, mean: space.labAndLuma(total / weightSum), perceptual: perceptual,
                                     settings: joint, left: left, up: up, flatCell: isFlat(samples, count: grid, range: joint.flatRange))
            table.masks.withUnsafeBufferPointer { masks in
                search.offer(glyph: choice.glyph, ink: space.labAndLuma(ideal.ink), paper: space.labAndLuma(ideal.paper),
                             masks: UnsafeBufferPointer(rebasing: masks[choice.glyph * n..<choice.glyph * n + grid]), perceptual: perceptual)
            }
            choice = (search.best.glyph, search.best.ink, search.best.paper)
            lumaError = search.lumaError
        } else if let perceptual {
            // The shape is chosen; its colours are snapped again by what the eye sees.
            let ink = space.labAndLuma(ideal.ink), paper = space.labAndLuma(ideal.paper)
            choice.ink = perceptual.nearest(lab: ink.lab, luma: ink.luma)
            choice.paper = choice.glyph == blank ? choice.ink : perceptual.nearest(lab: paper.lab, luma: paper.luma)
        }
        return (finish(glyph: choice.glyph, ink: .indexed(UInt8(paletteIndices.lowerBound + choice.ink)),
                       paper: .indexed(UInt8(paletteIndices.lowerBound + choice.paper)), same: choice.ink == choice.paper), lumaError)
    }

    /// The joint choice of one cell at 256 colours: the glyph offered, with its ideal ink and
    /// paper, is tried with the `settings.neighbours` palette entries nearest each ideal
    /// (DIN99o plus luma, as `DeltaEPaletteSearch` finds them) and as a flat cell in the
    /// entries nearest the cell's mean. Cost of a (glyph, ink, paper):
    /// - colour: per region, its size times `DeltaEPaletteSearch`'s cost of the entry for the
    ///   region's ideal colour (ΔE00 plus weighted luma difference, with the shadow lift), with
    ///   `settings.lumaWeight`, times `settings.flatLumaScale` in a cell whose samples' luma spans
    ///   no more than `settings.flatRange`;
    /// - contrast: `settings.contrast` × 100 × samples × |drawn ink−paper luma − ideal ink−paper luma|
    ///   (a faint texture whose two colours would snap to one entry keeps some contrast);
    /// - neighbours: `settings.neighbourWeight` × 100 × samples × |this cell's mean-luma error −
    ///   the left cell's| (and the upper cell's): a luma error shared with the neighbours leaves
    ///   structure (SSIM) alone, a change of error between cells draws an edge that is not there.
    /// It holds only plain values (the palette search and masks are passed to `offer`): one is
    /// made per cell, and copying the matcher's arrays into it spent about 4 % of a 40x20
    /// render's samples in reference counting.
    private struct JointSearch {
        let settings: Joint256
        let left: Float?, up: Float?
        let n: Int, k: Int
        let lumaWeight: Float
        let mean: (lab: SIMD3<Float>, luma: Float)
        let flat: (indices: SIMD8<Int32>, count: Int)
        var best = (cost: Float.infinity, glyph: 0, ink: 0, paper: 0)
        var lumaError: Float = 0

        /// A search for a cell of `samples` samples whose mean colour is `mean` (CIELAB and luma).
        init(samples: Int, mean: (lab: SIMD3<Float>, luma: Float), perceptual: DeltaEPaletteSearch,
             settings: Joint256, left: Float?, up: Float?, flatCell: Bool) {
            self.settings = settings
            self.left = left
            self.up = up
            n = samples
            k = min(max(settings.neighbours, 1), 8)
            let weight = settings.lumaWeight.map { $0 * 100 } ?? perceptual.lumaWeight
            lumaWeight = flatCell ? weight * settings.flatLumaScale : weight
            self.mean = mean
            flat = perceptual.neighbours(lab: mean.lab, luma: mean.luma, k: k)
        }

        /// The cost of a mean luma drawn that is not the samples' in a different way from the neighbours'.
        private func neighbourCost(_ drawnLuma: Float) -> Float {
            guard settings.neighbourWeight > 0 else { return 0 }
            let e = drawnLuma - mean.luma
            return settings.neighbourWeight * 100 * Float(n) * ((left.map { abs(e - $0) } ?? 0) + (up.map { abs(e - $0) } ?? 0))
        }

        /// Tries glyph `g`, whose ink mask over the cell's samples is `masks`, with ideal colours
        /// `inkT` and `paperT` (CIELAB and luma).
        mutating func offer(glyph g: Int, ink inkT: (lab: SIMD3<Float>, luma: Float), paper paperT: (lab: SIMD3<Float>, luma: Float),
                            masks: UnsafeBufferPointer<Float>, perceptual: DeltaEPaletteSearch) {
            var nInk = 0
            for s in 0..<n where masks[s] >= 0.5 { nInk += 1 }
            let nPaper = n - nInk
            let target: Float = nInk == 0 || nPaper == 0 ? 0 : inkT.luma - paperT.luma
            func regionCost(_ e: Int, ink: Bool) -> Float {
                let count = ink ? nInk : nPaper
                guard count > 0 else { return 0 }
                let t = ink ? inkT : paperT
                return Float(count) * perceptual.cost(lab: t.lab, luma: t.luma, entry: e, lumaWeight: lumaWeight)
            }
            let contrastWeight = settings.contrast * 100 * Float(n)
            func drawn(_ i: Int, _ p: Int) -> Float {
                (Float(nInk) * perceptual.luma[i] + Float(nPaper) * perceptual.luma[p]) / Float(n)
            }
            func consider(_ cost: Float, _ i: Int, _ p: Int) {
                if cost < best.cost {
                    best = (cost, g, i, p)
                    lumaError = drawn(i, p) - mean.luma
                }
            }
            // Each region's costs of its own neighbours, found once and reused for the flat cell.
            let twoRegions = nInk > 0 && nPaper > 0
            let inks = twoRegions ? perceptual.neighbours(lab: inkT.lab, luma: inkT.luma, k: k) : (indices: SIMD8<Int32>(repeating: -1), count: 0)
            let papers = twoRegions ? perceptual.neighbours(lab: paperT.lab, luma: paperT.luma, k: k) : (indices: SIMD8<Int32>(repeating: -1), count: 0)
            var inkCosts = SIMD8<Float>(repeating: 0), paperCosts = SIMD8<Float>(repeating: 0)
            for a in 0..<inks.count { inkCosts[a] = regionCost(Int(inks.indices[a]), ink: true) }
            for b in 0..<papers.count { paperCosts[b] = regionCost(Int(papers.indices[b]), ink: false) }
            func known(_ e: Int32, in list: (indices: SIMD8<Int32>, count: Int), _ costs: SIMD8<Float>) -> Float? {
                for slot in 0..<list.count where list.indices[slot] == e { return costs[slot] }
                return nil
            }
            for slot in 0..<flat.count {
                let e = flat.indices[slot]
                let inkCost = known(e, in: inks, inkCosts) ?? regionCost(Int(e), ink: true)
                let paperCost = known(e, in: papers, paperCosts) ?? regionCost(Int(e), ink: false)
                consider(inkCost + paperCost + contrastWeight * abs(target) + neighbourCost(perceptual.luma[Int(e)]), Int(e), Int(e))
            }
            for a in 0..<inks.count {
                let i = Int(inks.indices[a])
                for b in 0..<papers.count {
                    let p = Int(papers.indices[b])
                    let contrast = perceptual.luma[i] - perceptual.luma[p]
                    consider(inkCosts[a] + paperCosts[b] + contrastWeight * abs(contrast - target) + neighbourCost(drawn(i, p)), i, p)
                }
            }
        }
    }

    /// Whether the luma of the first `count` samples spans no more than `range` (read from the
    /// working space's luma lane; never when that lane carries no weight).
    private func isFlat(_ samples: UnsafeBufferPointer<SIMD4<Float>>, count: Int, range: Float) -> Bool {
        guard space.lumaWeight > 0, count > 0 else { return false }
        var low = samples[0].w, high = samples[0].w
        for i in 1..<count {
            low = min(low, samples[i].w)
            high = max(high, samples[i].w)
        }
        return high - low <= range * space.lumaWeight
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

    /// `start` (a side's least-squares colour) with its OKLab chroma (a, b) moved to the
    /// geometric median of the chroma of the samples on that side of `glyph`'s mask (a few
    /// Weiszfeld steps), lightness and luma kept. The mean minimises the squared colour error;
    /// the median the plain one, what a mean colour difference over the samples measures (one
    /// odd sample pulls it less). Only for sides of at least 4 samples (half blocks; sextants
    /// in part): over fewer, already coarse samples the mean did as well or better.
    private func chromaMedian(_ samples: UnsafeBufferPointer<SIMD4<Float>>, glyph: Int, ink: Bool, start: SIMD4<Float>) -> SIMD4<Float> {
        let n = table.columns * table.rows, base = glyph * table.samplesPerCell
        func onSide(_ i: Int) -> Bool { (table.masks[base + i] >= 0.5) == ink }
        guard (0..<n).lazy.filter(onSide).count >= 4 else { return start }
        var point = SIMD2<Float>(start.y, start.z)
        for _ in 0..<4 {
            var sum = SIMD2<Float>.zero, weight: Float = 0
            for i in 0..<n where onSide(i) {
                let p = SIMD2<Float>(samples[i].y, samples[i].z)
                let d = p - point
                let w = 1 / max((d * d).sum().squareRoot(), 1e-3)
                sum += p * w
                weight += w
            }
            point = sum / weight
        }
        var out = start
        out.y = point.x
        out.z = point.y
        return out
    }

    /// `start` with its luma lane moved `medianLumaBlend` of the way from the mean of the side's
    /// samples to their median, for sides of 4 or more samples (as `chromaMedian`). The mean is
    /// what SSIM wants; per-sample ΔE00 wants nearer the median, where one sample of a side
    /// stands out (a star in a half cell of night sky: the mean draws the three dark samples
    /// too light). See `RenderTuning.medianLumaBlend`.
    private func lumaTowardMedian(_ samples: UnsafeBufferPointer<SIMD4<Float>>, glyph: Int, ink: Bool, start: SIMD4<Float>) -> SIMD4<Float> {
        guard medianLumaBlend > 0 else { return start }
        let n = table.columns * table.rows, base = glyph * table.samplesPerCell
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: n) { lumas in
            var count = 0
            for i in 0..<n where (table.masks[base + i] >= 0.5) == ink {
                // Insertion sort: a side has at most eight samples.
                var j = count
                while j > 0, lumas[j - 1] > samples[i].w { lumas[j] = lumas[j - 1]; j -= 1 }
                lumas[j] = samples[i].w
                count += 1
            }
            guard count >= 4 else { return start }
            let median = count % 2 == 1 ? lumas[count / 2] : (lumas[count / 2 - 1] + lumas[count / 2]) / 2
            var out = start
            out.w += medianLumaBlend * (median - start.w)
            return out
        }
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
