import Foundation
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

final class ResultFormatterTests: XCTestCase {
    private let invalid = RawPath(bytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))  // Latin-1 é
    private let newline = RawPath("/p/two\nlines.png")

    func testLinesAreTheExactBytes() {
        let bytes = ResultFormatter.bytes([OutputRecord(path: invalid), OutputRecord(path: RawPath("/p/海.jpg"))],
                                          format: .lines, nulTerminated: false)
        XCTAssertEqual(bytes, invalid.bytes + [0x0A] + Array("/p/海.jpg\n".utf8))
    }

    func testNulTermination() {
        let bytes = ResultFormatter.bytes([OutputRecord(path: newline), OutputRecord(path: invalid)],
                                          format: .lines, nulTerminated: true)
        XCTAssertEqual(bytes, newline.bytes + [0] + invalid.bytes + [0])
    }

    func testNothingIsNoBytes() {
        XCTAssertEqual(ResultFormatter.bytes([], format: .json, nulTerminated: false), [])
    }

    func testJSONImage() throws {
        let record = OutputRecord(path: RawPath("/p/a \"b\".png"), kind: .image, mimeType: "image/png", width: 640,
                                  height: 480, byteSize: 12345, modificationTime: 1_764_510_307)
        let line = ResultFormatter.jsonObject(record)
        XCTAssertEqual(line, #"{"path":"/p/a \"b\".png","type":"image","mime":"image/png","width":640,"height":480,"bytes":12345,"mtime":"2025-11-30T13:45:07Z"}"#)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, "/p/a \"b\".png")
        XCTAssertNil(object["duration"], "no duration for images")
    }

    func testJSONVideoHasDuration() throws {
        let record = OutputRecord(path: RawPath("/v.avi"), kind: .video, mimeType: "video/x-msvideo", width: 160,
                                  height: 120, byteSize: 9, duration: 2.0004, modificationTime: 0)
        let object = try parse(ResultFormatter.jsonObject(record))
        XCTAssertEqual(object["duration"] as? Double, 2)
        XCTAssertEqual(object["type"] as? String, "video")
        XCTAssertEqual(object["mtime"] as? String, "1970-01-01T00:00:00Z")
        let unknown = OutputRecord(path: RawPath("/v.avi"), kind: .video, duration: nil)
        XCTAssertTrue(try parse(ResultFormatter.jsonObject(unknown))["duration"] is NSNull)
        XCTAssertEqual(JSONText.number(1.25), "1.25")
    }

    func testJSONUnknownFieldsAreNull() throws {
        let object = try parse(ResultFormatter.jsonObject(OutputRecord(path: RawPath("/x"))))
        for key in ["type", "mime", "width", "height"] { XCTAssertTrue(object[key] is NSNull, key) }
        XCTAssertEqual(object["bytes"] as? Int, 0)
    }

    /// A picture cut short says so, last; a whole one's line is as it was (no key at all).
    func testJSONSaysPartialOfAPictureCutShortOnly() throws {
        var record = OutputRecord(path: RawPath("/dl.png"), kind: .image, mimeType: "image/png", width: 4, height: 2,
                                  byteSize: 9, modificationTime: 0)
        XCTAssertNil(try parse(ResultFormatter.jsonObject(record))["partial"])
        record.partial = true
        let line = ResultFormatter.jsonObject(record)
        XCTAssertTrue(line.hasSuffix(#","mtime":"1970-01-01T00:00:00Z","partial":true}"#), line)
        XCTAssertEqual(try parse(line)["partial"] as? Bool, true)
    }

    func testJSONNonUTF8PathCarriesTheExactBytesInBase64() throws {
        let object = try parse(ResultFormatter.jsonObject(OutputRecord(path: invalid)))
        XCTAssertEqual(object["path"] as? String, "/p/caf\u{FFFD}.jpg")
        let base64 = try XCTUnwrap(object["path_base64"] as? String)
        XCTAssertEqual(Data(base64Encoded: base64).map { Array($0) }, invalid.bytes)
        XCTAssertNil(try parse(ResultFormatter.jsonObject(OutputRecord(path: newline)))["path_base64"])
    }

    func testJSONEscapesControlCharacters() throws {
        let line = ResultFormatter.jsonObject(OutputRecord(path: RawPath("/p/\u{1B}[31mx\ty\n")))
        XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 }, "one line, nothing a terminal interprets")
        XCTAssertTrue(line.contains(#""/p/\u001b[31mx\ty\n""#))
        XCTAssertEqual(try parse(line)["path"] as? String, "/p/\u{1B}[31mx\ty\n")
    }

    func testJSONLinesWithNul() {
        let bytes = ResultFormatter.bytes([OutputRecord(path: RawPath("/a")), OutputRecord(path: RawPath("/b"))],
                                          format: .json, nulTerminated: true)
        XCTAssertEqual(bytes.filter { $0 == 0 }.count, 2)
        XCTAssertFalse(bytes.contains(0x0A))
    }

    func testISO8601() {
        XCTAssertEqual(ISO8601.utc(secondsSince1970: 951_782_400), "2000-02-29T00:00:00Z")
        XCTAssertEqual(ISO8601.utc(secondsSince1970: -1), "1969-12-31T23:59:59Z")
        XCTAssertEqual(ISO8601.utc(secondsSince1970: 4_102_444_800), "2100-01-01T00:00:00Z")
    }

    func testBase64() {
        XCTAssertEqual(Base64.encode(Array("f".utf8)), "Zg==")
        XCTAssertEqual(Base64.encode(Array("fo".utf8)), "Zm8=")
        XCTAssertEqual(Base64.encode(Array("foobar".utf8)), "Zm9vYmFy")
    }

    private func parse(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
