@testable import CursesBackend
import TerminalUI
import XCTest

/// The colour numbers sent to curses for each depth (the depth itself: TerminalCapabilitiesTests).
final class CursesPaletteTests: XCTestCase {
    func testColourNumbers() {
        let palette = CursesPalette(depth: .ansi256, colors: 256, colorPairs: 256, defaultColors: true)
        XCTAssertEqual(palette.number(for: .default, foreground: true), -1)
        XCTAssertEqual(palette.number(for: .indexed(196), foreground: true), 196)
        let noDefaults = CursesPalette(depth: .ansi8, colors: 8, colorPairs: 64, defaultColors: false)
        XCTAssertEqual(noDefaults.number(for: .default, foreground: true), 7)
        XCTAssertEqual(noDefaults.number(for: .default, foreground: false), 0)
        XCTAssertEqual(noDefaults.number(for: .indexed(9), foreground: true), 7, "beyond COLORS: the default")

        let direct = CursesPalette(depth: .trueColor, colors: 1 << 24, colorPairs: 1 << 16, defaultColors: true)
        XCTAssertEqual(direct.number(for: .rgb(RGB(0x12, 0x34, 0x56)), foreground: true), 0x123456)
        XCTAssertEqual(direct.number(for: .indexed(1), foreground: true), 1, "ANSI colours stay ANSI")
        XCTAssertEqual(direct.number(for: .indexed(231), foreground: true), 0xFFFFFF, "cube white as RGB")
        XCTAssertEqual(direct.number(for: .rgb(RGB(0, 0, 0)), foreground: true), 8, "not mistaken for ANSI black")

        // `--colors 256` on a direct-colour entry: palette colours, still sent as RGB.
        let palette256OnDirect = CursesPalette(depth: .ansi256, colors: 1 << 24, colorPairs: 1 << 16, defaultColors: true)
        XCTAssertEqual(palette256OnDirect.number(for: .indexed(196), foreground: true), 0xFF0000, "not blue 196")
        XCTAssertEqual(palette256OnDirect.number(for: .indexed(4), foreground: true), 4)
    }
}
