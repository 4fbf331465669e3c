import TerminalUI
import XCTest

/// Which terminfo entries the curses backend opens for recorded replies
/// (`TerminalCapabilities.terminfoEntries`), and the read-back's form they depend on.
final class TerminfoEntriesTests: XCTestCase {
    private typealias Recording = TerminalProbeTests.Recording

    private func entries(_ recording: String?, _ environment: [String: String], colors: ColorDepth? = nil) -> [String] {
        let probe = recording.map { TerminalReplyParser.parse(Array($0.utf8)) }
        return TerminalCapabilities.terminfoEntries(TerminalFacts(environment: environment, requestedColorDepth: colors, probe: probe))
    }

    func testTheReadBackSaysInWhichFormTheTerminalWritesDirectColour() {
        func syntax(_ reply: String) -> DirectColorSyntax? {
            TerminalReplyParser.parse(Array("\u{1B}P1$r\(reply)\u{1B}\\".utf8)).directColorSyntax
        }
        XCTAssertEqual(syntax("0;38:2::1:2:3m"), .colonsWithColorSpace, "xterm 379")
        XCTAssertEqual(syntax("0;38:2:1:2:3m"), .colons, "kitty")
        XCTAssertEqual(syntax("38:2:0:1:2:3m"), .colonsWithColorSpace, "a colour space named")
        XCTAssertEqual(syntax("38;2;1;2;3m"), .semicolons)
        XCTAssertNil(syntax("0;38;5;16m"), "mapped to the palette")
        XCTAssertNil(syntax("0;38:2::1:2:4m"), "another colour")
        XCTAssertEqual(TerminalReplyParser.parse(Array(Recording.xterm.utf8)).directColorSyntax, .colonsWithColorSpace)
        XCTAssertEqual(TerminalReplyParser.parse(Array(Recording.kitty.utf8)).directColorSyntax, .colons)
        XCTAssertNil(TerminalReplyParser.parse(Array(Recording.foot.utf8)).directColorSyntax, "foot was not recorded answering it")
    }

    func testDebiansXtermIsDrawnThroughTheDirectColourEntry() {
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm"]), ["xterm-direct", "xterm-256color", "xterm"])
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm-256color"]), ["xterm-direct", "xterm-256color"])
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm", "COLORTERM": "truecolor"]), ["xterm-direct", "xterm-256color", "xterm"])
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm"], colors: .trueColor), ["xterm-direct", "xterm-256color", "xterm"])
    }

    func testNoDirectEntryWithoutTheReadBackInItsForm() {
        let noReadBack = Recording.xterm.replacingOccurrences(of: "\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\", with: "")
        XCTAssertEqual(entries(noReadBack, ["TERM": "xterm"]), ["xterm-256color", "xterm"], "the peers' rule: 256")
        let semicolons = Recording.xterm.replacingOccurrences(of: "38:2::1:2:3", with: "38;2;1;2;3")
        XCTAssertEqual(entries(semicolons, ["TERM": "xterm"]), ["xterm-256color", "xterm"], "curses would send colons")
        XCTAssertEqual(entries(Recording.da1Only, ["TERM": "linux"]), ["linux"])
        XCTAssertEqual(entries(nil, ["TERM": "xterm"]), ["xterm"], "not asked")
        XCTAssertEqual(entries(Recording.tmuxPassthroughOff, ["TERM": "xterm"]), ["xterm"], "no answer")
    }

    func testRequestsTmuxAndDirectTermsKeepTheirEntry() {
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm"], colors: .ansi256), ["xterm-256color", "xterm"])
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm"], colors: ColorDepth.none), ["xterm-256color", "xterm"])
        XCTAssertEqual(entries(Recording.tmuxPassthroughOn, ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]),
                       ["tmux-256color"], "the replies are the outer terminal's")
        XCTAssertEqual(entries(Recording.xterm, ["TERM": "xterm-direct"]), ["xterm-direct"])
        XCTAssertEqual(entries(Recording.xterm, [:]), [])
    }
}
