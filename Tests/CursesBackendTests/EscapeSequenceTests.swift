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
        XCTAssertEqual(decode("[<0;30M"), .ignored, "an SGR mouse report without its row")
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

/// Replies a terminal sends to the probe's queries after the probe stopped waiting (a slow SSH
/// link, a terminal still starting) arrive as input: control strings that must not be keys.
final class LateReplyTests: XCTestCase {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testControlStringsOfRepliesAreRecognised() {
        for introducer in ["P", "_", "]", "^", "X"] {
            XCTAssertTrue(InputDecoder.stringIntroducers.contains(scalars(introducer)[0]), introducer)
        }
        XCTAssertFalse(InputDecoder.stringIntroducers.contains(scalars("[")[0]), "CSI is a sequence, not a string")
        XCTAssertFalse(InputDecoder.stringIntroducers.contains(scalars("O")[0]))
    }

    func testAStringEndsWithSTOrBEL() {
        XCTAssertTrue(InputDecoder.controlStringIsComplete(scalars(">|kitty(0.26.5)\u{1B}\\")), "XTVERSION's DCS, after `ESC P`")
        XCTAssertTrue(InputDecoder.controlStringIsComplete(scalars("Gi=31;OK\u{1B}\\")), "the kitty graphics reply, after `ESC _`")
        XCTAssertTrue(InputDecoder.controlStringIsComplete(scalars("11;rgb:0000/0000/0000\u{07}")), "an OSC reply ended by BEL")
        XCTAssertFalse(InputDecoder.controlStringIsComplete(scalars(">|kitty(0.26.5)\u{1B}")), "ST not whole yet")
        XCTAssertFalse(InputDecoder.controlStringIsComplete(scalars("Gi=31;OK")))
        XCTAssertFalse(InputDecoder.controlStringIsComplete(scalars("\\")), "a backslash alone is text")
    }
}
