import Foundation
import XCTest

/// The harness itself, checked with peers' programs: it sees a picture where one is drawn
/// (chafa's sixel in xterm as a VT340, kitty's icat) and none where the terminal cannot draw it.
final class RealTerminalHarnessTests: XCTestCase {
    func testXtermAsVT340ShowsChafasSixelAndCellArtScoresLower() throws {
        try RealTerminalDisplay.require(["chafa"], packages: "chafa")
        let display = try RealTerminalDisplay()
        let pictures = try RealTerminalPictures()
        let file = MediapickFixtures.quoted(try pictures.write(1, as: "one.png"))
        let source = try XCTUnwrap(pictures.source("one.png"))
        let sixel = try RealTerminal(.xterm(vt340: true), on: display, command: "chafa -f sixel --size 20x8 \(file)")
        XCTAssertEqual(try sixel.waitForExit(), 0)
        var picture = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        try sixel.waitForScreenshot(what: "chafa's sixel picture", describe: { _ in picture.description }) { shot in
            picture = sixel.score(shot, column: 0, row: 0, columns: 20, rows: 8, against: source)
            return picture.ssim > 0.9
        }
        let cells = try RealTerminal(.xterm(vt340: true), on: display, command: "chafa -f symbols --size 20x8 \(file)")
        XCTAssertEqual(try cells.waitForExit(), 0)
        let art = try cells.waitForScore(columns: 20, rows: 8, against: source, over: 0.5, what: "chafa's cell art")
        print("realterm: xterm -ti vt340, chafa 20x8: sixel \(picture); symbols \(art)")
        XCTAssertLessThan(art.ssim, picture.ssim - 0.1, "cell art scores well below a picture")
    }

    func testPlainXtermShowsNoSixelAndNoText() throws {
        try RealTerminalDisplay.require(["chafa"], packages: "chafa")
        let display = try RealTerminalDisplay()
        let pictures = try RealTerminalPictures()
        let file = MediapickFixtures.quoted(try pictures.write(1, as: "one.png"))
        let xterm = try RealTerminal(.xterm(vt340: false), on: display, command: "chafa -f sixel --size 20x8 \(file)")
        XCTAssertEqual(try xterm.waitForExit(), 0)
        let text = try xterm.screenText()
        XCTAssertTrue(text.allSatisfy { $0.allSatisfy(\.isWhitespace) }, "no sixel data shown as text:\n\(text.joined(separator: "\n"))")
        XCTAssertEqual(try xterm.screenshot().countDiffering(from: xterm.kind.background), 0, "nothing drawn")
    }

    func testKittyShowsIcatsPicture() throws {
        let display = try RealTerminalDisplay()
        let pictures = try RealTerminalPictures()
        let file = MediapickFixtures.quoted(try pictures.write(1, as: "one.png"))
        let source = try XCTUnwrap(pictures.source("one.png"))
        // Stream the picture in escape codes: icat's default first asks kitty which transfer it
        // supports and gives up with status 1 when no answer comes in time, which a busy CI
        // machine once caused (the only failure of this test); its stderr goes to a file to say why.
        let errors = pictures.directory + "/icat.err"
        let kitty = try RealTerminal(.kitty, on: display, command: "kitty +kitten icat --transfer-mode=stream --align left \(file) 2>\(MediapickFixtures.quoted(errors))")
        XCTAssertEqual(try kitty.waitForExit(), 0, String(decoding: (try? MediapickFixtures.read(errors)) ?? [], as: UTF8.self))
        var picture = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        try kitty.waitForScreenshot(what: "icat's picture", describe: { _ in picture.description }) { shot in
            picture = kitty.score(shot, column: 0, row: 0, columns: 20, rows: 8, against: source)
            return picture.ssim > 0.9
        }
        print("realterm: kitty (cell \(kitty.cellWidth)x\(kitty.cellHeight)), icat: \(picture)")
        XCTAssertEqual(try XCTUnwrap(picture.bounds), RealTerminalRect(x: 0, y: 0, width: 160, height: 120), "icat draws it 1:1 at the cursor")
    }
}
