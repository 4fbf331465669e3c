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

    /// The joint 256-colour choice (`RenderTuning.joint256`) changes only block-shaped sets at
    /// 256 colours; with it off, the colours are snapped one by one as before.
    func testJointChoiceChangesOnly256ColourBlocks() {
        var off = RenderTuning()
        off.joint256 = nil
        XCTAssertNotNil(RenderTuning().joint256, "on by default")
        var changed = 0
        for (_, image) in TestImages.all {
            for symbols in SymbolSet.allCases {
                for depth in [ColorDepth.none, .ansi16, .ansi256, .trueColor] {
                    let options = ArtOptions(columns: 12, rows: 6, symbols: symbols, colors: depth, fit: .stretch)
                    let joint = CellRenderer.render(image, options: options, tuning: RenderTuning())
                    let plain = CellRenderer.render(image, options: options, tuning: off)
                    let same = GoldenCellTests.colorDump(joint) == GoldenCellTests.colorDump(plain) && joint.glyphText == plain.glyphText
                    if depth == .ansi256 && [.blocks, .quadrants, .sextants].contains(symbols) {
                        changed += same ? 0 : 1
                    } else {
                        XCTAssertTrue(same, "\(symbols) \(depth)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(changed, 0, "the knob does something at 256 colours")
    }
}
