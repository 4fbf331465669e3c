import CellArt
import MediaDecoding
@testable import MediaPicker
import TerminalUI
import Thumbnails
import XCTest

/// The picker with a pixel protocol: tiles and the preview are pictures placed inside their
/// rectangles, and the marks, captions and warnings stay text around them.
@MainActor
final class GraphicsTileTests: XCTestCase {
    private let cell = Size(width: 10, height: 20)

    func testEachProtocolGetsItsRenderer() throws {
        let art = ArtOptions(columns: 0, rows: 0, symbols: .ascii, colors: .ansi16)
        let symbols = ThumbnailRendering.renderer(graphics: .symbols, cellPixelSize: cell, options: art).base
        XCTAssertEqual((symbols as? CellArtRenderer)?.options.symbols, .ascii)
        XCTAssertEqual((symbols as? CellArtRenderer)?.options.colors, .ansi16)
        let eight = Size(width: 8, height: 16), pixels = PixelSize(width: 8, height: 16)
        let kitty = try XCTUnwrap(ThumbnailRendering.renderer(graphics: .kitty, cellPixelSize: eight, options: art).base as? KittyRenderer)
        XCTAssertEqual(kitty.cellSize, pixels)
        XCTAssertEqual(kitty.cellArt.options.symbols, .ascii, "the film strip in the configured look")
        let sixel = try XCTUnwrap(ThumbnailRendering.renderer(graphics: .sixel, cellPixelSize: eight, options: art).base as? SixelRenderer)
        XCTAssertEqual(sixel.cellSize, pixels)
        let iterm = try XCTUnwrap(ThumbnailRendering.renderer(graphics: .iterm2, cellPixelSize: eight, options: art).base as? ITerm2Renderer)
        XCTAssertEqual(iterm.cellSize, pixels)
        let unknown = try XCTUnwrap(ThumbnailRendering.renderer(graphics: .sixel, cellPixelSize: nil, options: art).base as? SixelRenderer)
        XCTAssertEqual(unknown.cellSize, PixelSize(width: 10, height: 20), "10x20 when the terminal has not said")

        var configuration = PickerConfiguration()
        XCTAssertFalse(configuration.drawsPictures, "cell art unless something says otherwise")
        configuration.adopt(TerminalCapabilities(colorDepth: .trueColor, graphics: .kitty, cellPixelSize: eight, hint: "h"))
        XCTAssertEqual(configuration.graphics, .kitty)
        XCTAssertEqual(configuration.cellPixelSize, eight)
        XCTAssertEqual(configuration.graphicsHint, "h")
        XCTAssertTrue(configuration.thumbnailRenderer.base is KittyRenderer)
    }

    /// The terminal's background (OSC 11) is what sixel and the cell art composite partly
    /// transparent pixels over, in `thumb` (`renderer(for:options:)`) and the picker
    /// (`PickerConfiguration.adopt`) alike; kitty and iTerm2 send the alpha. Black when the
    /// terminal did not say, as before. Both composited over black whatever the terminal was.
    func testPartlyTransparentPixelsAreCompositedOverTheTerminalsBackground() throws {
        let white = RGB(255, 255, 255), black = RGB(0, 0, 0)
        let art = ArtOptions(columns: 0, rows: 0)
        let said = TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel, background: white)
        let sixel = try XCTUnwrap(ThumbnailRendering.renderer(for: said, options: art).base as? SixelRenderer)
        XCTAssertEqual(sixel.encoder.background, white)
        XCTAssertEqual(sixel.cellArt.options.background, white, "the film strip and cell art too")
        var symbols = said
        symbols.graphics = .symbols
        XCTAssertEqual((ThumbnailRendering.renderer(for: symbols, options: art).base as? CellArtRenderer)?.options.background, white)
        let unsaid = TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel)
        XCTAssertEqual((ThumbnailRendering.renderer(for: unsaid, options: art).base as? SixelRenderer)?.encoder.background, black)

        var configuration = PickerConfiguration()
        configuration.adopt(said)
        XCTAssertEqual(configuration.artOptions().background, white)
        XCTAssertEqual((configuration.thumbnailRenderer.base as? SixelRenderer)?.encoder.background, white)
        configuration.adopt(unsaid)
        XCTAssertEqual((configuration.thumbnailRenderer.base as? SixelRenderer)?.encoder.background, black)
    }

    private func harness(_ graphics: GraphicsProtocol, hint: String? = nil) async -> PickerHarness {
        await PickerHarness(names: [], configure: { configuration in
            configuration.selectionLimit = 3
            configuration.colors = .ansi256
            configuration.graphics = graphics
            configuration.cellPixelSize = self.cell
            configuration.graphicsHint = hint
            configuration.messageDuration = .seconds(600)
        }, work: nil, classifier: FileInspector.classify, prepare: { folder in
            for (i, name) in ["a.ppm", "b.ppm", "c.ppm"].enumerated() {
                folder.write(name, bytes: Drawn.ppm(Drawn.scene(width: 160 + i * 40, height: 120, seed: i)), mtime: 1_700_000_000)
            }
            // A header that promises more pixels than follow: classified as a picture, then fails.
            folder.write("d-broken.ppm", bytes: Array("P6\n64 64\n255\n".utf8) + [1, 2, 3], mtime: 1_700_000_000)
        })
    }

    func testSixelTilesArePicturesInsideTheirTilesWithTheMarksAsText() async throws {
        let h = await harness(.sixel)
        h.press(.right, .character(" "))
        let screen = await h.settle()
        let grid = SheetLayout(region: screen.bounds, tile: nil).gridLayout
        XCTAssertEqual(screen.images.count, 3, "a picture for each readable file")
        for (index, name) in ["a.ppm", "b.ppm", "c.ppm"].enumerated() {
            let slot = grid.slotRect(row: index / grid.columns, column: index % grid.columns)
            let thumb = grid.thumbnailRect(inSlot: slot)
            let picture = TileView.pictureRect(in: thumb, drawsPictures: true)
            let placed = try XCTUnwrap(screen.images.first { thumb.intersects($0.frame) }, name)
            XCTAssertEqual(placed.image.encoding, .sixel)
            XCTAssertEqual(placed.frame.intersection(picture), placed.frame, "\(name) inside its picture rectangle")
            XCTAssertGreaterThan(placed.frame.height, 2)
            let raster = try XCTUnwrap(Self.rasterAttributes(placed.image.payload), name)
            XCTAssertLessThanOrEqual(raster.width, placed.frame.width * cell.width)
            XCTAssertLessThanOrEqual(raster.height, placed.frame.height * cell.height)
            XCTAssertTrue(Self.row(screen, grid.captionRect(inSlot: slot)).contains(name), "caption of \(name)")
        }
        let second = grid.thumbnailRect(inSlot: grid.slotRect(row: 0, column: 1))
        XCTAssertEqual(Self.row(screen, Rect(x: second.x, y: second.y, width: 3, height: 1)), " 1 ", "the selection number, above the picture")
        let focused = grid.slotRect(row: 0, column: 1)
        XCTAssertEqual(screen[focused.x, focused.y + 2].text, "│", "the focus mark beside the picture")
        XCTAssertEqual(screen[focused.maxX - 1, focused.y + 2].text, "│")

        let broken = grid.thumbnailRect(inSlot: grid.slotRect(row: 0, column: 3))
        XCTAssertFalse(screen.images.contains { $0.frame.intersects(broken) })
        let words = (broken.y..<broken.maxY).map { Self.row(screen, Rect(x: broken.x, y: $0, width: broken.width, height: 1)) }.joined()
        XCTAssertTrue(words.contains("⚠") && words.contains("broken"), words)
    }

    func testThePreviewIsOneBigPicture() async throws {
        let h = await harness(.kitty)
        h.press(.character("p"))
        let screen = await h.settle()
        XCTAssertEqual(screen.images.count, 1)
        let placed = try XCTUnwrap(screen.images.first)
        XCTAssertEqual(placed.image.encoding, .kitty)
        XCTAssertTrue(placed.image.payload.starts(with: Array("\u{1B}_G".utf8)), "a kitty APC")
        let area = PreviewView.imageRect(in: SheetLayout(region: screen.bounds, tile: nil).previewArea)
        XCTAssertEqual(placed.frame.intersection(area), placed.frame)
        XCTAssertGreaterThan(placed.frame.height, GridLayout.defaultTile.height, "larger than a tile")
        XCTAssertTrue(screen.text.contains("a.ppm"), "the name stays text below the picture")
    }

    func testTheHintIsShown() async {
        let hint = TmuxPassthrough.hint
        let h = await harness(.symbols, hint: hint)
        let screen = await h.settle()
        XCTAssertTrue(screen.text.contains(hint), screen.text)
        XCTAssertTrue(screen.images.isEmpty, "symbols: cell art, no pictures")
    }

    /// The text of `rect`'s first row.
    private static func row(_ screen: ScreenBuffer, _ rect: Rect) -> String {
        (rect.x..<rect.maxX).map { screen[$0, rect.y].text }.joined()
    }

    /// Width and height from a sixel's raster attributes (`"Pan;Pad;Ph;Pv`).
    static func rasterAttributes(_ payload: [UInt8]) -> (width: Int, height: Int)? {
        guard payload.starts(with: [0x1B, UInt8(ascii: "P")]), let q = payload.firstIndex(of: UInt8(ascii: "q")),
              payload.count > q + 1, payload[q + 1] == UInt8(ascii: "\"") else { return nil }
        let numbers = payload[(q + 2)...].prefix { $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) }
            .split(separator: UInt8(ascii: ";")).compactMap { Int(String(decoding: $0, as: UTF8.self)) }
        return numbers.count == 4 ? (numbers[2], numbers[3]) : nil
    }
}
