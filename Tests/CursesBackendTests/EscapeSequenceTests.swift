@testable import CursesBackend
import TerminalUI
import XCTest

/// Escape sequences curses did not recognise (TERM names another terminal than the one in
/// use, e.g. TERM=xterm-256color inside tmux sending `ESC [4~` for End) arrive as ESC and
/// then bytes; they used to be read as Esc, which cancelled the picker.
final class EscapeSequenceTests: XCTestCase {
    private func decode(_ tail: String) -> DecodedInput {
        InputDecoder.decode(escapeTail: tail.unicodeScalars.map(\.value))
    }

    func testCommonKeysInBothEncodings() {
        XCTAssertEqual(decode("[4~"), .event(.key(.end)))
        XCTAssertEqual(decode("[8~"), .event(.key(.end)))
        XCTAssertEqual(decode("[F"), .event(.key(.end)))
        XCTAssertEqual(decode("OF"), .event(.key(.end)))
        XCTAssertEqual(decode("[1~"), .event(.key(.home)))
        XCTAssertEqual(decode("[H"), .event(.key(.home)))
        XCTAssertEqual(decode("OH"), .event(.key(.home)))
        XCTAssertEqual(decode("[5~"), .event(.key(.pageUp)))
        XCTAssertEqual(decode("[6~"), .event(.key(.pageDown)))
        XCTAssertEqual(decode("[A"), .event(.key(.up)))
        XCTAssertEqual(decode("OB"), .event(.key(.down)))
        XCTAssertEqual(decode("[C"), .event(.key(.right)))
        XCTAssertEqual(decode("OD"), .event(.key(.left)))
        XCTAssertEqual(decode("[3~"), .event(.key(.delete)))
        XCTAssertEqual(decode("[Z"), .event(.key(.backTab)))
    }

    func testUnknownSequencesAreIgnoredNotEscape() {
        XCTAssertEqual(decode("[<0;30;8M"), .ignored, "an SGR mouse report curses was not told about")
        XCTAssertEqual(decode("[15;5~"), .ignored)
        XCTAssertEqual(decode("OP"), .ignored)
    }

    func testSequenceLengthIsFoundFromItsFinalByte() {
        XCTAssertEqual(InputDecoder.escapeTailIsComplete("[".unicodeScalars.map(\.value)), false)
        XCTAssertEqual(InputDecoder.escapeTailIsComplete("[1".unicodeScalars.map(\.value)), false)
        XCTAssertEqual(InputDecoder.escapeTailIsComplete("[1~".unicodeScalars.map(\.value)), true)
        XCTAssertEqual(InputDecoder.escapeTailIsComplete("O".unicodeScalars.map(\.value)), false)
        XCTAssertEqual(InputDecoder.escapeTailIsComplete("OF".unicodeScalars.map(\.value)), true)
    }
}
