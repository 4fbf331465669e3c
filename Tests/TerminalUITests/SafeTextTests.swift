import TerminalUI
import XCTest

/// Control characters in names and messages: one escape rule for all of them.
final class SafeTextTests: XCTestCase {
    func testEveryControlCharacterIsEscapedTheSameWay() {
        // The tester's name: BEL was `?` while ESC was `\e`.
        XCTAssertEqual(SafeText.visible("evil\u{1B}]0;PWNED\u{07}\u{1B}[31mred.jpg"), "evil\\e]0;PWNED\\a\\e[31mred.jpg")
        XCTAssertEqual(SafeText.visible("\u{08}\u{09}\u{0A}\u{0B}\u{0C}\u{0D}"), "\\b\\t\\n\\v\\f\\r")
        XCTAssertEqual(SafeText.visible("a\u{01}b\u{7F}c\u{9B}d"), "a\\x01b\\x7fc\\x9bd", "the rest as \\xHH: C0, DEL, C1 (CSI)")
        XCTAssertEqual(SafeText.visible("café ★ plain"), "café ★ plain")
        XCTAssertEqual(SafeText.escape(0xE9), "\\xe9", "a byte that is not text, as the parser shows it")
    }

    /// Format characters were sent as they are (tester's finding 8): `rtl_\u{202E}gpj.exe` showed
    /// as `rtl_gpj.exe` (or, on a bidi terminal, `rtl_exe.jpg`), and `zw\u{200B}j.jpg` as
    /// `zwj.jpg`, each indistinguishable from another file.
    func testInvisibleFormatCharactersAreEscaped() {
        XCTAssertEqual(SafeText.visible("rtl_\u{202E}gpj.exe"), "rtl_\\u{202e}gpj.exe")
        XCTAssertEqual(SafeText.visible("zw\u{200B}j.jpg"), "zw\\u{200b}j.jpg")
        XCTAssertEqual(SafeText.visible("\u{200E}\u{200F}\u{2066}\u{2067}\u{2068}\u{2069}\u{202A}\u{202C}"),
                       "\\u{200e}\\u{200f}\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{202a}\\u{202c}", "bidi marks, isolates, embeddings")
        XCTAssertEqual(SafeText.visible("\u{FEFF}bom\u{AD}\u{2060}\u{2028}\u{2029}"), "\\u{feff}bom\\u{00ad}\\u{2060}\\u{2028}\\u{2029}",
                       "BOM, soft hyphen (not \\xad, which is a byte that is not text), word joiner, line and paragraph separators")
        XCTAssertEqual(SafeText.visible("\u{E0041}tag"), "\\u{e0041}tag", "a tag outside an emoji")
        XCTAssertEqual(SafeText.visible("e\u{200D}x"), "e\\u{200d}x", "a joiner that joins no emoji")
        XCTAssertEqual(SafeText.visible("👨\u{200D}.jpg"), "👨\\u{200d}.jpg", "a joiner at an emoji's end joins nothing")
        XCTAssertEqual(SafeText.escape(0x202E), "\\u{202e}")
    }

    func testEmojiSequencesAreKept() {
        for name in ["flag_🇯🇵_family_👨‍👩‍👧.jpg", "👁️‍🗨️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 scotland", "👍🏽", "1️⃣", "é́́"] {
            XCTAssertEqual(SafeText.visible(name), name)
        }
    }
}
