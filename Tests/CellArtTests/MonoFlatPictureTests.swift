import MediaDecoding
import XCTest
@testable import CellArt

/// Glyph-only output (`--colors none`) of pictures with no contrast at all.
final class MonoFlatPictureTests: XCTestCase {
    /// A solid white picture is all light: on a dark terminal it must be drawn as ink,
    /// not left blank (which looked like a missing thumbnail).
    func testSolidWhiteIsInkedInEverySymbolSet() {
        let white = PixelImage(width: 40, height: 40, fill: (255, 255, 255, 255))
        for symbols in SymbolSet.allCases {
            let art = CellRenderer.render(white, options: ArtOptions(columns: 4, rows: 2, symbols: symbols,
                                                                     colors: .none, fit: .stretch))
            XCTAssertTrue(art.cells.allSatisfy { $0.glyph != " " }, "\(symbols): \(art.cells.map(\.glyph))")
        }
    }

    /// Solid black stays blank on a dark terminal, and white stays blank on a light one.
    func testSolidDarkOnDarkAndLightOnLightStayBlank() {
        let black = PixelImage(width: 40, height: 40, fill: (0, 0, 0, 255))
        let white = PixelImage(width: 40, height: 40, fill: (255, 255, 255, 255))
        let dark = CellRenderer.render(black, options: ArtOptions(columns: 4, rows: 2, colors: .none, fit: .stretch))
        let light = CellRenderer.render(white, options: ArtOptions(columns: 4, rows: 2, colors: .none, fit: .stretch,
                                                                   lightBackground: true))
        XCTAssertTrue(dark.cells.allSatisfy { $0.glyph == " " })
        XCTAssertTrue(light.cells.allSatisfy { $0.glyph == " " })
    }
}
