import Foundation
import XCTest

/// Issue 14 §2: Debian's xterm with its defaults says TERM=xterm (8 colours in terminfo) but
/// shows 256 and 24-bit colour. The picker's grid there must be drawn in more than xterm's 16
/// colours and score at least what chafa's output scores in the same terminal, picture by
/// picture, measured in the same run.
final class RealTerminalColourTests: XCTestCase {
    /// Xterm's 16 default colours (its resources' defaults, which the harness keeps).
    private static let xterm16: Set<[UInt8]> = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
        [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
    ]

    func testPickerGridColoursInXtermWithTermXterm() throws {
        try RealTerminalDisplay.require(["chafa"], packages: "chafa")
        // The direct-colour entry curses draws xterm's 24-bit colour through (ncurses-term).
        guard ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"].contains(where: {
            FileManager.default.fileExists(atPath: $0 + "/x/xterm-direct")
        }) else { throw XCTSkip("xterm-direct is not installed (apt-get install ncurses-term; make test does)") }
        let pictures = try RealTerminalPictures()
        let folder = pictures.directory + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = ["p01.png", "p02.png", "p03.png"]
        var files: [String: String] = [:]
        for (index, name) in zip([3, 0, 4], names) { files[name] = try pictures.write(index, as: "folder/" + name) }
        let display = try RealTerminalDisplay()
        let mediapick = try RealTerminalMediapick.binary()

        // The picker, TERM=xterm as xterm sets it; its grid shows the three tiles side by side.
        let picker = try RealTerminal(.xterm(vt340: false), on: display,
                                      command: "\(mediapick) --tile 16x8 \(MediapickFixtures.quoted(folder)) > /dev/null")
        var tiles: [RealTerminalMediapick.Tile] = []
        let deadline = Date().addingTimeInterval(20)
        while Set(tiles.map(\.name)) != Set(names) {
            tiles = RealTerminalMediapick.tiles(in: try picker.screenText(), rows: picker.rows)
            if Date() > deadline { throw RealTerminalError.timeout("the picker's three tiles in xterm: \(tiles.map(\.name))") }
        }
        var ours: [String: RealTerminalScore] = [:]
        var paletteShare: [String: Double] = [:]
        try picker.waitForScreenshot(what: "every tile's cell art", describe: { _ in "\(ours)" }) { shot in
            for tile in tiles {
                let cells = picker.pixels(column: tile.column, row: tile.row, columns: 16, rows: 8)
                ours[tile.name] = picker.score(shot, column: tile.column, row: tile.row, columns: 16, rows: 8,
                                               against: pictures.source("folder/" + tile.name)!)
                paletteShare[tile.name] = Self.shareInXterm16(shot.cropped(to: cells), background: picker.kind.background)
            }
            return ours.values.allSatisfy { $0.ssim > 0.3 && $0.bounds?.height == 120 }
        }
        try picker.press("Escape")
        XCTAssertEqual(try picker.waitForExit(), 1)

        // chafa, each picture at the same size, one below the other (16x6 cells each).
        let chafaCommand = names.map { "chafa --size 16x8 \(MediapickFixtures.quoted(files[$0]!))" }.joined(separator: "; ")
        let chafa = try RealTerminal(.xterm(vt340: false), on: display, command: chafaCommand)
        XCTAssertEqual(try chafa.waitForExit(), 0)
        let chafaShot = try chafa.screenshot()

        for (index, name) in names.enumerated() {
            let source = try XCTUnwrap(pictures.source("folder/" + name))
            let mine = try XCTUnwrap(ours[name]), theirs = chafa.score(chafaShot, column: 0, row: index * 6, columns: 16, rows: 6, against: source)
            print("realterm: xterm TERM=xterm, \(name) 16x8: mediapick \(mine); chafa \(theirs); "
                  + String(format: "mediapick's pixels in xterm's 16 colours: %.0f%%", 100 * (paletteShare[name] ?? 1)))
            XCTAssertLessThan(paletteShare[name] ?? 1, 0.5, "\(name): drawn in more colours than xterm's 16")
            let (my, their) = (try XCTUnwrap(mine.cells), try XCTUnwrap(theirs.cells))
            XCTAssertEqual(theirs.bounds?.height, 120, "chafa's \(name) is where it was expected")
            XCTAssertLessThan(my.deltaE, their.deltaE, "\(name): colours closer than chafa's (ΔE00 per sample)")
            XCTAssertGreaterThan(my.ssim, their.ssim, "\(name): structure at least chafa's (SSIM per sample)")
            XCTAssertLessThan(mine.deltaE, theirs.deltaE, "\(name): colours closer than chafa's (ΔE per pixel)")
        }

        // `thumb` in the same terminal: stdout a file, the terminal asked through /dev/tty.
        let output = pictures.directory + "/thumb.txt"
        let thumb = try RealTerminal(.xterm(vt340: false), on: display,
                                     command: "\(mediapick) thumb --size 16x8 \(MediapickFixtures.quoted(files[names[0]]!)) > \(MediapickFixtures.quoted(output))")
        XCTAssertEqual(try thumb.waitForExit(), 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.contains("38;2;") || text.contains("48;2;"), "thumb in xterm writes 24-bit colour")
    }

    /// The share of the drawn (non-background) pixels whose colour is one of xterm's 16: near 1
    /// when the picture was drawn in 8 or 16 colours (the rest are glyph edges).
    private static func shareInXterm16(_ image: RealTerminalImage, background: (UInt8, UInt8, UInt8)) -> Double {
        var drawn = 0, inPalette = 0
        for i in stride(from: 0, to: image.rgb.count, by: 3) {
            let pixel = Array(image.rgb[i..<(i + 3)])
            if pixel == [background.0, background.1, background.2] { continue }
            drawn += 1
            if xterm16.contains(pixel) { inPalette += 1 }
        }
        return drawn == 0 ? 1 : Double(inPalette) / Double(drawn)
    }
}
