import TerminalUI
import XCTest

/// `TerminalCapabilities.detect`: the colour rules, through curses (a terminfo consulted)
/// and for `thumb` (the environment alone).
final class TerminalCapabilitiesTests: XCTestCase {
    /// Under curses: terminfo's `colors` and `RGB`/`Tc`, the environment, the request.
    private func depth(colors: Int, rgb: Bool = false, env: [String: String] = [:], requested: ColorDepth? = nil) -> ColorDepth {
        TerminalCapabilities.detect(TerminalFacts(environment: env, terminfo: TerminfoColors(colors: colors, hasRGBFlag: rgb),
                                                  requestedColorDepth: requested)).colorDepth
    }

    /// For `thumb`: no terminfo.
    private func depth(env: [String: String], requested: ColorDepth? = nil) -> ColorDepth {
        TerminalCapabilities.detect(TerminalFacts(environment: env, requestedColorDepth: requested)).colorDepth
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

    func testWithoutTerminfo() {
        XCTAssertEqual(depth(env: ["NO_COLOR": "1", "COLORTERM": "truecolor"]), ColorDepth.none)
        XCTAssertEqual(depth(env: ["NO_COLOR": "", "COLORTERM": "truecolor"]), .trueColor)
        XCTAssertEqual(depth(env: ["TERM": "xterm-256color"]), .trueColor, "as chafa draws for it")
        XCTAssertEqual(depth(env: ["TERM": "xterm"]), .ansi256, "Debian's xterm shows 256; chafa draws 256")
        XCTAssertEqual(depth(env: ["TERM": "dumb"]), ColorDepth.none)
        XCTAssertEqual(depth(env: ["NO_COLOR": "1"], requested: .ansi256), .ansi256, "a flag beats NO_COLOR")
        XCTAssertEqual(depth(env: ["TERM": "xterm"], requested: .trueColor), .trueColor, "no terminfo to cap it")
        XCTAssertEqual(depth(env: ["TERM": "xterm-direct"]), .trueColor, "as curses does with that entry's RGB flag")
        XCTAssertEqual(depth(env: [:]), .ansi256, "chafa's default")
    }

    /// Without terminfo or replies (a pipe, fzf's preview), terminals by name: never fewer
    /// colours than chafa picks (chafa 1.12's choices for these environments, checked by hand).
    /// Kitty's placeholders carry an id in their colour: NO_COLOR and --colors, which ask for
    /// the picture's colours, used to turn them into 16 colours or none, and so off.
    func testPlaceholderIdsTakeTheTerminalsColoursWhateverThePictureAsks() {
        func depth(_ env: [String: String], requested: ColorDepth? = nil) -> ColorDepth {
            TerminalCapabilities.placeholderColorDepth(TerminalFacts(environment: env, requestedColorDepth: requested))
        }
        XCTAssertEqual(depth(["TERM": "xterm-kitty", "NO_COLOR": "1"]), .trueColor)
        XCTAssertEqual(depth(["TERM": "xterm-kitty"], requested: ColorDepth.none), .trueColor)
        XCTAssertEqual(depth(["TERM": "xterm-kitty"], requested: .ansi16), .trueColor)
        XCTAssertEqual(depth(["TERM": "alacritty", "NO_COLOR": "1"]), .ansi256)
        XCTAssertEqual(depth(["TERM": "linux"]), .ansi256, "ids need 256 colours at least")
    }

    func testTerminalNamesWithoutTerminfo() {
        let expected: [([String: String], ColorDepth)] = [
            (["TERM": "xterm-kitty"], .trueColor), (["TERM": "st-256color"], .trueColor),
            (["TERM": "xterm-direct2"], .trueColor), (["TERM": "alacritty"], .ansi256),
            (["TERM": "foot"], .ansi256), (["TERM": "tmux-256color"], .ansi256),
            (["TERM": "xterm", "VTE_VERSION": "7600"], .trueColor),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .trueColor),
            (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .trueColor),
            (["TERM": "xterm", "KITTY_WINDOW_ID": "1"], .trueColor),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], .ansi256),
            (["TERM": "screen-256color", "COLORTERM": "truecolor"], .ansi256),
            (["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], .trueColor),
            (["TERM": "rxvt-unicode-256color"], .ansi256), (["TERM": "rxvt-unicode"], .ansi16),
            (["TERM": "linux"], .ansi16), (["TERM": "linux", "COLORTERM": "1"], .ansi16),
        ]
        for (environment, depth) in expected {
            XCTAssertEqual(TerminalCapabilities.environmentColorDepth(environment), depth, "\(environment)")
            XCTAssertEqual(self.depth(env: environment), depth, "\(environment)")
        }
    }

    func testWithoutRepliesOnlyColourIsDetected() {
        let capabilities = TerminalCapabilities.detect(TerminalFacts(environment: ["COLORTERM": "truecolor"]))
        XCTAssertEqual(capabilities, TerminalCapabilities(colorDepth: .trueColor, graphics: .symbols, cellPixelSize: nil))
    }
}
