import Foundation
import XCTest

/// Issue 14 §2: Debian's xterm with its defaults says TERM=xterm (8 colours in terminfo) but
/// shows 256 and 24-bit colour; the picker's cell art there must score at least what chafa's does.
final class RealTerminalColourTests: XCTestCase {
    func testPickerCellArtColoursInXtermWithTermXterm() throws {
        try RealTerminalDisplay.require(["chafa"], packages: "chafa")
        let pictures = try RealTerminalPictures()
        let folder = pictures.directory + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = try pictures.write(3, as: "folder/p01.png")
        let source = try XCTUnwrap(pictures.source("folder/p01.png"))
        let display = try RealTerminalDisplay()
        let picker = try RealTerminal(.xterm(vt340: false), on: display,
                                      command: "\(try RealTerminalMediapick.binary()) --tile 16x8 \(MediapickFixtures.quoted(folder)) > /dev/null")
        var tile: RealTerminalMediapick.Tile?
        let deadline = Date().addingTimeInterval(20)
        while tile == nil {
            tile = RealTerminalMediapick.tiles(in: try picker.screenText(), rows: picker.rows).first
            if Date() > deadline { throw RealTerminalError.timeout("the picker's tile in xterm") }
        }
        let place = try XCTUnwrap(tile)
        var mediapick = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: (0, 0, 0))
        try picker.waitForScreenshot(what: "the tile's cell art", describe: { _ in mediapick.description }) { shot in
            mediapick = picker.score(shot, column: place.column, row: place.row, columns: 16, rows: 8, against: source)
            return mediapick.ssim > 0.3
        }
        try picker.press("Escape")
        XCTAssertEqual(try picker.waitForExit(), 1)

        let chafa = try RealTerminal(.xterm(vt340: false), on: display, command: "chafa --size 16x8 \(MediapickFixtures.quoted(file))")
        XCTAssertEqual(try chafa.waitForExit(), 0)
        let peer = chafa.score(try chafa.screenshot(), column: 0, row: 0, columns: 16, rows: 8, against: source)
        print("realterm: xterm TERM=xterm, tile 16x8: mediapick \(mediapick); chafa \(peer)")
        try RealTerminalMediapick.requireColourDetection(file, in: pictures.directory)
        XCTAssertLessThanOrEqual(mediapick.deltaE, peer.deltaE, "colours at least as close as chafa's")
        XCTAssertGreaterThanOrEqual(mediapick.colorSSIM, peer.colorSSIM - 0.02, "colour structure about as good as chafa's")
    }
}
