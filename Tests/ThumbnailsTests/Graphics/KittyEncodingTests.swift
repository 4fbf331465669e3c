import MediaDecoding
import Platform
import TerminalGraphics
import TestFixtures
@testable import Thumbnails
import XCTest

/// The kitty renderer's encodings parsed back: `f=100` PNG (truecolour, exact) and palette PNG
/// (libimagequant, close; truecolour when it cannot get close enough), chunked as the protocol asks.
final class KittyEncodingTests: XCTestCase {
    private let tile = TileSize(columns: 16, rows: 8)

    /// The commands of `renderer`'s picture of `image` named 7, and the PNG they carry decoded.
    private func sent(_ image: PixelImage, by renderer: KittyRenderer) throws
        -> (commands: [GraphicsSequences.KittyCommand], png: [UInt8], pixels: PixelImage, canvas: PixelImage) {
        guard case .graphics(let picture) = renderer.render(image, in: tile) else { throw XCTSkip("not a picture") }
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyRenderer.transmission(of: picture, imageID: 7)))
        let png = try XCTUnwrap(Base64.decode(commands.flatMap(\.payload)))
        let (fitted, covered) = GraphicsFit.fit(image, in: tile, cellSize: renderer.cellSize)
        return (commands, png, try ImageDecoder.decode(data: png), KittyRenderer.canvas(fitted, covering: covered, cellSize: renderer.cellSize))
    }

    /// Smooth colour over the whole picture: thousands of colours, as in a photograph.
    private func gradient(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            (UInt8(40 + 180 * x / width), UInt8(30 + 200 * y / height), UInt8(200 - 120 * (x + y) / (width + height)), 255)
        }
    }

    /// Seeded noise in every channel: no 256 colours come close to it.
    private func noise(width: Int, height: Int) -> PixelImage {
        var state: UInt32 = 12345
        return PixelImage(width: width, height: height) { _, _ in
            func next() -> UInt8 { state = state &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: state >> 16) }
            return (next(), next(), next(), 255)
        }
    }

    /// The mean and largest difference of a colour channel over the opaque pixels of `source`,
    /// and whether every alpha is kept exactly.
    private func difference(_ shown: PixelImage, _ source: PixelImage) -> (mean: Double, worst: Int, alphaKept: Bool) {
        guard shown.width == source.width, shown.height == source.height else { return (.infinity, .max, false) }
        var total = 0, worst = 0, count = 0, alphaKept = true
        for i in stride(from: 0, to: source.pixels.count, by: 4) {
            alphaKept = alphaKept && shown.pixels[i + 3] == source.pixels[i + 3]
            guard source.pixels[i + 3] == 255 else { continue }
            for c in 0..<3 {
                let d = abs(Int(shown.pixels[i + c]) - Int(source.pixels[i + c]))
                total += d
                worst = max(worst, d)
                count += 1
            }
        }
        return (Double(total) / Double(max(1, count)), worst, alphaKept)
    }

    /// The PNG's colour type (IHDR byte 25): 2 RGB, 6 RGBA, 3 palette.
    private func colourType(_ png: [UInt8]) -> UInt8 { png.count > 25 ? png[25] : 0 }

    func testTruecolourPNGCarriesExactlyTheTilesPixelsInChunks() throws {
        let image = noise(width: 400, height: 270)  // 160x108 in a 160x120 canvas; noise fills chunks
        let sent = try sent(image, by: KittyRenderer(encoding: .png))
        XCTAssertEqual(sent.commands[0]["a"], "t")
        XCTAssertEqual(sent.commands[0]["f"], "100")
        XCTAssertEqual(sent.commands[0]["i"], "7")
        XCTAssertNil(sent.commands[0]["s"], "a PNG carries its own size")
        XCTAssertEqual(colourType(sent.png), 6, "RGBA: the canvas has transparent margins")
        XCTAssertEqual(sent.pixels, sent.canvas, "lossless")
        XCTAssertGreaterThan(sent.commands.count, 1, "noise needs more than one chunk")
        for (index, command) in sent.commands.enumerated() {
            XCTAssertEqual(command["m"], index == sent.commands.count - 1 ? "0" : "1")
            XCTAssertEqual(command["f"], index == 0 ? "100" : nil, "the keys on the first chunk only")
            XCTAssertLessThanOrEqual(command.payload.count, KittyGraphics.chunkSize)
            if index < sent.commands.count - 1 { XCTAssertEqual(command.payload.count % 4, 0) }
        }
    }

    func testPalettePNGStaysCloseToTheTile() throws {
        let image = gradient(width: 400, height: 270)
        let sent = try sent(image, by: KittyRenderer(encoding: .palettePNG(minimumQuality: 80)))
        XCTAssertEqual(sent.commands[0]["f"], "100")
        XCTAssertEqual(colourType(sent.png), 3, "a palette PNG")
        let difference = difference(sent.pixels, sent.canvas)
        XCTAssertTrue(difference.alphaKept, "the transparent margin stays transparent, the picture opaque")
        XCTAssertLessThanOrEqual(difference.mean, 3, "mean difference of a channel")
        XCTAssertLessThanOrEqual(difference.worst, 24, "largest difference of a channel")
    }

    func testFewColoursGoThroughThePaletteUnchanged() throws {
        let image = Drawn.quarters(size: 64, seed: 1)
        let result = try XCTUnwrap(PalettePNGEncoder.encode(image, minimumQuality: 90))
        XCTAssertEqual(colourType(result.png), 3)
        XCTAssertEqual(result.quality, 100)
        let difference = difference(try ImageDecoder.decode(data: result.png), image)
        XCTAssertLessThanOrEqual(difference.worst, 1, "six colours kept, up to libimagequant's gamma rounding")
    }

    func testAPictureThePaletteCannotHoldFallsBackToTruecolour() throws {
        let image = noise(width: 160, height: 160)
        XCTAssertNil(try PalettePNGEncoder.encode(image, minimumQuality: 90), "libimagequant: quality too low")
        let sent = try sent(image, by: KittyRenderer(encoding: .palettePNG(minimumQuality: 90)))
        XCTAssertEqual(sent.commands[0]["f"], "100")
        XCTAssertEqual(colourType(sent.png), 2, "truecolour RGB: the noise fills the square canvas")
        XCTAssertEqual(sent.pixels, sent.canvas, "lossless")
    }

    func testTheDefaultIsAPalettePNGAndEncodingsMakeDifferentRenderers() {
        XCTAssertEqual(KittyRenderer().encoding, .standard)
        guard case .palettePNG(let quality, _) = KittyRenderer.Encoding.standard else { return XCTFail("default changed") }
        XCTAssertGreaterThanOrEqual(quality, 90)
        XCTAssertNotEqual(KittyRenderer(encoding: .png), KittyRenderer(encoding: .palettePNG(minimumQuality: 92)))
    }
}
