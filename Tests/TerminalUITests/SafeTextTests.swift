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
}
