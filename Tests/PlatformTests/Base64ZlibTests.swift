import Platform
import XCTest

/// Base64 against RFC 4648's vectors, and zlib streams inflated back.
final class Base64ZlibTests: XCTestCase {
    func testBase64EncodesTheRFC4648Vectors() {
        // RFC 4648 section 10.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encodedString(Array(plain.utf8)), encoded, plain)
            XCTAssertEqual(Base64.decode(encoded), Array(plain.utf8), encoded)
            XCTAssertEqual(Base64.encodedCount(plain.utf8.count), encoded.count)
        }
    }

    func testBase64UsesTheWholeAlphabetAndRoundTripsEveryByte() {
        let bytes = (0..<768).map { UInt8($0 % 256) } + [0xFB, 0xFF, 0xBF]
        let text = Base64.encodedString(bytes)
        XCTAssertTrue(text.contains("+") && text.contains("/"), "the standard alphabet, not the URL-safe one")
        XCTAssertEqual(Base64.encodedString([0xFB, 0xFF, 0xBF]), "+/+/")
        XCTAssertEqual(Base64.decode(text), bytes)
    }

    func testBase64RejectsWhatIsNotPaddedBase64() {
        for bad in ["Zg=", "Zm9v!A==", "Z===", "Zg==Zg==", "-_8="] { XCTAssertNil(Base64.decode(bad), bad) }
    }

    func testZlibRoundTripsAndRefusesCorruptOrOversizedStreams() throws {
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        for level in [0, 1, 6, 9] {
            let stream = Zlib.compress(bytes, level: level)
            XCTAssertEqual(stream.first, 0x78, "a zlib header (RFC 1950), not raw deflate")
            XCTAssertEqual(Zlib.uncompress(stream, limit: bytes.count), bytes, "level \(level)")
        }
        let stream = Zlib.compress(bytes)
        XCTAssertLessThan(stream.count, bytes.count / 10)
        XCTAssertNil(Zlib.uncompress(stream, limit: bytes.count - 1), "more than the limit")
        var corrupt = stream
        corrupt[corrupt.count / 2] ^= 0xFF
        XCTAssertNil(Zlib.uncompress(corrupt, limit: bytes.count))
        XCTAssertEqual(Zlib.uncompress(Zlib.compress([]), limit: 0), [])
    }
}
