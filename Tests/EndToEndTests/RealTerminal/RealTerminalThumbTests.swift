import Foundation
import XCTest

/// `mediapick thumb --graphics auto` in real terminals: a picture where the terminal can draw
/// one (xterm as a VT340, kitty), cell art and nothing else where it cannot (plain xterm).
final class RealTerminalThumbTests: XCTestCase {
    func testThumbShowsAPictureInXtermAsVT340() throws {
        try thumbShowsAPicture(in: .xterm(vt340: true))
    }

    func testThumbShowsAPictureInKitty() throws {
        try thumbShowsAPicture(in: .kitty)
    }

    /// Needs no graphics renderer: plain xterm must get cell art, and no sixel text, today and after.
    func testThumbPrintsCellArtAndNoGarbageInPlainXterm() throws {
        let display = try RealTerminalDisplay()
        let pictures = try RealTerminalPictures()
        let file = MediapickFixtures.quoted(try pictures.write(1, as: "one.png"))
        let source = try XCTUnwrap(pictures.source("one.png"))
        let xterm = try RealTerminal(.xterm(vt340: false), on: display,
                                     command: "\(try RealTerminalMediapick.binary()) thumb --graphics auto --size 20x8 \(file)")
        XCTAssertEqual(try xterm.waitForExit(), 0)
        let art = try xterm.waitForScore(columns: 20, rows: 8, against: source, over: 0.5, what: "mediapick's cell art")
        print("realterm: plain xterm, mediapick thumb --graphics auto 20x8 (cell art): \(art)")
        let text = try xterm.screenText()
        let stray = text.joined().unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }
        XCTAssertTrue(stray.isEmpty, "only symbols, no text (a sixel or kitty command shown as text):\n\(text.joined(separator: "\n"))")
    }

    private func thumbShowsAPicture(in kind: RealTerminalKind) throws {
        let pictures = try RealTerminalPictures()
        try RealTerminalMediapick.requireGraphicsRenderers(pictures)
        let display = try RealTerminalDisplay()
        let file = MediapickFixtures.quoted(try pictures.write(1, as: "one.png"))
        let source = try XCTUnwrap(pictures.source("one.png"))
        let mediapick = try RealTerminalMediapick.binary()
        // The shell's next output goes below the picture, not over it.
        let terminal = try RealTerminal(kind, on: display, command: "\(mediapick) thumb --graphics auto --size 20x8 \(file) && echo next-line")
        XCTAssertEqual(try terminal.waitForExit(), 0)
        let text = try terminal.screenText()
        let nextLine = try XCTUnwrap(text.firstIndex { $0.contains("next-line") }, "the echo's line:\n\(text.joined(separator: "\n"))")
        var picture = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        try terminal.waitForScreenshot(what: "mediapick's picture", describe: { _ in picture.description }) { shot in
            // Above the echo's line: the picture whole there (shape and score below) means the
            // line did not go over it.
            picture = terminal.score(shot, column: 0, row: 0, columns: 20, rows: min(8, nextLine), against: source)
            return picture.ssim > 0.9
        }
        let cells = try RealTerminal(kind, on: display, command: "\(mediapick) thumb --graphics symbols --size 20x8 \(file)")
        XCTAssertEqual(try cells.waitForExit(), 0)
        let art = try cells.waitForScore(columns: 20, rows: 8, against: source, over: 0.5, what: "mediapick's cell art")
        print("realterm: \(kind), mediapick thumb 20x8: auto \(picture); symbols \(art)")
        XCTAssertGreaterThan(picture.ssim, art.ssim + 0.1, "a picture, well above what cell art reaches")
        XCTAssertEqual(try XCTUnwrap(picture.bounds).aspect, 160.0 / 120, accuracy: 0.1, "the picture keeps its shape")
        let rows = (try XCTUnwrap(picture.bounds).y + picture.bounds!.height + terminal.cellHeight - 1) / terminal.cellHeight
        XCTAssertEqual(nextLine, rows, "the next line is the row right below the picture's last")
    }
}
