import TerminalUI
import XCTest

/// Text wrapped into a width: at spaces, by columns (wide characters count two), long words
/// broken between characters.
final class TextFittingTests: XCTestCase {
    func testWrapBreaksAtSpaces() {
        XCTAssertEqual(TextFitting.wrap("not a readable video (ffmpeg found no frame)", to: 20),
                       ["not a readable video", "(ffmpeg found no", "frame)"])
        XCTAssertEqual(TextFitting.wrap("fits whole", to: 10), ["fits whole"])
        XCTAssertEqual(TextFitting.wrap("  spaces   between ", to: 8), ["spaces", "between"])
        XCTAssertEqual(TextFitting.wrap("", to: 8), [])
        XCTAssertEqual(TextFitting.wrap("word", to: 0), [])
    }

    func testWrapCountsColumnsAndBreaksLongWords() {
        XCTAssertEqual(TextFitting.wrap("東京タワー.jpg ok", to: 6), ["東京タ", "ワー.j", "pg ok"])
        XCTAssertEqual(TextFitting.wrap("abcdefgh", to: 3), ["abc", "def", "gh"])
        XCTAssertEqual(TextFitting.wrap("a 東", to: 1), ["a", "東"], "a character wider than the line is not split")
    }

    /// A word broken between lines is broken between escapes (`SafeText.units`), not inside one:
    /// `caf\xc3\xa9` in 6 columns was `caf\xc` and `3\xa9`.
    func testWrapKeepsEscapesWhole() {
        XCTAssertEqual(TextFitting.wrap("caf\\xc3\\xa9", to: 6), ["caf", "\\xc3", "\\xa9"])
        XCTAssertEqual(TextFitting.wrap("x: rtl_\\u{202e}gpj", to: 8), ["x:", "rtl_", "\\u{202e}", "gpj"], "wider than the line: alone, whole")
    }

    /// The start and the end of a text in a width are cut between escapes alike: the search
    /// field's own cut made the end of `a\\ b` in 3 columns `\ b`, a backslash that is no escape.
    func testStartAndEndKeepEscapesWhole() {
        XCTAssertEqual(TextFitting.end(of: "a\\\\ b", width: 3), " b")
        XCTAssertEqual(TextFitting.end(of: "a\\\\ b", width: 4), "\\\\ b")
        XCTAssertEqual(TextFitting.end(of: "x\\u{202e}yz", width: 9), "yz")
        XCTAssertEqual(TextFitting.end(of: "東京タワー", width: 5), "ワー", "a wide character is never split")
        XCTAssertEqual(TextFitting.start(of: "caf\\xc3\\xa9", width: 9), "caf\\xc3")
        XCTAssertEqual(TextFitting.end(of: "abc", width: 0), "")
        XCTAssertEqual(TextFitting.truncate("caf\\xc3\\xa9", to: 9), "caf\\xc3…")
    }
}
