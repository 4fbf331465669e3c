import ColorModel
import XCTest
@_spi(Tuning) @testable import CellArt

/// Which symbol sets get their 256-colour cells snapped by colour difference.
final class BlockSnappingTests: XCTestCase {
    /// Sextant rows are 7, 6 and 7 pixels of a 20-pixel cell, so their three-row masks read
    /// 0.05, 0.1, 0.9 and 0.95, not 0 and 1; they are still two flat regions and must take the same
    /// perceptual snapping as half blocks and quadrants (they silently did not).
    func testSextantsAt256SnapPerceptuallyLikeOtherBlocks() {
        let tuning = RenderTuning()
        for set in [SymbolSet.blocks, .quadrants, .sextants] {
            let table = GlyphTable.standard(set, twoColor: true)
            XCTAssertTrue(table.isBlockShaped, "\(set)")
            XCTAssertTrue(ColorCellMatcher.snapsPerceptually(table: table, depth: .ansi256, tuning: tuning), "\(set)")
            XCTAssertFalse(ColorCellMatcher.snapsPerceptually(table: table, depth: .trueColor, tuning: tuning), "\(set)")
        }
        let sextants = GlyphTable.standard(.sextants, twoColor: true)
        XCTAssertFalse(sextants.isBinary, "the premise: sextant masks are not exactly binary")
        for set in [SymbolSet.ascii, .braille] {
            let table = GlyphTable.standard(set, twoColor: true)
            XCTAssertFalse(ColorCellMatcher.snapsPerceptually(table: table, depth: .ansi256, tuning: tuning), "\(set)")
        }
    }
}
