import TerminalUI
import XCTest

/// Detection fed the replies of real terminals: what each says to `TerminalQueries.batch`,
/// parsed and decided. Where each recording comes from is said beside it.
final class TerminalProbeTests: XCTestCase {
    private static let esc = "\u{1B}"

    /// Recorded replies, as the bytes the terminal sent back.
    enum Recording {
        /// Captured here: Debian's xterm 379 (`xterm -ti vt340`) under Xvfb, default resources
        /// (window ops off, so no 14t/16t/18t; XTGETTCAP unanswered for these names).
        static let xtermVT340 = "\(esc)P>|XTerm(379)\(esc)\\\(esc)P1$r0;38:2::1:2:3m\(esc)\\\(esc)[?63;1;2;4;6;9;15;16;22;28c"
        /// Captured here: the same xterm (white, its default background) with the OSC 11 query
        /// in the batch: the colour comes back ended as asked (ST), before DA1.
        static let xtermVT340White = "\(esc)P>|XTerm(379)\(esc)\\\(esc)P1$r0;38:2::1:2:3m\(esc)\\\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\"
            + "\(esc)[?63;1;2;4;6;9;15;16;22;28c"
        /// Captured here: the same xterm without `-ti vt340` (a VT420: no 4 in DA1), TERM=xterm.
        static let xterm = "\(esc)P>|XTerm(379)\(esc)\\\(esc)P1$r0;38:2::1:2:3m\(esc)\\\(esc)[?64;1;2;6;9;15;16;17;18;21;22;28c"
        /// Captured here: tmux 3.3a with allow-passthrough on, inside xterm -ti vt340; every
        /// query wrapped, so the outer xterm answers (tmux no longer swallows DA once attached).
        static let tmuxPassthroughOn = xtermVT340
        /// Captured here: tmux 3.3a with allow-passthrough off: the wrapped queries are dropped.
        static let tmuxPassthroughOff = ""
        /// Captured here: tmux 3.3a answering unwrapped queries itself (its 18t reply swaps
        /// rows and columns: 80 columns, 23 rows arrive as `8;80;23t`).
        static let tmuxItself = "\(esc)P>|tmux 3.3a\(esc)\\\(esc)[8;80;23t\(esc)[?1;2c"
        /// kitty: graphics docs (`i=31;OK`), XTVERSION `kitty(version)`, DA1 `?62;c` (kitty's
        /// source), XTWINOPS and XTGETTCAP answered from its own terminfo (xterm-kitty).
        static let kitty = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|kitty(0.39.1)\(esc)\\\(esc)[6;20;10t\(esc)[4;800;1000t\(esc)[8;40;100t"
            + "\(esc)P1+r636F6C6F7273=323536\(esc)\\\(esc)P1+r524742=382F382F38\(esc)\\\(esc)P0+r5463\(esc)\\"
            + "\(esc)P1$r0;38:2:1:2:3m\(esc)\\\(esc)[?62;c"
        /// WezTerm with its default (kitty graphics off): XTVERSION and DA1 `?65;4;6;18;22c` as
        /// its source and published recordings give them; 16t answered.
        static let wezTerm = "\(esc)[6;19;10t\(esc)P>|WezTerm 20240203-110809-5046fc22\(esc)\\\(esc)[?65;4;6;18;22c"
        /// foot: DA1 `?62;4;22c` (foot's csi.c), XTVERSION `foot(version)`, 14t/18t, XTGETTCAP.
        static let foot = "\(esc)P>|foot(1.16.2)\(esc)\\\(esc)[4;768;1024t\(esc)[8;32;128t\(esc)P1+r524742=382F382F38\(esc)\\"
            + "\(esc)[?62;4;22c"
        /// iTerm2 3.5: DA1 `?62;4c` (sixel), XTVERSION `iTerm2 3.5.0`; no kitty, no 16t.
        static let iTerm2 = "\(esc)P>|iTerm2 3.5.0\(esc)\\\(esc)[?62;4c"
        /// The Linux console: answers DA1 only, as a VT102 (`?6c`).
        static let da1Only = "\(esc)[?6c"
    }

    private func capabilities(_ recording: String, environment: [String: String] = ["TERM": "xterm-256color"],
                              tmuxPassthrough: Bool? = nil) -> TerminalCapabilities {
        let probe = TerminalReplyParser.parse(Array(recording.utf8))
        return TerminalCapabilities.detect(TerminalFacts(environment: environment, probe: probe, tmuxPassthrough: tmuxPassthrough))
    }

    func testKitty() {
        let found = capabilities(Recording.kitty, environment: ["TERM": "xterm-kitty"])
        XCTAssertEqual(found, TerminalCapabilities(colorDepth: .trueColor, graphics: .kitty, cellPixelSize: Size(width: 10, height: 20)))
        let probe = TerminalReplyParser.parse(Array(Recording.kitty.utf8))
        XCTAssertEqual(probe.version, "kitty(0.39.1)")
        XCTAssertEqual(probe.terminfoAnswers, ["colors": "256", "RGB": "8/8/8"])
        XCTAssertEqual(probe.windowPixelSize, Size(width: 1000, height: 800))
        XCTAssertEqual(probe.windowCellSize, Size(width: 100, height: 40))
    }

    func testWezTermGetsITerm2Images() {
        XCTAssertEqual(capabilities(Recording.wezTerm, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .iterm2, cellPixelSize: Size(width: 10, height: 19)))
        XCTAssertEqual(capabilities(Recording.wezTerm).graphics, .iterm2, "XTVERSION alone says WezTerm (over SSH)")
    }

    func testFootGetsSixelAndItsCellFromTheWindow() {
        XCTAssertEqual(capabilities(Recording.foot, environment: ["TERM": "foot"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel, cellPixelSize: Size(width: 8, height: 24)))
    }

    func testXtermAsVT340GetsSixelAndDirectColour() {
        XCTAssertEqual(capabilities(Recording.xtermVT340, environment: ["TERM": "xterm"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel, cellPixelSize: nil))
        XCTAssertEqual(capabilities(Recording.xtermVT340White, environment: ["TERM": "xterm"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel, cellPixelSize: nil,
                                            background: RGB(255, 255, 255)), "its background, from OSC 11")
    }

    func testPlainXtermGetsSymbolsInManyColours() {
        XCTAssertEqual(capabilities(Recording.xterm, environment: ["TERM": "xterm"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .symbols, cellPixelSize: nil))
        // Without the read-back, the peers' rule: a terminal answering as xterm has 256 colours.
        let noReadBack = Recording.xterm.replacingOccurrences(of: "\(Self.esc)P1$r0;38:2::1:2:3m\(Self.esc)\\", with: "")
        XCTAssertEqual(capabilities(noReadBack, environment: ["TERM": "xterm"]).colorDepth, .ansi256)
        // Under curses an 8-colour entry stays the ceiling (the backend opens xterm-256color instead).
        let probe = TerminalReplyParser.parse(Array(noReadBack.utf8))
        XCTAssertEqual(TerminalCapabilities.probedColorDepth(probe), .ansi256)
    }

    func testITerm2() {
        XCTAssertEqual(capabilities(Recording.iTerm2, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]).graphics,
                       .iterm2)
        XCTAssertEqual(capabilities(Recording.iTerm2).graphics, .iterm2, "XTVERSION alone")
    }

    func testTmuxWithPassthroughOnAsksTheTerminalOutside() {
        let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        XCTAssertEqual(capabilities(Recording.tmuxPassthroughOn, environment: tmux, tmuxPassthrough: true),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .sixel, cellPixelSize: nil))
    }

    func testTmuxWithPassthroughOffSaysHowToTurnItOn() {
        let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        XCTAssertEqual(capabilities(Recording.tmuxPassthroughOff, environment: tmux, tmuxPassthrough: false),
                       TerminalCapabilities(colorDepth: .ansi256, graphics: .symbols, hint: TmuxPassthrough.hint))
        XCTAssertNil(capabilities("", environment: tmux, tmuxPassthrough: nil).hint, "tmux did not say: no advice")
        XCTAssertEqual(capabilities(Recording.tmuxItself, environment: tmux, tmuxPassthrough: true).graphics, .symbols,
                       "tmux answering for itself through passthrough: a multiplexer inside a multiplexer")
    }

    func testScreenGetsSymbols() {
        XCTAssertEqual(capabilities(Recording.kitty, environment: ["TERM": "screen-256color", "STY": "1234.pts-0.host"]).graphics,
                       .symbols)
    }

    func testSilenceAndDA1OnlyGetSymbols() {
        XCTAssertEqual(capabilities("", environment: ["TERM": "xterm-256color"]),
                       TerminalCapabilities(colorDepth: .trueColor, graphics: .symbols), "the name alone: chafa's 24-bit colour")
        XCTAssertEqual(capabilities(Recording.da1Only, environment: ["TERM": "linux"]),
                       TerminalCapabilities(colorDepth: .ansi16, graphics: .symbols))
        XCTAssertFalse(TerminalReplyParser.parse([]).isComplete)
        XCTAssertTrue(TerminalReplyParser.parse(Array(Recording.da1Only.utf8)).isComplete)
    }

    func testRequestsWin() {
        let facts = TerminalFacts(environment: ["TERM": "xterm", "MEDIAPICK_GRAPHICS": "kitty"],
                                  probe: TerminalReplyParser.parse(Array(Recording.xtermVT340.utf8)))
        XCTAssertEqual(TerminalCapabilities.detect(facts).graphics, .kitty, "MEDIAPICK_GRAPHICS beats the replies")
        var flagged = facts
        flagged.requestedGraphics = .symbols
        XCTAssertEqual(TerminalCapabilities.detect(flagged).graphics, .symbols, "--graphics beats MEDIAPICK_GRAPHICS")
        var auto = facts
        auto.environment["MEDIAPICK_GRAPHICS"] = "auto"
        XCTAssertEqual(TerminalCapabilities.detect(auto).graphics, .sixel)
        var noColor = facts
        noColor.environment["NO_COLOR"] = "1"
        XCTAssertEqual(TerminalCapabilities.detect(noColor).colorDepth, ColorDepth.none, "NO_COLOR beats the replies")
    }

    func testCellSizeFallsBackToTheTtyPixels() {
        let facts = TerminalFacts(environment: [:], probe: TerminalProbeReplies(deviceAttributes: [62]),
                                  window: TerminalWindowSize(cells: Size(width: 80, height: 24), pixels: Size(width: 720, height: 408)))
        XCTAssertEqual(TerminalCapabilities.detect(facts).cellPixelSize, Size(width: 9, height: 17))
        let zeros = TerminalFacts(environment: [:], window: TerminalWindowSize(cells: Size(width: 80, height: 24), pixels: nil))
        XCTAssertNil(TerminalCapabilities.detect(zeros).cellPixelSize)
    }
}
