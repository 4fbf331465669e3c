@testable import CursesBackend
import TerminalUI
import XCTest

/// Colour depth from terminfo values and the environment, and the colour numbers sent.
final class ColorDepthTests: XCTestCase {
    private func depth(colors: Int, rgb: Bool = false, env: [String: String] = [:], requested: ColorDepth? = nil) -> ColorDepth {
        ColorDepthDetector(colors: colors, hasRGBCapability: rgb, environment: env).depth(requested: requested)
    }

    func testTerminfoColours() {
        XCTAssertEqual(depth(colors: 0), .none)
        XCTAssertEqual(depth(colors: 8), .ansi8)
        XCTAssertEqual(depth(colors: 16), .ansi16)
        XCTAssertEqual(depth(colors: 256), .ansi256)
        XCTAssertEqual(depth(colors: 1 << 24, rgb: true), .trueColor)
    }

    func testDirectColourNeedsADirectEntry() {
        XCTAssertEqual(depth(colors: 256, env: ["COLORTERM": "truecolor"]), .ansi256,
                       "curses cannot send RGB through a 256-colour entry")
        XCTAssertEqual(depth(colors: 1 << 24, env: ["COLORTERM": "24bit"]), .trueColor)
        XCTAssertEqual(depth(colors: 1 << 24), .ansi256, "2^24 colours without RGB/Tc/COLORTERM: palette")
    }

    func testNoColorAndRequests() {
        XCTAssertEqual(depth(colors: 256, env: ["NO_COLOR": "1"]), .none)
        XCTAssertEqual(depth(colors: 256, env: ["NO_COLOR": ""]), .ansi256, "empty NO_COLOR does not count")
        XCTAssertEqual(depth(colors: 256, env: ["NO_COLOR": "1"], requested: .ansi16), .ansi16, "an explicit request wins")
        XCTAssertEqual(depth(colors: 256, requested: .trueColor), .ansi256, "capped at the terminal")
        XCTAssertEqual(depth(colors: 8, requested: ColorDepth.none), .none, "ColorDepth.none, not Optional.none (= detect)")
    }

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
    }
}
