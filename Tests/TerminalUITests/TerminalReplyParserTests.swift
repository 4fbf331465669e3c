import TerminalUI
import XCTest

/// The reply parser on what real input looks like: any order, keys typed meanwhile, cut short.
final class TerminalReplyParserTests: XCTestCase {
    private let kitty = Array(TerminalProbeTests.Recording.kitty.utf8)

    func testAnyOrderGivesTheSameReplies() {
        let pieces = ["\u{1B}[?62;c", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}P>|kitty(0.39.1)\u{1B}\\"]
        let forward = TerminalReplyParser.parse(Array(pieces.joined().utf8))
        let backward = TerminalReplyParser.parse(Array(pieces.reversed().joined().utf8))
        XCTAssertEqual(forward, backward)
        XCTAssertEqual(forward.kittyGraphics, true)
        XCTAssertEqual(forward.cellPixelSize, Size(width: 10, height: 20))
    }

    func testKeysAndGarbageBetweenRepliesAreSkipped() {
        let noisy = Array("jk\u{1B}[A\u{1B}]11;rgb:0/0/0\u{07}\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?6x\u{1B}[?62;4;22c q".utf8)
        let replies = TerminalReplyParser.parse(noisy)
        XCTAssertEqual(replies.kittyGraphics, true)
        XCTAssertEqual(replies.deviceAttributes, [62, 4, 22])
        XCTAssertTrue(replies.hasSixel)
    }

    func testEveryPrefixParsesWithoutInventingAnything() {
        let whole = TerminalReplyParser.parse(kitty)
        for end in 0...kitty.count {
            let partial = TerminalReplyParser.parse(Array(kitty[..<end]))
            XCTAssertEqual(partial.isComplete, end == kitty.count, "DA1 is last: complete only at the end (\(end))")
            if let answer = partial.kittyGraphics { XCTAssertEqual(answer, whole.kittyGraphics) }
            if let version = partial.version { XCTAssertEqual(version, whole.version) }
        }
    }

    func testErrorsAndOtherImagesDoNotCount() {
        XCTAssertEqual(TerminalReplyParser.parse(Array("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\".utf8)).kittyGraphics, false)
        XCTAssertNil(TerminalReplyParser.parse(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8)).kittyGraphics, "not our query's id")
        XCTAssertEqual(TerminalReplyParser.parse(Array("\u{1B}P1$r0;38;5;16m\u{1B}\\".utf8)).directColorReadBack, false,
                       "mapped to the palette")
        XCTAssertEqual(TerminalReplyParser.parse(Array("\u{1B}P1$r38;2;1;2;3m\u{1B}\\".utf8)).directColorReadBack, true)
        XCTAssertEqual(TerminalReplyParser.parse(Array("\u{1B}P0+r5463\u{1B}\\".utf8)).terminfoAnswers, [:])
        XCTAssertNil(TerminalReplyParser.parse(Array("\u{1B}[6;0;10t".utf8)).cellPixelSize, "a zero size is no size")
    }

    /// OSC 11's reply, the terminal's background: ended by ST or BEL, 1 to 4 hex digits a
    /// channel scaled to 8 bits (as XParseColor), `rgba:` with its alpha ignored; anything
    /// else, another OSC, or a reply cut short says nothing.
    func testTheBackgroundColourIsReadFromTheOSC11Reply() {
        func background(_ text: String) -> RGB? { TerminalReplyParser.parse(Array(text.utf8)).backgroundColor }
        XCTAssertEqual(background("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"), RGB(255, 255, 255))
        XCTAssertEqual(background("\u{1B}]11;rgb:2020/8080/fefe\u{07}"), RGB(0x20, 0x80, 0xFE))
        XCTAssertEqual(background("\u{1B}]11;rgb:ff/80/0\u{07}"), RGB(255, 128, 0), "2 digits, and 1: 0")
        XCTAssertEqual(background("\u{1B}]11;rgb:f/8/1\u{07}"), RGB(255, 136, 17), "1 digit: n * 255 / 15")
        XCTAssertEqual(background("\u{1B}]11;rgb:800/fff/000\u{07}"), RGB(128, 255, 0), "3 digits")
        XCTAssertEqual(background("\u{1B}]11;rgba:0000/0000/ffff/c8c8\u{1B}\\"), RGB(0, 0, 255))
        XCTAssertNil(background("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}"), "the foreground")
        XCTAssertNil(background("\u{1B}]11;rgb:ffff/ffff\u{07}"))
        XCTAssertNil(background("\u{1B}]11;rgb:fffff/0/0\u{07}"))
        XCTAssertNil(background("\u{1B}]11;#ffffff\u{07}"))
        XCTAssertNil(background("\u{1B}]11;rgb:ffff/ffff/ff"), "cut short")
        let xterm = TerminalReplyParser.parse(Array((TerminalProbeTests.Recording.xtermVT340White).utf8))
        XCTAssertEqual(xterm.backgroundColor, RGB(255, 255, 255))
        XCTAssertTrue(xterm.isComplete)
        XCTAssertNil(TerminalReplyParser.parse(Array(TerminalProbeTests.Recording.kitty.utf8)).backgroundColor)
    }

    func testTheBatchEndsWithDeviceAttributes() {
        let batch = TerminalQueries.batch(throughTmux: false)
        XCTAssertTrue(batch.starts(with: TerminalQueries.kittyGraphics))
        XCTAssertTrue(batch.reversed().starts(with: (TerminalQueries.backgroundColor + TerminalQueries.deviceAttributes).reversed()),
                      "the background asked just before the device attributes, whose reply ends the wait")
        XCTAssertTrue(String(decoding: batch, as: UTF8.self).contains("\u{1B}P+q636F6C6F7273\u{1B}\\"), "colors, in hex")
    }

    func testTmuxPassthroughDoublesEveryEscape() {
        XCTAssertEqual(TmuxPassthrough.wrap(Array("\u{1B}[c".utf8)), Array("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8))
        XCTAssertEqual(TmuxPassthrough.wrap([]), Array("\u{1B}Ptmux;\u{1B}\\".utf8))
        let wrapped = TerminalQueries.batch(throughTmux: true)
        // Undoing the wrapping gives the plain batch back.
        var unwrapped: [UInt8] = []
        var index = 0
        let opener = Array("\u{1B}Ptmux;".utf8)
        while index < wrapped.count {
            XCTAssertTrue(wrapped[index...].starts(with: opener))
            index += opener.count
            while !(wrapped[index] == 0x1B && wrapped[index + 1] == UInt8(ascii: "\\")) {
                if wrapped[index] == 0x1B { XCTAssertEqual(wrapped[index + 1], 0x1B); index += 1 }
                unwrapped.append(wrapped[index])
                index += 1
            }
            index += 2
        }
        XCTAssertEqual(unwrapped, TerminalQueries.batch(throughTmux: false))
    }
}
