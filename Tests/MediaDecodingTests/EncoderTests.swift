import Foundation
import MediaDecoding
import XCTest
import Platform

final class EncoderTests: XCTestCase {
    func testPNGTextChunksRoundTrip() throws {
        let chunks = [("Thumb::URI", "file:///home/u/Pictures/a%20b.jpg"), ("Thumb::MTime", "1700000000"),
                      ("Thumb::Size", "12345"), ("Thumb::Image::Width", "4000"), ("Thumb::Image::Height", "3000"),
                      ("Comment", "café ✓")]
        let png = try PNGEncoder.encode(Fixtures.picture(width: 8, height: 8), textChunks: chunks)
        let read = PNGTextReader.textChunks(in: png)
        XCTAssertEqual(read.map(\.key), chunks.map(\.0))
        XCTAssertEqual(read.map(\.value), chunks.map(\.1))
        XCTAssertEqual(PNGTextReader.value(for: "Thumb::MTime", in: png), "1700000000")
        XCTAssertEqual(try ImageDecoder.decode(data: png), Fixtures.picture(width: 8, height: 8))
    }

    func testPNGTextReaderReadsFiles() throws {
        let dir = try Fixtures.directory(self)
        let url = dir.appendingPathComponent("t.png")
        try Data(PNGEncoder.encode(PixelImage(width: 2, height: 2), textChunks: [("Thumb::MTime", "42")])).write(to: url)
        XCTAssertEqual(try PNGTextReader.textChunks(path: RawPath(url)).first?.value, "42")
        XCTAssertTrue(PNGTextReader.textChunks(in: [1, 2, 3]).isEmpty)
    }

    func testJPEGQualityAndTransparencyOverWhite() throws {
        let picture = Fixtures.picture(width: 64, height: 64)
        let low = try JPEGEncoder.encode(picture, quality: 0.1)
        let high = try JPEGEncoder.encode(picture, quality: 1.0)
        XCTAssertLessThan(low.count, high.count)
        let clear = try ImageDecoder.decode(data: JPEGEncoder.encode(PixelImage(width: 8, height: 8, fill: (0, 0, 0, 0))))
        XCTAssertGreaterThan(clear[4, 4].r, 250)
        XCTAssertThrowsError(try JPEGEncoder.encode(PixelImage(width: 0, height: 0, pixels: [])))
    }

    func testMD5MatchesRFC1321() {
        let vectors = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
            ("12345678901234567890123456789012345678901234567890123456789012345678901234567890",
             "57edf4a22be3c955ac49da2e2107b67a"),
        ]
        for (input, digest) in vectors { XCTAssertEqual(Digest.md5(input), digest, input) }
        XCTAssertEqual(Digest.md5(Array("abc".utf8)), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(Digest.crc32(Array("123456789".utf8)), 0xCBF4_3926)  // the CRC-32 check value
    }
}
