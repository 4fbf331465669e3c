@testable import MediapickCLI
import CursesBackend
import TerminalUI
import XCTest

/// `--graphics` and `--cell-size` in every mode, and when the terminal is not asked at all.
final class GraphicsOptionTests: XCTestCase {
    func testEveryModeTakesGraphicsAndCellSize() throws {
        for mode in ["pick", "app", "demo"] {
            guard case .pick(let options) = try normalised(ArgumentParser.parse([mode, "--graphics", "sixel", "--cell-size=9x18"])) else {
                return XCTFail(mode)
            }
            XCTAssertEqual(options.graphics, .fixed(.sixel))
            XCTAssertEqual(options.cellPixelSize, Size(width: 9, height: 18))
        }
        guard case .thumb(let thumb) = try ArgumentParser.parse(["thumb", "--graphics=kitty", "a.png"]) else { return XCTFail() }
        XCTAssertEqual(thumb.graphics, .fixed(.kitty))
        XCTAssertEqual(thumb.cellPixelSize, GraphicsChoice.defaultCellPixelSize)
        XCTAssertThrowsError(try ArgumentParser.parse(["--graphics", "png"]))
        XCTAssertThrowsError(try ArgumentParser.parse(["--cell-size", "10"]))
        XCTAssertEqual(GraphicsChoice(argument: "auto"), .auto)
    }

    func testTheEnvironmentCanSpareTheQuestion() {
        XCTAssertFalse(TerminalProbe.shouldAsk(environment: ["TERM": "xterm"], requestedGraphics: .symbols))
        XCTAssertFalse(TerminalProbe.shouldAsk(environment: ["TERM": "xterm", "MEDIAPICK_GRAPHICS": "kitty"], requestedGraphics: nil))
        XCTAssertFalse(TerminalProbe.shouldAsk(environment: ["TERM": "dumb"], requestedGraphics: nil))
        XCTAssertFalse(TerminalProbe.shouldAsk(environment: ["TERM": "screen", "STY": "1.pts"], requestedGraphics: nil))
        XCTAssertFalse(TerminalProbe.shouldAsk(environment: ["TERM": "xterm", "FZF_PREVIEW_COLUMNS": "40"], requestedGraphics: nil))
        XCTAssertTrue(TerminalProbe.shouldAsk(environment: ["TERM": "xterm", "MEDIAPICK_GRAPHICS": "auto"], requestedGraphics: nil))
        let facts = DisplaySettings.terminalFacts(colors: .auto, graphics: .fixed(.symbols), cellPixelSize: Size(width: 7, height: 14),
                                                  environment: ["TERM": "xterm"])
        XCTAssertNil(facts.probe, "nothing asked")
        // The tty's own size (no question) is still read where there is a tty with pixels.
        let cell = facts.window?.cellPixelSize ?? Size(width: 7, height: 14)
        XCTAssertEqual(TerminalCapabilities.detect(facts), TerminalCapabilities(colorDepth: .ansi256, graphics: .symbols,
                                                                                cellPixelSize: cell))
    }

    /// app and demo parse to their own cases; their options are pick's.
    private func normalised(_ invocation: Invocation) -> Invocation {
        switch invocation {
        case .app(let options), .demo(let options): return .pick(options)
        default: return invocation
        }
    }

    /// A bad MEDIAPICK_GRAPHICS is ignored, but said (it was silent, where `--graphics bogus`
    /// is an error); nothing is said where the variable is not read or is fine.
    func testABadGraphicsVariableIsAWarning() {
        XCTAssertEqual(DisplaySettings.graphicsVariableWarning(.auto, environment: ["MEDIAPICK_GRAPHICS": "bogus"]),
                       "invalid value 'bogus' for MEDIAPICK_GRAPHICS, ignored: expected one of auto, kitty, sixel, iterm2, symbols")
        for value in ["kitty", "auto", "symbols", ""] {
            XCTAssertNil(DisplaySettings.graphicsVariableWarning(.auto, environment: ["MEDIAPICK_GRAPHICS": value]), value)
        }
        XCTAssertNil(DisplaySettings.graphicsVariableWarning(.auto, environment: [:]))
        XCTAssertNil(DisplaySettings.graphicsVariableWarning(.fixed(.sixel), environment: ["MEDIAPICK_GRAPHICS": "bogus"]),
                     "--graphics wins; the variable is not read")
    }
}
