import Foundation
@testable import MediaDecoding
import XCTest
import Platform

/// HEIC pictures mirrored by their container (imir), 8 and 10 bits a sample, shown as libheif
/// shows the 8-bit one. heif-enc encodes a picture drawn here; the test adds the properties.
final class HEIFMirrorTests: XCTestCase {
    /// Four flat quadrants, so a flip or a turn of any kind moves some colour.
    static let picture = PixelImage(width: 64, height: 32) { x, y in
        switch (x < 32, y < 16) {
        case (true, true): return (255, 0, 0, 255)
        case (false, true): return (0, 0, 255, 255)
        case (true, false): return (0, 255, 0, 255)
        default: return (255, 255, 255, 255)
        }
    }

    /// The property lists tried: each mirror, and mirrors with turns before and after them (an
    /// iPhone's mirroring front camera writes irot 1 then imir 1).
    static let transforms: [[(String, UInt8)]] = [
        [("imir", 0)], [("imir", 1)], [("irot", 1), ("imir", 1)], [("imir", 0), ("irot", 3)], [("irot", 2), ("imir", 1)],
    ]

    /// heif-enc's HEIC of the picture at `bits` a sample (ImageMagick widens it to 16 bits for 10).
    func encode(bits: Int, in dir: URL) throws -> [UInt8] {
        guard Fixtures.which("heif-enc") != nil, ImageDecoder.canDecode(.heif) else { throw XCTSkip("heif-enc or libheif's HEVC decoder is missing") }
        let source = dir.appendingPathComponent("picture.png")
        try Fixtures.writePNG(Self.picture, to: source)
        var input = source
        if bits > 8 {
            input = dir.appendingPathComponent("picture16.png")
            try Fixtures.run("convert", [source.path, "-depth", "16", "PNG48:" + input.path])
        }
        let out = dir.appendingPathComponent("picture\(bits).heic")
        try Fixtures.run("heif-enc", ["-b", "\(bits)", "-q", "95", input.path, "-o", out.path])
        let bytes = try Fixtures.bytes(out)
        // pixi: version and flags, the channel count, then each channel's bits.
        let pixi = try XCTUnwrap(bytes.indices.dropLast(12).first { bytes[$0..<($0 + 4)].elementsEqual("pixi".utf8) })
        XCTAssertEqual(Int(bytes[pixi + 9]), bits, "heif-enc wrote \(bytes[pixi + 9]) bits, not \(bits)")
        return bytes
    }

    func withProperties(_ properties: [(String, UInt8)], _ file: [UInt8]) throws -> [UInt8] {
        try properties.reduce(file) { try HEIFPropertyInsertion.adding($1.0, [$1.1], to: $0) }
    }

    /// What libheif shows: heif-convert's PNG of an 8-bit file, whose transformations it applies.
    func libheifShows(_ file: [UInt8], in dir: URL) throws -> PixelImage {
        let heic = dir.appendingPathComponent("reference.heic"), png = dir.appendingPathComponent("reference.png")
        try Data(file).write(to: heic)
        try Fixtures.run("heif-convert", [heic.path, png.path])
        return try ImageDecoder.decode(data: try Fixtures.bytes(png))
    }

    /// The four quadrants' centres of `image` within 12 levels of `reference`'s, at the same size.
    func assertQuadrants(_ image: PixelImage, _ reference: PixelImage, _ what: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([image.width, image.height], [reference.width, reference.height], what, file: file, line: line)
        guard image.width == reference.width, image.height == reference.height else { return }
        for (fx, fy) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
            let x = image.width * fx / 4, y = image.height * fy / 4
            let p = image[x, y], q = reference[x, y]
            let worst = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            XCTAssertLessThanOrEqual(worst, 12, "\(what): at (\(x), \(y)) \(p) where libheif shows \(q)", file: file, line: line)
        }
    }

    /// Before, a 10-bit file with imir was "unsupported format: HEIF: Can currently only mirror
    /// images with 8 bits per pixel" (libheif 1.15): no tile, no preview.
    func testATenBitMirroredHEICIsShownAsLibheifShowsTheEightBitOne() throws {
        let dir = try Fixtures.directory(self)
        let eight = try encode(bits: 8, in: dir), ten = try encode(bits: 10, in: dir)
        for properties in Self.transforms {
            let what = properties.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            let reference = try libheifShows(try withProperties(properties, eight), in: dir)
            let tenBit = try withProperties(properties, ten)
            assertQuadrants(try ImageDecoder.decode(data: tenBit), reference, "10 bits, \(what)")
            assertQuadrants(try ImageDecoder.decode(data: try withProperties(properties, eight)), reference, "8 bits, \(what)")
            // At a tile's size the target is the picture as shown, the quarter turns swapping it.
            let small = try ImageDecoder.decode(data: tenBit, options: DecodeOptions(targetWidth: 16, targetHeight: 32))
            XCTAssertEqual(Double(small.width) / Double(small.height), Double(reference.width) / Double(reference.height),
                           "10 bits at a tile's size, \(what)")
        }
    }

    /// A turn alone is still libheif's, 10 bits or 8.
    func testATenBitTurnedHEICIsShownAsLibheifShowsTheEightBitOne() throws {
        let dir = try Fixtures.directory(self)
        let eight = try encode(bits: 8, in: dir), ten = try encode(bits: 10, in: dir)
        let reference = try libheifShows(try withProperties([("irot", 1)], eight), in: dir)
        assertQuadrants(try ImageDecoder.decode(data: try withProperties([("irot", 1)], ten)), reference, "10 bits, irot 1")
    }

    func testTheTransformsComposeAsOneOrientation() {
        XCTAssertEqual(HEIFTransform.mirroredOrientation([.mirror(axis: 0)]), 4)
        XCTAssertEqual(HEIFTransform.mirroredOrientation([.mirror(axis: 1)]), 2)
        XCTAssertEqual(HEIFTransform.mirroredOrientation([.rotation(quarterTurns: 1), .mirror(axis: 1)]), 7)
        XCTAssertNil(HEIFTransform.mirroredOrientation([.rotation(quarterTurns: 1)]), "a turn alone is libheif's")
        XCTAssertNil(HEIFTransform.mirroredOrientation([.crop, .mirror(axis: 0)]), "a crop is libheif's")
    }
}
