import Foundation
import MediaDecoding
import Platform
import XCTest

/// `mediapick thumb` and the size limit with the real binary: a JPEG whose header says
/// 11648x8736 (a 102 MP camera's size) is read at 1/8 and shown, where it was refused; a PNG of
/// 60000x60000 is still refused from its header, with a line that says why, and exit status 2.
extension ThumbGraphicsTests {
    private func thumb(_ path: String) throws -> (status: Int32?, message: String) {
        let result = try run(["--no-cache", "--size", "20x10", path], environment: [])
        return (result.status, result.message)
    }

    /// A small JPEG whose frame header says `width`x`height` (libjpeg fills in the rest).
    private func jpeg(width: Int, height: Int) throws -> String {
        var bytes = try JPEGEncoder.encode(PixelImage(width: 16, height: 16, fill: (90, 160, 220, 255)))
        guard let sof = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            throw XCTSkip("no SOF0")
        }
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return String(decoding: try files.write(name: Array("gfx100.jpg".utf8), bytes: bytes), as: UTF8.self)
    }

    func testA102MegapixelJPEGIsShown() throws {
        let result = try thumb(try jpeg(width: 11648, height: 8736))
        XCTAssertFalse(result.message.contains("too large"), result.message)
        XCTAssertEqual(result.status, 0, result.message)
    }

    func testA60000PixelSquarePNGIsRefusedSayingWhy() throws {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(Digest.crc32(body))
        }
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(60000) + be32(60000) + [8, 2, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        let path = String(decoding: try files.write(name: Array("bomb.png".utf8), bytes: png), as: UTF8.self)
        let result = try thumb(path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.message.contains("image too large: 60000x60000 would decode to more than the limit of 100 megapixels"),
                      result.message)
    }
}
