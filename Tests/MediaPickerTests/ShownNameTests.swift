import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// Names on the sheet in the C locale, where the screen shows ASCII alone (`SafeText.screenCharset`
/// `.ascii`, as `mediapick`'s main sets it there): through the drawn screen, so that what the
/// screen buffer does to the text counts too.
@MainActor
final class ShownNameTests: XCTestCase {
    override func setUp() { SafeText.screenCharset = .ascii }
    override func tearDown() { SafeText.screenCharset = .unicode }

    /// `a\xC3b.png`, spelt with a backslash, read on the screen exactly as `a<0xC3>b.png`: the
    /// backslash is `\\` (once: the screen buffer does not escape it again).
    func testABackslashNameAndAByteNameReadApart() async {
        let h = await PickerHarness(names: [], prepare: { folder in
            folder.write(RawPath(bytes: Array("a\\xC3b.png".utf8)))
            folder.write(RawPath(bytes: Array("a".utf8) + [0xC3] + Array("b.png".utf8)))
        })
        let screen = await h.settle()
        XCTAssertTrue(screen.text.contains(" a\\\\xC3b.png"), screen.text)
        XCTAssertTrue(screen.text.contains(" a\\xc3b.png"), screen.text)
        XCTAssertFalse(screen.text.contains("\\\\\\\\"), "escaped once\n\(screen.text)")
    }

    /// A caption shortened in the middle cut escapes in two (`caf\xc3\…xc3\xa9`,
    /// `holiday-…3\xa9-1`, and `caf\xc3\…\xa9.png` on the line that names the focused file):
    /// every backslash on the screen starts a whole escape.
    func testShortenedCaptionsKeepEscapesWhole() async {
        let names = ["holiday-\u{E9}t\u{E9}-\u{E0}-la-plage-\u{E9}t\u{E9}-1.png", "caf\u{E9}-cr\u{E8}me-br\u{FB}l\u{E9}e-\u{E9}t\u{E9}.png"]
        let h = await PickerHarness(names: names, size: Size(width: 60, height: 16))
        let screen = await h.settle()
        let lines = screen.text.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("…") && $0.contains("\\x") }, "a shortened name with escapes\n\(screen.text)")
        for line in lines {
            let whole = line.replacing(#/\\(x[0-9a-f]{2}|[\\abtnvfre]|u\{[0-9a-f]+\})/#, with: "")
            XCTAssertFalse(whole.contains("\\"), "an escape cut in two: \(line)\n\(screen.text)")
        }
    }
}
