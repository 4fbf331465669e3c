/// A glyph as a terminal draws it: coverage of a 10x20-pixel cell, 0 (background) to 1 (ink).
///
/// Every symbol set is described at this one resolution, the size the quality scorer and a
/// typical 16 px monospace terminal use, and reduced to each set's sample grid by `GlyphTable`.
struct GlyphRaster: Sendable {
    /// Raster width of a cell.
    static let width = 10
    /// Raster height of a cell.
    static let height = 20

    /// The character.
    let glyph: Unicode.Scalar
    /// `width * height` coverage values, row-major.
    let coverage: [Float]

    /// Builds a raster from a coverage function sampled at 4x4 points per pixel (anti-aliased edges).
    init(glyph: Unicode.Scalar, supersampled inside: (_ x: Float, _ y: Float) -> Bool) {
        self.glyph = glyph
        var values = [Float](repeating: 0, count: Self.width * Self.height)
        for py in 0..<Self.height {
            for px in 0..<Self.width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Float(px) + (Float(sx) + 0.5) / 4, Float(py) + (Float(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                values[py * Self.width + px] = Float(hits) / 16
            }
        }
        coverage = values
    }

    /// Builds a raster from explicit coverage values.
    init(glyph: Unicode.Scalar, coverage: [Float]) {
        precondition(coverage.count == Self.width * Self.height)
        self.glyph = glyph
        self.coverage = coverage
    }

    /// A raster whose ink is the union of pixel-aligned boxes, given as fractions of the cell
    /// and rounded to whole pixels as terminals do.
    static func boxes(_ glyph: Unicode.Scalar, _ rects: [(x0: Double, y0: Double, x1: Double, y1: Double)]) -> GlyphRaster {
        var values = [Float](repeating: 0, count: width * height)
        for r in rects {
            let x0 = Int((r.x0 * Double(width)).rounded()), x1 = Int((r.x1 * Double(width)).rounded())
            let y0 = Int((r.y0 * Double(height)).rounded()), y1 = Int((r.y1 * Double(height)).rounded())
            for y in y0..<y1 {
                for x in x0..<x1 { values[y * width + x] = 1 }
            }
        }
        return GlyphRaster(glyph: glyph, coverage: values)
    }

    /// The raster with ink and background swapped.
    var inverted: [Float] { coverage.map { 1 - $0 } }
}
