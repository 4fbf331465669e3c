@testable import CursesBackend
import TerminalUI
import XCTest

/// SGR mouse reports (`ESC [ < b ; x ; y M/m`), which the backend turns on itself: where
/// terminfo's `kmous` is X10's `\E[M` (tmux-256color, screen-256color) curses does not read
/// them, and they reach `InputDecoder.decode(escapeTail:)`. X10 could not carry a column above
/// 223: a click at column 290 of a 300-column tmux picked the tile at column 223.
final class SGRMouseTests: XCTestCase {
    private func decode(_ tail: String) -> DecodedInput {
        InputDecoder.decode(escapeTail: tail.unicodeScalars.map(\.value))
    }

    private func mouse(_ kind: MouseEvent.Kind, x: Int, y: Int) -> DecodedInput {
        .event(.mouse(MouseEvent(kind: kind, position: Point(x: x, y: y))))
    }

    func testClicksBeyondColumn223AreWhereThePointerIs() {
        XCTAssertEqual(decode("[<0;290;6M"), mouse(.press(.left), x: 289, y: 5))
        XCTAssertEqual(decode("[<0;290;6m"), mouse(.release(.left), x: 289, y: 5))
        XCTAssertEqual(decode("[<0;1000;300M"), mouse(.press(.left), x: 999, y: 299))
        XCTAssertEqual(decode("[<0;1;1M"), mouse(.press(.left), x: 0, y: 0))
    }

    func testButtonsWheelAndModifiers() {
        XCTAssertEqual(decode("[<1;5;6M"), mouse(.press(.middle), x: 4, y: 5))
        XCTAssertEqual(decode("[<2;5;6m"), mouse(.release(.right), x: 4, y: 5))
        XCTAssertEqual(decode("[<64;5;6M"), mouse(.wheelUp, x: 4, y: 5))
        XCTAssertEqual(decode("[<65;5;6M"), mouse(.wheelDown, x: 4, y: 5))
        XCTAssertEqual(decode("[<16;5;6M"), mouse(.press(.left), x: 4, y: 5), "Ctrl-click is a click")
        XCTAssertEqual(decode("[<4;5;6M"), mouse(.press(.left), x: 4, y: 5), "Shift-click is a click")
    }

    func testMotionAndUnusedButtonsAreIgnored() {
        XCTAssertEqual(decode("[<35;5;6M"), .ignored, "motion with no button (any-event tracking)")
        XCTAssertEqual(decode("[<32;5;6M"), .ignored, "a drag")
        XCTAssertEqual(decode("[<66;5;6M"), .ignored, "the horizontal wheel")
        XCTAssertEqual(decode("[<3;5;6M"), .ignored)
    }

    func testMalformedReportsAreNoEvent() {
        for tail in ["[<0;5M", "[<0;5;6;7M", "[<;5;6M", "[<0;0;6M", "[<0;5;0M", "[<a;5;6M", "[<0;5;6~", "[0;5;6M", "[<0;9999999;6M"] {
            XCTAssertEqual(decode(tail), .ignored, tail)
        }
    }

    func testTheModeIsTurnedOnAndOffAsXtermNamesIt() {
        XCTAssertEqual(String(decoding: SGRMouse.on, as: UTF8.self), "\u{1B}[?1006h")
        XCTAssertEqual(String(decoding: SGRMouse.off, as: UTF8.self), "\u{1B}[?1006l")
    }
}
