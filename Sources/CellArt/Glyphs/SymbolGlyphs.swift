/// The glyphs of each symbol set, drawn as terminals draw them.
enum SymbolGlyphs {
    /// Every glyph of `set`, blank included.
    static func rasters(for set: SymbolSet) -> [GlyphRaster] {
        switch set {
        case .ascii: return ascii
        case .blocks: return halfBlocks
        case .quadrants: return quadrants
        case .sextants: return sextants
        case .braille: return braille
        }
    }

    /// Printable ASCII from the generated font table.
    static let ascii: [GlyphRaster] = ASCIIGlyphMasks.masks.map { entry in
        precondition(ASCIIGlyphMasks.width == GlyphRaster.width && ASCIIGlyphMasks.height == GlyphRaster.height)
        let digits = entry.coverage.utf8.map { byte -> Float in
            let v = byte <= 57 ? Int(byte) - 48 : Int(byte) - 87
            return Float(v) / 15
        }
        return GlyphRaster(glyph: entry.glyph, coverage: digits)
    }

    /// Space, the four half blocks (upper, lower, left, right), full block.
    static let halfBlocks: [GlyphRaster] = [
        .boxes(" ", []),
        .boxes("\u{2580}", [(0, 0, 1, 0.5)]),
        .boxes("\u{2584}", [(0, 0.5, 1, 1)]),
        .boxes("\u{258C}", [(0, 0, 0.5, 1)]),
        .boxes("\u{2590}", [(0.5, 0, 1, 1)]),
        .boxes("\u{2588}", [(0, 0, 1, 1)]),
    ]

    /// The 16 quadrant patterns; bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
    static let quadrants: [GlyphRaster] = {
        let scalars: [UInt32] = [0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
                                 0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588]
        return scalars.enumerated().map { pattern, code in
            .boxes(Unicode.Scalar(code)!, cellBoxes(pattern: pattern, columns: 2, rows: 2))
        }
    }()

    /// The 64 sextant patterns (2x3); bit i is column i % 2 of row i / 2.
    static let sextants: [GlyphRaster] = (0..<64).map { pattern in
        .boxes(sextantScalar(pattern), cellBoxes(pattern: pattern, columns: 2, rows: 3))
    }

    /// The character of a sextant pattern: U+1FB00–1FB3B, with the four patterns that block
    /// elements already have (blank, left half, right half, full) taken from there.
    static func sextantScalar(_ pattern: Int) -> Unicode.Scalar {
        switch pattern {
        case 0: return " "
        case 21: return "\u{258C}"
        case 42: return "\u{2590}"
        case 63: return "\u{2588}"
        default:
            let skipped = (pattern > 21 ? 1 : 0) + (pattern > 42 ? 1 : 0)
            return Unicode.Scalar(UInt32(0x1FB00 + pattern - 1 - skipped))!
        }
    }

    /// The 256 braille patterns: round dots on a 2x4 grid, in Unicode's dot order.
    static let braille: [GlyphRaster] = {
        let dots = brailleDots.map { dot in GlyphRaster(glyph: " ", supersampled: dot.contains).coverage }
        // No pixel holds two dots (the `brailleDots` note), so a pattern's coverage is the sum
        // of its dots': 8 rasters drawn rather than 256 (819,200 points tested, 50 M
        // instructions, 4 ms of every braille thumbnail).
        return (0..<256).map { pattern in
            var coverage = [Float](repeating: 0, count: GlyphRaster.width * GlyphRaster.height)
            for (bit, dot) in dots.enumerated() where pattern >> bit & 1 == 1 {
                for i in coverage.indices { coverage[i] += dot[i] }
            }
            return GlyphRaster(glyph: Unicode.Scalar(UInt32(0x2800 + pattern))!, coverage: coverage)
        }
    }()

    /// A braille dot: a disc of radius 2 px in a 10x20 cell.
    struct BrailleDot: Sendable {
        let x: Float, y: Float
        static let radius = Float(GlyphRaster.width) / 5
        func contains(_ px: Float, _ py: Float) -> Bool {
            (px - x) * (px - x) + (py - y) * (py - y) <= Self.radius * Self.radius
        }
    }

    /// The eight dots, in Unicode's bit order. Their centres are 5 px apart and their radius
    /// is 2, so no pixel of the 10x20 raster is touched by two of them.
    static let brailleDots: [BrailleDot] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)].map { column, row in
        BrailleDot(x: (Float(column) + 0.5) * Float(GlyphRaster.width) / 2, y: (Float(row) + 0.5) * Float(GlyphRaster.height) / 4)
    }

    /// The boxes of a pattern on a `columns` x `rows` grid of equal parts of the cell.
    private static func cellBoxes(pattern: Int, columns: Int, rows: Int) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        (0..<(columns * rows)).filter { pattern >> $0 & 1 == 1 }.map { bit in
            let cx = Double(bit % columns), cy = Double(bit / columns)
            return (cx / Double(columns), cy / Double(rows), (cx + 1) / Double(columns), (cy + 1) / Double(rows))
        }
    }
}
