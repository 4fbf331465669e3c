import ColorModel
import MediaDecoding
import XCTest
@_spi(Tuning) @testable import CellArt

/// At 256 colours a flat cell (its samples' luma within `Joint256.flatRange`) weighs luma at
/// `Joint256.flatLumaScale` of the usual weight: it has no edge of its own for the luma term to keep.
final class FlatCellTests: XCTestCase {
    /// Between the palette's steps, the full luma weight draws this violet in entry 61 (#5f5faf,
    /// nearer in brightness); the flat rule draws entry 97 (#875faf, nearer in colour difference).
    /// (The first violet here, (121, 66, 189), is 0.089 from 97 in luma, far enough past the
    /// knee, `RenderTuning.lumaKnee`, that it is now drawn in 61 either way; this one is 0.06, and
    /// the textured field below, 3 levels lighter on average, stays on the same side.)
    static let violet = (r: UInt8(119), g: UInt8(77), b: UInt8(183), a: UInt8(255))
    static let options = ArtOptions(columns: 4, rows: 2, symbols: .blocks, colors: .ansi256, fit: .stretch)

    static var fullLumaWeight: RenderTuning {
        var tuning = RenderTuning()
        tuning.joint256?.flatLumaScale = 1
        return tuning
    }

    func testFlatFieldTakesTheEntryNearerInColourDifference() throws {
        let image = PixelImage(width: 16, height: 16, fill: Self.violet)
        let flat = CellRenderer.render(image, options: Self.options)
        let full = CellRenderer.render(image, options: Self.options, tuning: Self.fullLumaWeight)
        XCTAssertEqual(Set(flat.cells), [ArtCell(glyph: " ", foreground: .indexed(97), background: .indexed(97))])
        XCTAssertEqual(Set(full.cells), [ArtCell(glyph: " ", foreground: .indexed(61), background: .indexed(61))])

        // The premise: 97 is nearer in ΔE00, 61 in luma.
        let target = SIMD3(Float(Self.violet.r), Float(Self.violet.g), Float(Self.violet.b)) / 255
        func entry(_ i: Int) -> SIMD3<Float> {
            let c = XtermPalette.colors[i]
            return SIMD3(Float(c.r), Float(c.g), Float(c.b)) / 255
        }
        let lab = DeltaEPaletteSearch.lab(srgb:)
        XCTAssertLessThan(CIEDE2000.difference(lab(target), lab(entry(97))), CIEDE2000.difference(lab(target), lab(entry(61))))
        let luma = DeltaEPaletteSearch.luma
        XCTAssertLessThan(abs(luma(entry(61)) - luma(target)), abs(luma(entry(97)) - luma(target)))
    }

    /// A faint texture (rows of samples 6 of 255 apart, wider than `flatRange`) is not flat:
    /// drawn as with the full luma weight everywhere, though counted as flat it would change.
    func testTexturedFieldKeepsTheFullLumaWeight() {
        // 16x16 pixels into 4x2 half-block cells of 2x4 samples: a sample is 2x2 pixels.
        let image = PixelImage(width: 16, height: 16) { _, y in
            let d = UInt8(y / 2 % 2 == 0 ? 0 : 6)
            return (Self.violet.r + d, Self.violet.g + d, Self.violet.b + d, 255)
        }
        XCTAssertGreaterThan(0.0235, RenderTuning().joint256!.flatRange, "the premise: the rows' luma differ by more than flatRange")
        let drawn = CellRenderer.render(image, options: Self.options)
        let full = CellRenderer.render(image, options: Self.options, tuning: Self.fullLumaWeight)
        XCTAssertEqual(drawn, full)
        var everythingFlat = RenderTuning()
        everythingFlat.joint256?.flatRange = 1
        XCTAssertNotEqual(CellRenderer.render(image, options: Self.options, tuning: everythingFlat), full)
    }
}
