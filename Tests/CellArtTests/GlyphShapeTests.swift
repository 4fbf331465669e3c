import ColorModel
import MediaDecoding
import XCTest
@testable import CellArt

/// Glyph choice follows shapes, not only brightness.
final class GlyphShapeTests: XCTestCase {
    private func ascii(_ image: PixelImage, light: Bool = false) -> String {
        CellRenderer.render(image, options: ArtOptions(columns: 12, rows: 6, symbols: .ascii, colors: .none, fit: .stretch,
                                                       lightBackground: light)).glyphText
    }

    func testRisingLineUsesSlash() {
        XCTAssertTrue(ascii(TestImages.line(from: 80, slope: -0.667)).contains("/"))
    }

    func testFallingLineUsesBackslash() {
        XCTAssertTrue(ascii(TestImages.line(from: 16, slope: 0.667)).contains("\\"))
    }

    func testHorizontalLineUsesOnlyFlatStrokes() {
        let image = PixelImage(width: 96, height: 96) { _, y in abs(y - 40) < 2 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let ink = Set(ascii(image).filter { $0 != " " && $0 != "\n" })
        XCTAssertFalse(ink.isEmpty)
        XCTAssertTrue(ink.isSubset(of: Set("-~_=")), "got \(ink)")
    }

    func testLightBackgroundPutsInkOnTheDarkParts() {
        let dark = ascii(TestImages.disc, light: false).split(separator: "\n")
        let light = ascii(TestImages.disc, light: true).split(separator: "\n")
        // The disc is bright: on a dark terminal its middle is inked, on a light one it is left blank.
        XCTAssertNotEqual(dark[3].dropFirst(5).first, " ")
        XCTAssertEqual(light[3].dropFirst(5).first, " ")
        XCTAssertNotEqual(light[0].first, " ")
    }

    /// The braille rasters are sums of their dots' rasters; this holds only while no pixel is
    /// touched by two dots, so each pattern is drawn here as a whole and compared.
    func testBraillePatternsAreTheirDotsDrawnTogether() {
        for pattern in [0, 1, 0x1B, 0x5A, 0xA5, 0xC3, 0xFF] {
            let inked = SymbolGlyphs.brailleDots.enumerated().filter { pattern >> $0.offset & 1 == 1 }.map(\.element)
            let whole = GlyphRaster(glyph: " ") { x, y in inked.contains { $0.contains(x, y) } }
            XCTAssertEqual(SymbolGlyphs.braille[pattern].coverage, whole.coverage, "pattern \(pattern)")
            XCTAssertEqual(SymbolGlyphs.braille[pattern].glyph, Unicode.Scalar(UInt32(0x2800 + pattern)))
        }
        let touched = SymbolGlyphs.brailleDots.map { dot in
            let coverage = GlyphRaster(glyph: " ", supersampled: dot.contains).coverage
            return Set(coverage.indices.filter { coverage[$0] > 0 })
        }
        XCTAssertEqual(touched.map(\.count).reduce(0, +), Set(touched.joined()).count, "a pixel touched by two dots")
    }

    func testSextantCharacters() {
        XCTAssertEqual(SymbolGlyphs.sextantScalar(1), "\u{1FB00}")
        XCTAssertEqual(SymbolGlyphs.sextantScalar(20), "\u{1FB13}")
        XCTAssertEqual(SymbolGlyphs.sextantScalar(22), "\u{1FB14}")
        XCTAssertEqual(SymbolGlyphs.sextantScalar(62), "\u{1FB3B}")
        XCTAssertEqual(SymbolGlyphs.sextantScalar(21), "\u{258C}")
        XCTAssertEqual(Set(SymbolGlyphs.sextants.map(\.glyph)).count, 64)
    }

    func testASCIIMasksComeFromTheFont() {
        XCTAssertEqual(SymbolGlyphs.ascii.count, 95)
        let slash = SymbolGlyphs.ascii.first { $0.glyph == "/" }!.coverage
        func ink(_ x: Int, _ y: Int) -> Float { slash[y * GlyphRaster.width + x] }
        XCTAssertGreaterThan(ink(7, 4), 0.5)   // upper right
        XCTAssertGreaterThan(ink(2, 14), 0.5)  // lower left
        XCTAssertEqual(ink(1, 4), 0)
        XCTAssertEqual(SymbolGlyphs.ascii.first { $0.glyph == " " }!.coverage.max(), 0)
    }
}
