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
    /// Per glyph: Σm², Σm(1−m), Σ(1−m)² over the samples.
    let inkInk: [Float], inkPaper: [Float], paperPaper: [Float]

    /// Samples per cell.
    var samplesPerCell: Int { columns * rows }

    /// Reduces `rasters` to a `columns` x `rows` grid. With `twoColor`, a glyph equal to
    /// another or to another's inverse is dropped (swapping the colours draws it), and so is
    /// a solid one; without it only exact duplicates go.
    init(rasters: [GlyphRaster], columns: Int, rows: Int, twoColor: Bool) {
        self.columns = columns
        self.rows = rows
        var kept: [Unicode.Scalar] = []
        var keptMasks: [[Float]] = []
        for raster in rasters {
            let mask = Self.reduce(raster.coverage, columns: columns, rows: rows)
            let inverse = mask.map { 1 - $0 }
            let redundant = keptMasks.contains { Self.same($0, mask) || (twoColor && Self.same($0, inverse)) }
            let solidInk = twoColor && mask.allSatisfy { $0 > 0.999 }
            if !redundant && !solidInk {
                kept.append(raster.glyph)
                keptMasks.append(mask)
            }
        }
        glyphs = kept
        masks = keptMasks.flatMap { $0 }
        inkInk = keptMasks.map { $0.reduce(0) { $0 + $1 * $1 } }
        inkPaper = keptMasks.map { $0.reduce(0) { $0 + $1 * (1 - $1) } }
        paperPaper = keptMasks.map { $0.reduce(0) { $0 + (1 - $1) * (1 - $1) } }
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
        guard let grid = tuning.sampleGrid, grid != RenderTuning().grid(for: set) else {
            return standard(set, twoColor: twoColor)
        }
        return GlyphTable(rasters: SymbolGlyphs.rasters(for: set), columns: grid.columns, rows: grid.rows, twoColor: twoColor)
    }

    /// Lazily built tables (static lets are initialised once, thread-safely).
    private enum Cache {
        static func make(_ set: SymbolSet, _ twoColor: Bool) -> GlyphTable {
            let grid = RenderTuning().grid(for: set)
            return GlyphTable(rasters: SymbolGlyphs.rasters(for: set), columns: grid.columns, rows: grid.rows, twoColor: twoColor)
        }
        static let asciiColor = make(.ascii, true), asciiMono = make(.ascii, false)
        static let blocksColor = make(.blocks, true), blocksMono = make(.blocks, false)
        static let quadrantsColor = make(.quadrants, true), quadrantsMono = make(.quadrants, false)
        static let sextantsColor = make(.sextants, true), sextantsMono = make(.sextants, false)
        static let brailleColor = make(.braille, true), brailleMono = make(.braille, false)
    }

    /// Area-weighted reduction of a 10x20 raster to `columns` x `rows`.
    static func reduce(_ raster: [Float], columns: Int, rows: Int) -> [Float] {
        let wx = BoxWeights(sourceStart: 0, sourceLength: Double(GlyphRaster.width), count: columns, limit: GlyphRaster.width)
        let wy = BoxWeights(sourceStart: 0, sourceLength: Double(GlyphRaster.height), count: rows, limit: GlyphRaster.height)
        var out = [Float](repeating: 0, count: columns * rows)
        for sy in 0..<rows {
            for (y, weightY) in wy.taps(sy) {
                for sx in 0..<columns {
                    for (x, weightX) in wx.taps(sx) {
                        out[sy * columns + sx] += weightY * weightX * raster[y * GlyphRaster.width + x]
                    }
                }
            }
        }
        return out
    }

    private static func same(_ a: [Float], _ b: [Float]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) < 0.02 }
    }
}
