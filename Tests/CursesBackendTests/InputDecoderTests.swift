@testable import CursesBackend
import TerminalUI
import XCTest

/// The key table: what each `wget_wch` result becomes. Key codes are ncurses' fixed values
/// (curses.h), written out so the test needs no terminal and no C module.
final class InputDecoderTests: XCTestCase {
    func testControlBytesInRawMode() {
        XCTAssertEqual(InputDecoder.decode(character: 3), .event(.interrupt))
        XCTAssertEqual(InputDecoder.decode(character: 26), .suspend)
        XCTAssertEqual(InputDecoder.decode(character: 1), .event(.key(.control("a"))))
        XCTAssertEqual(InputDecoder.decode(character: 25), .event(.key(.control("y"))))
        XCTAssertEqual(InputDecoder.decode(character: 9), .event(.key(.tab)))
        XCTAssertEqual(InputDecoder.decode(character: 10), .event(.key(.enter)))
        XCTAssertEqual(InputDecoder.decode(character: 13), .event(.key(.enter)))
        XCTAssertEqual(InputDecoder.decode(character: 8), .event(.key(.backspace)))
        XCTAssertEqual(InputDecoder.decode(character: 127), .event(.key(.backspace)))
        XCTAssertEqual(InputDecoder.decode(character: 27), .event(.key(.escape)))
        XCTAssertEqual(InputDecoder.decode(character: 28), .ignored)
        XCTAssertEqual(InputDecoder.decode(character: 0x85), .ignored)
    }

    func testPrintableUnicode() {
        XCTAssertEqual(InputDecoder.decode(character: 0x71), .event(.key(.character("q"))))
        XCTAssertEqual(InputDecoder.decode(character: 0x20), .event(.key(.character(" "))))
        XCTAssertEqual(InputDecoder.decode(character: 0x5199), .event(.key(.character("写"))))
        XCTAssertEqual(InputDecoder.decode(character: 0x1F600), .event(.key(.character("😀"))))
        XCTAssertEqual(InputDecoder.decode(character: 0xD800), .ignored, "a lone surrogate is no character")
    }

    func testKeyCodes() {
        let table: [(Int32, Key)] = [
            (0o403, .up), (0o402, .down), (0o404, .left), (0o405, .right),
            (0o406, .home), (0o550, .end), (0o523, .pageUp), (0o522, .pageDown),
            (0o407, .backspace), (0o512, .delete), (0o513, .insert), (0o527, .enter), (0o541, .backTab),
            (0o410 + 1, .function(1)), (0o410 + 12, .function(12)),
        ]
        for (code, key) in table {
            XCTAssertEqual(InputDecoder.decode(keyCode: code), .event(.key(key)), "key code \(String(code, radix: 8))")
        }
        XCTAssertEqual(InputDecoder.decode(keyCode: 0o632), .resize)
        XCTAssertEqual(InputDecoder.decode(keyCode: 0o631), .mouse)
        XCTAssertEqual(InputDecoder.decode(keyCode: 0o410 + 13), .ignored, "F13 is not an event")
    }

    /// Alt+key arrives as ESC and the key in one read. It used to be Esc and then the key,
    /// which cancelled the picker (exit 1) and lost a multi-selection; fzf ignores it.
    func testAltChordIsIgnoredNotEscape() {
        let ignored = (DecodedInput.ignored, false)
        for letter in ["x", "j", "q", " ", "é"] {
            let result = InputDecoder.decode(afterEscape: .character(letter.unicodeScalars.first!.value))
            XCTAssertTrue(result == ignored, "Alt-\(letter): \(result)")
        }
        let enter = InputDecoder.decode(afterEscape: .character(13))
        XCTAssertTrue(enter == ignored, "Alt-Enter: \(enter)")
        let altUp = InputDecoder.decode(afterEscape: .keyCode(0o403))
        XCTAssertTrue(altUp == ignored, "Alt-Up (ESC, then the arrow's sequence): \(altUp)")
    }

    func testALoneEscIsStillEscape() {
        let result = InputDecoder.decode(afterEscape: .nothing)
        XCTAssertTrue(result == (.event(.key(.escape)), false), "\(result)")
    }

    /// What is its own input is not swallowed with the ESC: Esc twice, Ctrl-C, Ctrl-Z, a resize
    /// or a mouse report right behind a lone Esc.
    func testEscapeFollowedByItsOwnInputPutsItBack() {
        for next: InputDecoder.AfterEscape in [.character(27), .character(3), .character(26), .keyCode(0o632), .keyCode(0o631)] {
            let result = InputDecoder.decode(afterEscape: next)
            XCTAssertTrue(result == (.event(.key(.escape)), true), "\(next): \(result)")
        }
    }

    /// A bracketed paste's text (MediapickPasteTests drives the whole paste through tmux).
    func testThePastesTextHasNoControlCharacters() {
        XCTAssertEqual(BracketedPaste.text("a\r\nb\tc\u{1B}d".unicodeScalars.map(\.value)), "a  b c d")
        XCTAssertTrue(BracketedPaste.isEnded("xy\u{1B}[201~".unicodeScalars.map(\.value)))
        XCTAssertFalse(BracketedPaste.isEnded("xy\u{1B}[201".unicodeScalars.map(\.value)))
    }
}
