import MediaDecoding
import Platform
import TerminalGraphics
@testable import Thumbnails
import XCTest

/// The kitty commands parsed back: keys, chunks, and the pixels inside them.
final class KittyGraphicsTests: XCTestCase {
    /// Pixels no compressor can shrink much (a 32-bit LCG), so the transmission needs many chunks.
    private func noise(width: Int, height: Int, alpha: ((Int, Int) -> UInt8)? = nil) -> PixelImage {
        var state: UInt32 = 12345
        return PixelImage(width: width, height: height) { x, y in
            state = state &* 1_664_525 &+ 1_013_904_223
            return (UInt8(state >> 24), UInt8(state >> 16 & 255), UInt8(state >> 8 & 255), alpha?(x, y) ?? 255)
        }
    }

    /// The base64 payloads of `commands` joined, decoded and inflated.
    private func inflate(_ commands: [GraphicsSequences.KittyCommand], limit: Int) throws -> [UInt8] {
        let base64 = commands.flatMap(\.payload)
        let stream = try XCTUnwrap(Base64.decode(base64), "the payloads are base64")
        return try XCTUnwrap(Zlib.uncompress(stream, limit: limit), "the data is a zlib stream")
    }

    func testAnOpaqueImageIsSentAsCompressedRGBInChunksOfAtMost4096() throws {
        let image = noise(width: 160, height: 160)
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyGraphics.transmission(of: image)))
        XCTAssertGreaterThan(commands.count, 20, "about 100 kB of base64")
        XCTAssertEqual(commands[0].keyText, "a=t,f=24,s=160,v=160,o=z,q=2,m=1")
        for command in commands.dropFirst() { XCTAssertEqual(command.keys.map(\.0), ["m"], "later chunks carry only m") }
        XCTAssertEqual(commands.dropLast().map { $0["m"] }, Array(repeating: "1", count: commands.count - 1))
        XCTAssertEqual(commands.last?["m"], "0")
        for command in commands.dropLast() { XCTAssertEqual(command.payload.count, 4096, "full chunks, a multiple of 4") }
        XCTAssertLessThanOrEqual(commands.last!.payload.count, 4096)
        XCTAssertEqual(commands.last!.payload.count % 4, 0)

        let rgb = try inflate(commands, limit: 160 * 160 * 3)
        XCTAssertEqual(rgb.count, 160 * 160 * 3)
        for i in 0..<(160 * 160) {
            guard rgb[3 * i..<3 * i + 3].elementsEqual(image.pixels[4 * i..<4 * i + 3]) else { return XCTFail("pixel \(i) differs") }
        }
    }

    func testAnImageWithTransparencyIsSentAsRGBA() throws {
        let image = noise(width: 40, height: 30) { x, _ in x < 20 ? 255 : UInt8(x * 6) }
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyGraphics.transmission(of: image)))
        XCTAssertEqual(commands[0]["f"], "32")
        XCTAssertEqual(try inflate(commands, limit: image.pixels.count), image.pixels)
    }

    func testASmallImageIsOneCommandWithoutM() throws {
        let image = PixelImage(width: 16, height: 8, fill: (10, 20, 30, 255))
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyGraphics.transmission(of: image)))
        XCTAssertEqual(commands.count, 1)
        XCTAssertEqual(commands[0].keyText, "a=t,f=24,s=16,v=8,o=z,q=2")
        XCTAssertEqual(try inflate(commands, limit: 16 * 8 * 3), KittyGraphics.rgb(image))
    }

    func testNamingPutsTheIdFirstInTheFirstCommandOnly() throws {
        let image = noise(width: 100, height: 100)
        let unnamed = KittyGraphics.transmission(of: image)
        let named = KittyGraphics.naming(unnamed, imageID: 4242)
        XCTAssertEqual(named, KittyGraphics.transmission(of: image, imageID: 4242))
        let before = try XCTUnwrap(GraphicsSequences.kittyCommands(unnamed))
        let after = try XCTUnwrap(GraphicsSequences.kittyCommands(named))
        XCTAssertEqual(after.count, before.count)
        XCTAssertEqual(after[0].keyText, "i=4242," + before[0].keyText)
        XCTAssertNil(before[0]["i"])
        XCTAssertEqual(after.dropFirst().map(\.keyText), before.dropFirst().map(\.keyText))
        XCTAssertEqual(after.map(\.payload), before.map(\.payload))
    }

    func testAPNGIsSentAsFormat100AndDecodesToThePixels() throws {
        let image = noise(width: 90, height: 70)
        let png = try PNGEncoder.encode(image)
        let commands = try XCTUnwrap(GraphicsSequences.kittyCommands(KittyGraphics.transmission(ofPNG: png)))
        XCTAssertEqual(commands[0].keyText, "a=t,f=100,q=2,m=1")
        XCTAssertEqual(commands.last?.keyText, "m=0")
        let file = try XCTUnwrap(Base64.decode(commands.flatMap(\.payload)))
        XCTAssertEqual(try ImageDecoder.decode(data: file), image)
    }

    func testPlacementDeletionAndQueryAreExactly() {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        XCTAssertEqual(text(KittyGraphics.placement(imageID: 7, placementID: 1, columns: 16, rows: 8)),
                       "\u{1B}_Ga=p,i=7,p=1,c=16,r=8,C=1,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.placement(imageID: 7, columns: 16)), "\u{1B}_Ga=p,i=7,c=16,C=1,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.virtualPlacement(imageID: 0x123456, columns: 16, rows: 6)),
                       "\u{1B}_Ga=p,U=1,i=1193046,c=16,r=6,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.deletion(imageID: 7, freeingData: false)), "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.deletion(imageID: 7, placementID: 1, freeingData: false)), "\u{1B}_Ga=d,d=i,i=7,p=1,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.deletion(imageID: 7, freeingData: true)), "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        XCTAssertEqual(text(KittyGraphics.query()), "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
        XCTAssertEqual(Base64.decode("AAAA"), [0, 0, 0], "the query's payload is one black RGB pixel")
    }
}
