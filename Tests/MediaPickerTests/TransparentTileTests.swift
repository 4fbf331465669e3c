import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Thumbnails
import XCTest

/// A transparent picture in a tile: the transparent cells keep the terminal's default
/// background (curses draws it as -1 with `use_default_colors`), as in `thumb`.
final class TransparentTileTests: XCTestCase {
    func testTransparentCellsOfATileAreTheDefaultBackground() {
        // A red square in the middle of a transparent picture.
        let image = PixelImage(width: 64, height: 64) { x, y in
            (16..<48).contains(x) && (16..<48).contains(y) ? (220, 30, 30, 255) : (0, 0, 0, 0)
        }
        let tile = TileSize(columns: 16, rows: 8)
        let rendered = CellArtRenderer(ArtOptions(columns: 0, rows: 0, colors: .ansi256, fit: .stretch)).render(image, in: tile)
        var buffer = ScreenBuffer(size: Size(width: 16, height: 8))
        buffer.draw(rendered, centeredIn: Rect(x: 0, y: 0, width: 16, height: 8))
        for (x, y) in [(0, 0), (15, 0), (0, 7), (15, 7), (1, 4)] {
            XCTAssertEqual(buffer[x, y].style.background, .default, "(\(x), \(y))")
        }
        XCTAssertNotEqual(buffer[8, 4].style.background, .default, "the square")
    }
}
