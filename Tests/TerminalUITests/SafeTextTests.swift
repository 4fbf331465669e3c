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

    /// In a locale that is not UTF-8 (LC_ALL=C over SSH) curses sent `café.png` as the Latin-1
    /// `caf\xe9.png`, which a UTF-8 terminal showed as `caf.png` (the status line `caf .png`,
    /// the same as the real `caf .png`), and `bad\xff.jpg` as `bad .jpg`. There the name is
    /// shown in ASCII, each byte outside ASCII as `\xHH`.
    func testANonUTF8LocaleShowsEachByteOutsideASCII() {
        XCTAssertEqual(SafeText.visible("café.png", charset: .ascii), "caf\\xc3\\xa9.png")
        XCTAssertNotEqual(SafeText.visible("café.png", charset: .ascii), SafeText.visible("caf .png", charset: .ascii))
        XCTAssertEqual(SafeText.visible("caf .png", charset: .ascii), "caf .png")
        XCTAssertEqual(SafeText.visible("写真.png", charset: .ascii), "\\xe5\\x86\\x99\\xe7\\x9c\\x9f.png")
        XCTAssertEqual(SafeText.visible(bytes: Array("bad".utf8) + [0xFF] + Array(".jpg".utf8), charset: .ascii),
                       "bad\\xff.jpg", "a byte that is not UTF-8 as itself, not as U+FFFD's bytes")
        XCTAssertEqual(SafeText.visible("e\u{1B}[1m\u{7F}\u{9B}\u{202E}", charset: .ascii), "e\\e[1m\\x7f\\xc2\\x9b\\xe2\\x80\\xae",
                       "controls keep their C escapes; a C1 control and a format character are their bytes too")
        XCTAssertEqual(SafeText.visible("plain ascii ~", charset: .ascii), "plain ascii ~")
        for name in ["café.png", "写真.png", "evil\u{1B}[31m", "rtl_\u{202E}gpj.exe", "👨‍👩‍👧", "back\\slash"] {
            XCTAssertTrue(SafeText.visible(name, charset: .ascii).utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, name)
            XCTAssertEqual(SafeText.terminalSafe(SafeText.visible(name, charset: .ascii), charset: .ascii),
                           SafeText.visible(name, charset: .ascii), "the screen's safety net leaves a name made visible as it is")
        }
    }

    /// A UTF-8 locale is as before: `visible(bytes:)` is the text the bytes decode to.
    func testUTF8LocaleIsUnchanged() {
        XCTAssertEqual(SafeText.visible("café.png", charset: .unicode), "café.png")
        XCTAssertEqual(SafeText.visible(bytes: [0x62, 0xFF, 0x1B], charset: .unicode), "b\u{FFFD}\\e")
    }

    /// A backslash in a name was shown as it is, so `a\xC3b.png` spelt with a backslash read
    /// the same as `a<0xC3>b.png` in the C locale (and `a\eb.png` as `a<ESC>b.png` in any):
    /// a backslash is `\\`, as `ls -b` shows it, and every backslash on the screen starts an
    /// escape.
    func testABackslashIsEscapedSoNoNameReadsAsAnother() {
        let spelt = Array("a\\xC3b.png".utf8), byte = Array("a".utf8) + [0xC3] + Array("b.png".utf8)
        XCTAssertEqual(SafeText.visible(bytes: spelt, charset: .ascii), "a\\\\xC3b.png")
        XCTAssertEqual(SafeText.visible(bytes: byte, charset: .ascii), "a\\xc3b.png")
        XCTAssertEqual(SafeText.visible("a\\eb.png", charset: .unicode), "a\\\\eb.png")
        XCTAssertEqual(SafeText.visible("a\u{1B}b.png", charset: .unicode), "a\\eb.png")
        XCTAssertEqual(SafeText.visible("\\", charset: .unicode), "\\\\")
        XCTAssertEqual(SafeText.visible("x\\\\y", charset: .ascii), "x\\\\\\\\y", "each backslash doubled")
    }

    /// What the screen and messages apply to text that holds names already made visible (and
    /// to the program's own): controls escaped, a backslash kept, so a name is escaped once.
    func testTheSafetyNetDoesNotEscapeANameAgain() {
        for charset: SafeText.Charset in [.unicode, .ascii] {
            for name in ["a\\xC3b.png", "a\u{1B}b\u{202E}.png", "café \\ 写真.png", "plain.png"] {
                let shown = SafeText.visible(name, charset: charset)
                XCTAssertEqual(SafeText.terminalSafe(shown, charset: charset), shown, name)
                XCTAssertEqual(SafeText.terminalSafe("cannot read " + shown + ": gone", charset: charset),
                               "cannot read " + shown + ": gone", "once, inside a message")
            }
        }
        XCTAssertEqual(SafeText.terminalSafe("raw\u{1B}[2J\\n", charset: .unicode), "raw\\e[2J\\n", "controls still escaped; the backslash kept")
        XCTAssertEqual(SafeText.terminalSafe("é…", charset: .ascii), "\\xc3\\xa9\\xe2\\x80\\xa6")
    }

    /// The pieces truncation keeps whole: every escape `visible` writes is one.
    func testEscapesAreUnits() {
        XCTAssertEqual(SafeText.units("a\\xc3\\\\b\\e\\u{202e}é"), ["a", "\\xc3", "\\\\", "b", "\\e", "\\u{202e}", "é"])
        XCTAssertEqual(SafeText.units("\\x4\\q\\u{zz}\\"), ["\\", "x", "4", "\\", "q", "\\", "u", "{", "z", "z", "}", "\\"],
                       "a backslash that starts no escape is a piece alone")
        let name = "\u{1B}caf\u{E9}\\\u{202E}.\u{FF}写真👨‍👩‍👧"
        for charset: SafeText.Charset in [.unicode, .ascii] {
            let shown = SafeText.visible(name, charset: charset)
            XCTAssertEqual(SafeText.units(shown).joined(), shown)
            XCTAssertTrue(SafeText.units(shown).allSatisfy { $0.first != "\\" || $0.count > 1 }, "every backslash starts an escape: \(shown)")
        }
    }
}
