import CCodecs
import Foundation
@testable import MediaDecoding
import Platform
import XCTest

/// A codec library's message becomes one line of an error.
final class CodecMessageTests: XCTestCase {
    func testATrailingNewlineOfTheLibrarysMessageIsDropped() {
        let error = CodecBridge.error(CC_TRUNCATED, "HEIF", "Unexpected end of file (points to file position 356)\n")
        XCTAssertEqual(error.description, "truncated file: HEIF: Unexpected end of file (points to file position 356)")
        XCTAssertEqual(CodecBridge.error(CC_CORRUPT, "GIF", " \n").description, CodecBridge.error(CC_CORRUPT, "GIF", "").description,
                       "a message of white space alone is no message")
    }

    /// `mediapick thumb cut.heic` of a HEIC cut short (heif-enc's, whose 'meta' box comes
    /// first) ended its line with a literal `\n`.
    func testACutHEICSaysWhyInOneLine() throws {
        guard Fixtures.which("heif-enc") != nil else { throw XCTSkip("heif-enc (libheif-examples) is not installed") }
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png"), heic = dir.appendingPathComponent("s.heic")
        try Fixtures.writePNG(Fixtures.picture(width: 64, height: 48), to: source)
        try Fixtures.run("heif-enc", ["-q", "50", source.path, "-o", heic.path])
        let whole = try Fixtures.bytes(heic)
        let cut = dir.appendingPathComponent("cut.heic")
        try Data(whole.dropLast(16)).write(to: cut)  // the end of the image data, after the boxes
        XCTAssertThrowsError(try ImageDecoder.decode(path: RawPath(cut.path))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("truncated file: HEIF: "), text)
            XCTAssertFalse(text.contains("\n"), text)
            XCTAssertFalse(text.last?.isWhitespace ?? true, text)
        }
    }
}
