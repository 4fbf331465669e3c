import CellArt
import ColorModel
import MediaDecoding
import Platform
import TerminalGraphics
import TestFixtures
@testable import Thumbnails
import XCTest

/// The kitty and iTerm2 renderers: fitted pixels, the cells they cover, and the picture inside
/// the escape sequences equal to those pixels.
final class GraphicsRendererTests: XCTestCase {
    private let tile = TileSize(columns: 16, rows: 8)

    private func picture(_ rendered: RenderedThumbnail) throws -> GraphicsPicture {
        guard case .graphics(let picture) = rendered else { throw XCTSkip("not a picture: \(rendered)") }
        return picture
    }

    func testTheFitKeepsTheAspectRatioAndNeverEnlarges() {
        let cell = PixelSize(width: 10, height: 20)
        XCTAssertEqual(GraphicsFit.pixelSize(forImageOf: PixelSize(width: 4000, height: 3000), in: tile, cellSize: cell),
                       PixelSize(width: 160, height: 120))
        XCTAssertEqual(GraphicsFit.coveredCells(forImageOf: PixelSize(width: 4000, height: 3000), in: tile, cellSize: cell),
                       TileSize(columns: 16, rows: 6))
        XCTAssertEqual(GraphicsFit.pixelSize(forImageOf: PixelSize(width: 3000, height: 4000), in: tile, cellSize: cell),
                       PixelSize(width: 120, height: 160))
        XCTAssertEqual(GraphicsFit.coveredCells(forImageOf: PixelSize(width: 3000, height: 4000), in: tile, cellSize: cell),
                       TileSize(columns: 12, rows: 8))
        XCTAssertEqual(GraphicsFit.pixelSize(forImageOf: PixelSize(width: 64, height: 48), in: tile, cellSize: cell),
                       PixelSize(width: 64, height: 48), "small images are sent as they are")
        XCTAssertEqual(GraphicsFit.coveredCells(forImageOf: PixelSize(width: 64, height: 48), in: tile, cellSize: cell),
                       TileSize(columns: 16, rows: 6), "and shown as large as the tile allows")
    }

    /// The three fit modes of the man page, for the pixel renderers: `fill` shows the centre at
    /// the box's shape, `stretch` the whole image over the box, and both cover every cell.
    func testTheLayoutFollowsTheFitMode() {
        let box = PixelSize(width: 160, height: 160), size = PixelSize(width: 400, height: 100)
        XCTAssertEqual(GraphicsFit.layout(of: size, in: box, fit: .fit),
                       GraphicsFit.Layout(x: 0, y: 0, crop: size, shown: PixelSize(width: 160, height: 40)))
        XCTAssertEqual(GraphicsFit.layout(of: size, in: box, fit: .fill),
                       GraphicsFit.Layout(x: 150, y: 0, crop: PixelSize(width: 100, height: 100), shown: box))
        XCTAssertEqual(GraphicsFit.layout(of: size, in: box, fit: .stretch), GraphicsFit.Layout(x: 0, y: 0, crop: size, shown: box))
        let cell = PixelSize(width: 10, height: 20)
        XCTAssertEqual(GraphicsFit.pixelSize(forImageOf: PixelSize(width: 4000, height: 1000), in: tile, cellSize: cell, fit: .fill),
                       PixelSize(width: 640, height: 160), "the centre crop keeps the tile's 160 rows")
        XCTAssertEqual(GraphicsFit.coveredCells(forImageOf: PixelSize(width: 64, height: 16), in: tile, cellSize: cell, fit: .fill), tile)
        XCTAssertEqual(GraphicsFit.coveredCells(forImageOf: PixelSize(width: 64, height: 16), in: tile, cellSize: cell, fit: .stretch), tile)
    }

    /// kitty and iTerm2 with `fill` and `stretch`: the pixels sent cover the whole tile (no
    /// transparent canvas around them), stretch without iTerm2's aspect ratio. Both drew the
    /// letterboxed `fit` whatever --fit said.
    func testFillAndStretchCoverTheTileInKittyAndITerm2() throws {
        let image = Drawn.scene(width: 400, height: 100, seed: 3)
        for fit in [FitMode.fill, .stretch] {
            let cellArt = CellArtRenderer(ArtOptions(columns: 0, rows: 0, fit: fit))
            let kitty = try picture(KittyRenderer(cellArt: cellArt, encoding: .zlib(level: 6)).render(image, in: tile))
            XCTAssertEqual(kitty.cells, tile, "\(fit)")
            XCTAssertEqual(kitty.pixels, fit == .fill ? PixelSize(width: 100, height: 100) : PixelSize(width: 160, height: 100), "\(fit)")
            let iTerm2 = try picture(ITerm2Renderer(cellArt: cellArt).render(image, in: tile))
            XCTAssertEqual(iTerm2.cells, tile, "\(fit)")
            let arguments = try XCTUnwrap(GraphicsSequences.iTerm2File(iTerm2.payload)).arguments
            XCTAssertEqual(arguments["preserveAspectRatio"], fit == .stretch ? "0" : "1")
            XCTAssertEqual(arguments["width"], "16")
            XCTAssertEqual(arguments["height"], "8")
        }
    }

    func testKittyRendersTheFittedPixelsUnnamed() throws {
        let image = Drawn.scene(width: 400, height: 300, seed: 2)
        let renderer = KittyRenderer(encoding: .zlib(level: 6))  // PNG encodings: KittyEncodingTests
        XCTAssertEqual(renderer.pixelSize(forImageOf: PixelSize(of: image), in: tile), PixelSize(width: 160, height: 120))
        let picture = try picture(renderer.render(image, in: tile))
        XCTAssertEqual(picture.encoding, .kitty)
        XCTAssertEqual(picture.cells, TileSize(columns: 16, rows: 6))
        XCTAssertEqual(picture.pixels, PixelSize(width: 160, height: 120))
        XCTAssertNil(picture.imageID, "named when placed")

        let named = KittyRenderer.transmission(of: picture, imageID: 9)
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(named))
        XCTAssertEqual(commands[0]["i"], "9")
        XCTAssertEqual(commands[0]["s"], "160")
        XCTAssertEqual(commands[0]["v"], "120")
        XCTAssertEqual(commands[0]["f"], "24")
        let stream = try XCTUnwrap(Base64.decode(commands.flatMap(\.payload)))
        let rgb = try XCTUnwrap(Zlib.uncompress(stream, limit: 160 * 120 * 3))
        let expected = image.reduced(width: 160, height: 120)
        XCTAssertEqual(rgb, KittyGraphics.rgb(expected), "exactly the project's downscaler's pixels")
    }

    func testKittyPlacesWithoutDistortionOrThroughPlaceholders() throws {
        let wide = try picture(KittyRenderer().render(Drawn.scene(width: 400, height: 300, seed: 1), in: tile))
        let tall = try picture(KittyRenderer().render(Drawn.scene(width: 300, height: 450, seed: 1), in: tile))
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        XCTAssertEqual(text(KittyRenderer().placement(of: wide, imageID: 5)), "\u{1B}_Ga=p,i=5,p=1,c=16,r=6,C=1,q=2\u{1B}\\",
                       "both sides: 160x120 px fill 16x6 cells of 10x20")
        XCTAssertEqual(tall.pixels, PixelSize(width: 110, height: 160), "107x160 px centred on the shape of 11x8 cells")
        XCTAssertEqual(text(KittyRenderer().placement(of: tall, imageID: 5)), "\u{1B}_Ga=p,i=5,p=1,c=11,r=8,C=1,q=2\u{1B}\\")
        let placeholders = KittyRenderer(placeholders: true)
        XCTAssertEqual(text(placeholders.placement(of: wide, imageID: 5)), "\u{1B}_Ga=p,U=1,i=5,c=16,r=6,q=2\u{1B}\\")
        let cells = placeholders.placeholderCells(of: wide, imageID: 5, colors: .trueColor)
        XCTAssertEqual(cells.rows.count, 6)
        XCTAssertEqual(cells.rows[0].count, 16)
        XCTAssertEqual(cells.foreground, .rgb(RGB(0, 0, 5)))
        XCTAssertNotEqual(KittyRenderer(), placeholders, "another way of showing, another renderer value")
    }

    /// Cells of 10x19 (kitty's with DejaVu Sans Mono 12): a 160x120 picture in a 20x8 tile is shown
    /// 200 px wide over 8 rows (152 px); naming both sides stretches the transmitted image to
    /// 200x152, so it carries a transparent row above and below and the picture keeps its shape.
    func testKittyCanvasHasTheShapeOfTheCells() throws {
        let image = Drawn.scene(width: 160, height: 120, seed: 3)
        let renderer = KittyRenderer(cellSize: PixelSize(width: 10, height: 19), encoding: .zlib(level: 6))
        let picture = try picture(renderer.render(image, in: TileSize(columns: 20, rows: 8)))
        XCTAssertEqual(picture.cells, TileSize(columns: 20, rows: 8))
        XCTAssertEqual(picture.pixels, PixelSize(width: 160, height: 122))
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyRenderer.transmission(of: picture, imageID: 3)))
        XCTAssertEqual(commands[0]["f"], "32", "RGBA: the canvas is transparent around the picture")
        XCTAssertEqual(commands[0]["s"], "160")
        XCTAssertEqual(commands[0]["v"], "122")
        let stream = try XCTUnwrap(Base64.decode(commands.flatMap(\.payload)))
        let rgba = try XCTUnwrap(Zlib.uncompress(stream, limit: 160 * 122 * 4))
        let sent = PixelImage(width: 160, height: 122, pixels: rgba)
        for x in [0, 80, 159] {
            XCTAssertEqual(sent[x, 0].a, 0, "the row above is transparent")
            XCTAssertEqual(sent[x, 121].a, 0, "the row below is transparent")
        }
        for (x, y) in [(0, 0), (37, 59), (159, 119)] {
            XCTAssertTrue(sent[x, y + 1] == image[x, y], "the picture, one row down, at \(x),\(y)")
        }
        let shown = Double(152) * 120 / 122
        XCTAssertEqual(200 / shown, 160.0 / 120, accuracy: 0.01, "stretched to 200x152 px, the picture keeps 4:3")
        XCTAssertEqual(KittyRenderer.canvas(image, covering: TileSize(columns: 16, rows: 6), cellSize: PixelSize(width: 10, height: 20)),
                       image, "already the cells' shape: sent as it is")
    }

    func testVideosWithoutAPosterGetTheFilmStrip() {
        let art = CellArtRenderer(ArtOptions(columns: 0, rows: 0))
        XCTAssertEqual(KittyRenderer().placeholder(duration: 61, in: tile), art.placeholder(duration: 61, in: tile))
        XCTAssertEqual(ITerm2Renderer().placeholder(duration: nil, in: tile), art.placeholder(duration: nil, in: tile))
    }

    func testITerm2SendsThePNGOfTheFittedPixelsSizedInCells() throws {
        let image = Drawn.scene(width: 300, height: 400, seed: 4)
        let picture = try picture(ITerm2Renderer().render(image, in: tile))
        XCTAssertEqual(picture.encoding, .iterm2)
        XCTAssertEqual(picture.cells, TileSize(columns: 12, rows: 8))
        XCTAssertEqual(picture.pixels, PixelSize(width: 120, height: 160))
        let parsed = try XCTUnwrap(GraphicsSequences.iTerm2File(picture.payload))
        XCTAssertEqual(parsed.order, ["inline", "size", "width", "height", "preserveAspectRatio"])
        XCTAssertEqual(parsed.arguments["inline"], "1")
        XCTAssertEqual(parsed.arguments["width"], "12", "no unit: cells")
        XCTAssertEqual(parsed.arguments["height"], "8")
        XCTAssertEqual(parsed.arguments["preserveAspectRatio"], "1")
        XCTAssertEqual(parsed.arguments["size"], String(parsed.file.count))
        XCTAssertEqual(ImageDecoder.sniff(parsed.file), .png)
        let decoded = try ImageDecoder.decode(data: parsed.file)
        XCTAssertEqual(decoded, image.reduced(width: 120, height: 160))
    }

    func testITerm2KeepsTransparency() throws {
        let image = PixelImage(width: 20, height: 20) { x, y in (UInt8(x * 10), UInt8(y * 10), 90, x < 10 ? 255 : 40) }
        let picture = try picture(ITerm2Renderer().render(image, in: tile))
        let parsed = try XCTUnwrap(GraphicsSequences.iTerm2File(picture.payload))
        XCTAssertEqual(try ImageDecoder.decode(data: parsed.file), image)
        XCTAssertEqual(picture.cells, TileSize(columns: 16, rows: 8), "20x20 shown at 160x160 px: the whole tile")
        XCTAssertEqual(picture.pixels, PixelSize(width: 20, height: 20), "but sent as it is")
    }
    /// A fitted picture takes the same rows in every output and never more cells than asked:
    /// its rows rounded to the nearest (`FittedCells`); the pixels keep their shape inside them
    /// (cell art stretches or squeezes instead). A 300x97 picture at 40x20 took 6 rows in
    /// symbols and 7 in kitty, iTerm2 and sixel, which rounded their pixels up.
    func testEveryOutputTakesTheRowsOfTheCellArt() throws {
        let shapes = [(300, 97), (160, 120), (1000, 210), (97, 300), (64, 64), (640, 130), (50, 49), (1000, 200)]
        for cell in [PixelSize(width: 10, height: 20), PixelSize(width: 8, height: 17), PixelSize(width: 10, height: 10)] {
            let art = CellArtRenderer(ArtOptions(columns: 0, rows: 0,
                                                 cellAspect: ArtOptions.cellAspect(pixelWidth: cell.width, pixelHeight: cell.height)))
            let renderers: [any ThumbnailRenderer] = [KittyRenderer(cellSize: cell, cellArt: art), ITerm2Renderer(cellSize: cell, cellArt: art),
                                                      SixelRenderer(cellSize: cell, cellArt: art)]
            for (width, height) in shapes {
                let image = PixelImage(width: width, height: height, fill: (30, 140, 220, 255))
                for grid in [TileSize(columns: 40, rows: 20), TileSize(columns: 16, rows: 8), TileSize(columns: 20, rows: 8)] {
                    guard case .cells(let symbols) = art.render(image, in: grid) else { return XCTFail("cell art") }
                    for renderer in renderers {
                        let cells = try picture(renderer.render(image, in: grid)).cells
                        let what = "\(type(of: renderer)) \(width)x\(height) in \(grid) of \(cell)"
                        XCTAssertEqual(cells.rows, symbols.pictureArea.rows, what)
                        XCTAssertLessThanOrEqual(cells.columns, grid.columns, what)
                    }
                }
            }
        }
        let kitty = try picture(KittyRenderer().render(PixelImage(width: 300, height: 97, fill: (30, 140, 220, 255)),
                                                       in: TileSize(columns: 40, rows: 20)))
        XCTAssertEqual(kitty.cells, TileSize(columns: 38, rows: 6), "6.47 rows: 6, the pixels fitted inside them (371x120)")
    }
}
