/// The glyphs of a symbol set reduced to a per-cell sample grid, with what least-squares
/// colour fitting needs precomputed.
struct GlyphTable: Sendable {
    /// The candidate glyphs, in table order.
    let glyphs: [Unicode.Scalar]
    /// Samples per cell, horizontally.
    let columns: Int
    /// Samples per cell, vertically.
    let rows: Int
    /// `glyphs.count * samplesPerCell` coverage values (0...1), glyph-major.
    let masks: [Float]
    /// The masks multiplied by `weights`, entry by entry.
    let weightedMasks: [Float]
    /// Weight of each of a cell's values in the matching error.
    let weights: [Float]
    /// Σ weights.
    let totalWeight: Float
    /// Per glyph, weighted over the values: Σm², Σm(1−m), Σ(1−m)².
    let inkInk: [Float], inkPaper: [Float], paperPaper: [Float]
    /// For each value of the half-resolution level, the grid samples it averages (empty
    /// unless the table matches at two scales).
    let coarseLevel: [[Int]]
    /// Whether every mask is all-or-nothing (block elements, not font glyphs): then a cell's
    /// ink and paper colours can be chosen independently.
    let isBinary: Bool
    /// Whether every mask value is within `blockTolerance` of 0 or 1: block elements whose
    /// edges fall between raster pixels (sextant rows are 7, 6 and 7 pixels of 20, so their
    /// three-row samples read 0.05, 0.1, 0.9 and 0.95). Such a glyph is still two flat regions, which
    /// is what snapping each colour on its own (`ColorCellMatcher.snapsPerceptually`) needs.
    let isBlockShaped: Bool
    /// How far from 0 or 1 a mask value of a block-shaped table may be.
    static let blockTolerance: Float = 0.15

    /// Values per cell that matching compares: the grid samples, then the coarse level.
    var samplesPerCell: Int { columns * rows + coarseLevel.count }


    /// Reduces `rasters` to a `columns` x `rows` grid. With `twoColor`, a glyph equal to
    /// another or to another's inverse is dropped (swapping the colours draws it), and so is
    /// a solid one; without it only exact duplicates go. With `coarseRepeat` > 0, glyphs are
    /// also compared at half the resolution (tone and placement), besides the grid (shape),
    /// each coarse value weighing as much as `coarseRepeat` grid samples.
    init(rasters: [GlyphRaster], columns: Int, rows: Int, twoColor: Bool, coarseRepeat: Int = 0) {
        self.columns = columns
        self.rows = rows
        let halves = coarseRepeat > 0 && columns % 2 == 0 && rows % 2 == 0
        coarseLevel = !halves ? [] : (0..<(rows / 2)).flatMap { cy in
            (0..<(columns / 2)).map { cx in
                [0, 1].flatMap { dy in [0, 1].map { dx in (cy * 2 + dy) * columns + cx * 2 + dx } }
            }
        }
        var kept: [Unicode.Scalar] = []
        var keptMasks: [[Float]] = []
        let taps = ReductionTaps(columns: columns, rows: rows)  // once a table, not once a glyph
        for raster in rasters {
            let grid = taps.reduce(raster.coverage)
            var mask = grid
            Self.appendCoarse(of: grid[...], level: coarseLevel, to: &mask)
            let redundant = keptMasks.contains { Self.same($0, mask) || (twoColor && Self.inverse($0, mask)) }
            let solidInk = twoColor && mask.allSatisfy { $0 > 0.999 }
            if !redundant && !solidInk {
                kept.append(raster.glyph)
                keptMasks.append(mask)
            }
        }
        let weights = [Float](repeating: 1, count: columns * rows)
            + [Float](repeating: Float(max(coarseRepeat, 0)), count: coarseLevel.count)
        func weighted(_ mask: [Float], _ term: (Float) -> Float) -> Float {
            zip(mask, weights).reduce(0) { $0 + $1.1 * term($1.0) }
        }
        glyphs = kept
        masks = keptMasks.flatMap { $0 }
        weightedMasks = keptMasks.flatMap { zip($0, weights).map { $0 * $1 } }
        self.weights = weights
        totalWeight = weights.reduce(0, +)
        inkInk = keptMasks.map { weighted($0) { $0 * $0 } }
        inkPaper = keptMasks.map { weighted($0) { $0 * (1 - $0) } }
        paperPaper = keptMasks.map { weighted($0) { (1 - $0) * (1 - $0) } }
        isBinary = masks.allSatisfy { abs($0 - $0.rounded()) < 1e-4 }  // reduction leaves 0.99999994s
        isBlockShaped = masks.allSatisfy { abs($0 - $0.rounded()) <= Self.blockTolerance }
    }

    /// The table for a set and colour mode at its default grid (built once per process).
    static func standard(_ set: SymbolSet, twoColor: Bool) -> GlyphTable {
        switch (set, twoColor) {
        case (.ascii, true): return Cache.asciiColor
        case (.ascii, false): return Cache.asciiMono
        case (.blocks, true): return Cache.blocksColor
        case (.blocks, false): return Cache.blocksMono
        case (.quadrants, true): return Cache.quadrantsColor
        case (.quadrants, false): return Cache.quadrantsMono
        case (.sextants, true): return Cache.sextantsColor
        case (.sextants, false): return Cache.sextantsMono
        case (.braille, true): return Cache.brailleColor
        case (.braille, false): return Cache.brailleMono
        }
    }

    /// The table for `set` with `tuning`'s grid: the cached one unless the grid is unusual.
    static func table(_ set: SymbolSet, twoColor: Bool, tuning: RenderTuning) -> GlyphTable {
        let grid = tuning.grid(for: set), repeats = tuning.coarseRepeat(for: set)
        let defaults = RenderTuning()
        guard grid == defaults.grid(for: set), repeats == defaults.coarseRepeat(for: set) else {
            return GlyphTable(rasters: SymbolGlyphs.rasters(for: set), columns: grid.columns, rows: grid.rows,
                              twoColor: twoColor, coarseRepeat: repeats)
        }
        return standard(set, twoColor: twoColor)
    }

    /// Lazily built tables (static lets are initialised once, thread-safely).
    private enum Cache {
        static func make(_ set: SymbolSet, _ twoColor: Bool) -> GlyphTable {
            let tuning = RenderTuning(), grid = tuning.grid(for: set)
            return GlyphTable(rasters: SymbolGlyphs.rasters(for: set), columns: grid.columns, rows: grid.rows,
                              twoColor: twoColor, coarseRepeat: tuning.coarseRepeat(for: set))
        }
        static let asciiColor = make(.ascii, true), asciiMono = make(.ascii, false)
        static let blocksColor = make(.blocks, true), blocksMono = make(.blocks, false)
        static let quadrantsColor = make(.quadrants, true), quadrantsMono = make(.quadrants, false)
        static let sextantsColor = make(.sextants, true), sextantsMono = make(.sextants, false)
        static let brailleColor = make(.braille, true), brailleMono = make(.braille, false)
    }

    /// Area-weighted reduction of a 10x20 raster to `columns` x `rows`.
    static func reduce(_ raster: [Float], columns: Int, rows: Int) -> [Float] {
        ReductionTaps(columns: columns, rows: rows).reduce(raster)
    }

    /// Appends the coarse level of one cell's grid values.
    static func appendCoarse<T: SIMD>(of grid: ArraySlice<T>, level: [[Int]], to out: inout [T]) where T.Scalar == Float {
        let base = grid.startIndex
        for indices in level {
            out.append(indices.reduce(T()) { $0 + grid[base + $1] } / T(repeating: Float(indices.count)))
        }
    }

    /// The scalar form of `appendCoarse`, for masks.
    static func appendCoarse(of grid: ArraySlice<Float>, level: [[Int]], to out: inout [Float]) {
        guard !level.isEmpty else { return }
        var wide: [SIMD4<Float>] = []
        appendCoarse(of: grid.map { SIMD4<Float>(repeating: $0) }[...], level: level, to: &wide)
        out.append(contentsOf: wide.map(\.x))
    }

    /// Whether two masks draw the same: every value within 0.02. Plain loops with an early
    /// exit, as braille's 256 glyphs make some 33,000 comparisons a table.
    private static func same(_ a: [Float], _ b: [Float]) -> Bool {
        for i in a.indices where abs(a[i] - b[i]) >= 0.02 { return false }
        return true
    }

    /// Whether `b` is `a` with ink and paper swapped, as `same` judges.
    private static func inverse(_ a: [Float], _ b: [Float]) -> Bool {
        for i in a.indices where abs(a[i] - (1 - b[i])) >= 0.02 { return false }
        return true
    }
}

/// The box filter from a glyph's 10x20 raster to a table's grid, as flat (pixel, weight)
/// lists per grid sample, so that the taps are found once a table rather than once a glyph.
private struct ReductionTaps {
    let columns: Int, rows: Int
    /// Per grid sample, row-major: raster indices and their weights.
    let pixels: [[Int]], weights: [[Float]]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        let wx = BoxWeights(sourceStart: 0, sourceLength: Double(GlyphRaster.width), count: columns, limit: GlyphRaster.width)
        let wy = BoxWeights(sourceStart: 0, sourceLength: Double(GlyphRaster.height), count: rows, limit: GlyphRaster.height)
        var pixels: [[Int]] = [], weights: [[Float]] = []
        for sy in 0..<rows {
            for sx in 0..<columns {
                var p: [Int] = [], w: [Float] = []
                for (y, weightY) in wy.taps(sy) {
                    for (x, weightX) in wx.taps(sx) {
                        p.append(y * GlyphRaster.width + x)
                        w.append(weightY * weightX)
                    }
                }
                pixels.append(p)
                weights.append(w)
            }
        }
        self.pixels = pixels
        self.weights = weights
    }

    func reduce(_ raster: [Float]) -> [Float] {
        var out = [Float](repeating: 0, count: columns * rows)
        for s in out.indices {
            var sum: Float = 0
            for (p, w) in zip(pixels[s], weights[s]) { sum += w * raster[p] }
            out[s] = sum
        }
        return out
    }
}
