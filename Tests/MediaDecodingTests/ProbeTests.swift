import Foundation
import Glibc
import MediaDecoding
import TestFixtures
import XCTest
import Platform

final class ProbeTests: XCTestCase {
    func testSniffMagicBytes() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        let ftyp: (String, [String]) -> [UInt8] = { major, compatible in
            let body = bytes("ftyp" + major) + [0, 0, 0, 0] + compatible.flatMap(bytes)
            return [0, 0, 0, UInt8(body.count + 4)] + body
        }
        XCTAssertEqual(ImageDecoder.sniff([0xFF, 0xD8, 0xFF, 0xE0]), .jpeg)
        XCTAssertEqual(ImageDecoder.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), .png)
        XCTAssertEqual(ImageDecoder.sniff(bytes("GIF89a....")), .gif)
        XCTAssertEqual(ImageDecoder.sniff(bytes("RIFF\0\0\0\0WEBPVP8 ")), .webp)
        XCTAssertEqual(ImageDecoder.sniff(bytes("RIFF\0\0\0\0AVI LIST")), .avi)
        XCTAssertEqual(ImageDecoder.sniff(ftyp("heic", ["mif1", "heic"])), .heif)
        XCTAssertEqual(ImageDecoder.sniff(ftyp("mif1", ["avif", "miaf"])), .avif)
        XCTAssertEqual(ImageDecoder.sniff(ftyp("isom", ["isom", "avc1"])), .mp4)
        XCTAssertEqual(ImageDecoder.sniff(ftyp("qt  ", ["qt  "])), .quickTime)
        XCTAssertNil(ImageDecoder.sniff(ftyp("M4A ", ["M4A ", "isom"])))
        XCTAssertNil(ImageDecoder.sniff(ftyp("crx ", ["crx ", "isom"])))
        XCTAssertEqual(ImageDecoder.sniff(bytes("P6\n2 2\n255\n")), .pnm)
        XCTAssertEqual(ImageDecoder.sniff(bytes("P3\n2 2\n255\n")), .pnm)
        XCTAssertEqual(ImageDecoder.sniff(bytes("P4\n# scan\n2 2\n")), .pnm)
        XCTAssertNil(ImageDecoder.sniff(bytes("P1 priority: call back\n")), "a note is no bitmap")
        XCTAssertEqual(ImageDecoder.sniff(bytes("BM") + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]), .bmp)
        XCTAssertNil(ImageDecoder.sniff(bytes("BMW is a car")))
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x87, 0x42, 0x82, 0x84] + bytes("webm")
        XCTAssertEqual(ImageDecoder.sniff(ebml), .webm)
        XCTAssertNil(ImageDecoder.sniff([]))
    }

    func testProbeAndNonUTF8Path() throws {
        let dir = try Fixtures.directory(self)
        // A file name that is not UTF-8 (0xFF), created with open(2) on the raw bytes.
        let path = RawPath(dir).appending(RawPath(bytes: [0x70, 0xFF, 0x2E, 0x6A, 0x70, 0x67]))
        XCTAssertFalse(path.isValidUTF8)
        let jpeg = try JPEGEncoder.encode(Fixtures.picture(width: 40, height: 20))
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = jpeg.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        XCTAssertEqual(try ImageDecoder.sniff(path: path), .jpeg)
        let probe = try XCTUnwrap(MediaProbe.read(path: path))
        XCTAssertEqual(probe.imageInfo, ImageInfo(format: .jpeg, width: 40, height: 20))
        XCTAssertEqual(try ImageDecoder.decode(path: path).width, 40)
    }

    func testIOErrorsCarryErrno() throws {
        XCTAssertThrowsError(try ImageDecoder.decode(path: RawPath("/nonexistent/file.jpg"))) { error in
            guard case .io(_, let code, _)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertEqual(code, ENOENT)
        }
        XCTAssertThrowsError(try ImageDecoder.decode(path: RawPath("/"))) { error in
            guard case .io(_, let code, _)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertEqual(code, EISDIR)
        }
    }

    func testNotMediaProbeIsNil() throws {
        let dir = try Fixtures.directory(self)
        let url = dir.appendingPathComponent("notes.jpg")
        try Data("just text".utf8).write(to: url)
        XCTAssertNil(try MediaProbe.read(path: RawPath(url)))
    }

    func testJPEGWithLargeMetadataStillGivesInfo() throws {
        // 100 KB of APP2 segments push the frame header past the 64 KB first read.
        var jpeg = try JPEGEncoder.encode(Fixtures.picture(width: 33, height: 22))
        let app2: [UInt8] = [0xFF, 0xE2, 0xFF, 0xF0] + [UInt8](repeating: 0x41, count: 0xFFEE)
        jpeg = ExifBuilder.inserting(app2 + app2, into: jpeg)
        let dir = try Fixtures.directory(self)
        let url = dir.appendingPathComponent("big-meta.jpg")
        try Data(jpeg).write(to: url)
        XCTAssertEqual(try ImageDecoder.info(path: RawPath(url)), ImageInfo(format: .jpeg, width: 33, height: 22))
    }
}
