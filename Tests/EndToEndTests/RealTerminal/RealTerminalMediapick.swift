import Foundation
import XCTest

/// What the mediapick tests in real terminals share: the built binary, the guard that skips
/// them until the graphics renderers are wired in (issue 12), and reading the picker's tiles
/// off the screen and checking their pictures.
enum RealTerminalMediapick {
    /// A tile of the picker as the screen shows it: the file named in its caption and the
    /// cells of its picture (`--tile 16x8`: the 8 rows above the caption, 16 columns from the name).
    struct Tile {
        let name: String
        let column: Int, row: Int
        let captionRow: Int
        let selected: Bool
    }

    /// The tile size the tests ask for.
    static let tileColumns = 16, tileRows = 8

    /// The binary, quoted for sh.
    static func binary() throws -> String { MediapickFixtures.quoted(try Products.path("mediapick")) }

    /// A folder of `count` pictures, p01.png and on, in `pictures`' folder; skips unless the
    /// graphics renderers are wired in.
    static func folder(of count: Int, in pictures: RealTerminalPictures) throws -> String {
        try requireGraphicsRenderers(pictures)
        let folder = pictures.directory + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...count { try pictures.write(index, as: String(format: "folder/p%02d.png", index)) }
        return folder
    }

    /// The picker in `kind` over `folder` (tiles of `tileColumns`x`tileRows`, by name), its
    /// stdout to `output`.
    static func picker(_ kind: RealTerminalKind, on display: RealTerminalDisplay, folder: String,
                       output: String = "/dev/null") throws -> RealTerminal {
        try RealTerminal(kind, on: display, command: "\(try binary()) --tile \(tileColumns)x\(tileRows) --sort name "
                         + "\(MediapickFixtures.quoted(folder)) > \(MediapickFixtures.quoted(output))")
    }

    /// A picker run with what it needs kept alive (the pictures' folder, the display).
    struct Picker {
        let pictures: RealTerminalPictures
        let display: RealTerminalDisplay
        let terminal: RealTerminal
        /// The tiles first shown, every one with its picture.
        let tiles: [Tile]
    }

    /// The picker in `kind` over `count` pictures, once its first screen (p01.png on it) shows
    /// every tile's picture.
    static func pickerShowingItsFirstTiles(_ kind: RealTerminalKind, count: Int) throws -> Picker {
        let pictures = try RealTerminalPictures()
        let folder = try folder(of: count, in: pictures)
        let display = try RealTerminalDisplay()
        let terminal = try picker(kind, on: display, folder: folder)
        let tiles = try showsEveryTile(terminal, pictures, until: { $0.contains { $0.name == "p01.png" } })
        return Picker(pictures: pictures, display: display, terminal: terminal, tiles: tiles)
    }

    /// Skips unless `mediapick thumb --graphics sixel` writes a sixel (a DCS) for a picture.
    static func requireGraphicsRenderers(_ pictures: RealTerminalPictures) throws {
        let file = try pictures.write(0, as: "probe.png")
        let (status, output) = try RealTerminalProcess.run([try Products.path("mediapick"), "thumb", "--graphics", "sixel",
                                                            "--size", "20x8", file], environment: [:], in: pictures.directory)
        guard status == 0, output.contains("\u{1B}P") else {
            throw XCTSkip("needs graphics renderers (issue 12 wiring): `mediapick thumb --graphics sixel` printed no DCS")
        }
    }

    /// The tiles whose caption (a name ending in .png) is on the screen, with all of its picture
    /// rows below row 2; the footer's two rows (the status line names the current file) are not tiles.
    static func tiles(in text: [String], rows: Int) -> [Tile] {
        var tiles: [Tile] = []
        for (row, line) in text.prefix(rows - 2).enumerated() {
            let characters = Array(line)
            var column = 0
            while column < characters.count {
                guard characters[column] == "p", column + 7 <= characters.count,
                      String(characters[column..<(column + 7)]).hasSuffix(".png") else { column += 1; continue }
                let name = String(characters[column..<(column + 7)])
                if row - tileRows >= 2 {
                    tiles.append(Tile(name: name, column: column, row: row - tileRows, captionRow: row,
                                      selected: column > 0 && characters[column - 1] == "["))
                }
                column += 7
            }
        }
        return tiles
    }

    /// Pixels that differ from the background outside the header (2 rows), the footer (2 rows),
    /// the caption rows and the tiles with their frames: a picture left behind shows here.
    static func strayPixels(_ shot: RealTerminalImage, in terminal: RealTerminal, tiles: [Tile]) -> Int {
        var allowed = [RealTerminalRect]()
        allowed.append(terminal.pixels(column: 0, row: 0, columns: terminal.columns, rows: 2))
        allowed.append(terminal.pixels(column: 0, row: terminal.rows - 2, columns: terminal.columns, rows: 2))
        for tile in tiles {
            allowed.append(terminal.pixels(column: 0, row: tile.captionRow, columns: terminal.columns, rows: 1))
            allowed.append(terminal.pixels(column: tile.column - 1, row: tile.row, columns: tileColumns + 2, rows: tileRows + 1))
        }
        // Rows above the first full tile row may hold the tail of a row scrolled half away.
        let top = tiles.map(\.row).min() ?? 2
        allowed.append(terminal.pixels(column: 0, row: 2, columns: terminal.columns, rows: max(0, top - 2)))
        var masked = shot
        for rect in allowed {
            for y in max(0, rect.y)..<min(shot.height, rect.y + rect.height) {
                for x in max(0, rect.x)..<min(shot.width, rect.x + rect.width) {
                    let i = (y * shot.width + x) * 3
                    (masked.rgb[i], masked.rgb[i + 1], masked.rgb[i + 2]) = terminal.kind.background
                }
            }
        }
        return masked.countDiffering(from: terminal.kind.background)
    }

    /// The tiles on screen now, or `known` when the screen cannot be read or shows none.
    static func currentTiles(_ terminal: RealTerminal, else known: [Tile]) -> [Tile] {
        guard let text = try? terminal.screenText() else { return known }
        let now = tiles(in: text, rows: terminal.rows)
        return now.isEmpty ? known : now
    }

    /// Waits until the captions on screen satisfy `ready` and every tile shows its own picture
    /// with nothing drawn elsewhere; returns the tiles.
    static func showsEveryTile(_ terminal: RealTerminal, _ pictures: RealTerminalPictures,
                               until ready: ([RealTerminalMediapick.Tile]) -> Bool) throws -> [RealTerminalMediapick.Tile] {
        var tiles: [RealTerminalMediapick.Tile] = []
        let deadline = Date().addingTimeInterval(20)
        while true {
            tiles = RealTerminalMediapick.tiles(in: try terminal.screenText(), rows: terminal.rows)
            if !tiles.isEmpty && ready(tiles) { break }
            if Date() > deadline { throw RealTerminalError.timeout("the picker's captions in \(terminal.kind): \(tiles.map(\.name))") }
        }
        var report = ""
        var scores: [RealTerminalScore] = []
        try terminal.waitForScreenshot(what: "every tile's picture", describe: { _ in report }) { shot in
            // Read the captions again each time: tiles whose captions came after the first
            // read would otherwise count as drawn outside every tile.
            tiles = currentTiles(terminal, else: tiles)
            scores = tiles.map { tile in
                terminal.score(shot, column: tile.column, row: tile.row, columns: RealTerminalMediapick.tileColumns,
                               rows: RealTerminalMediapick.tileRows, against: pictures.source("folder/" + tile.name)!)
            }
            let stray = RealTerminalMediapick.strayPixels(shot, in: terminal, tiles: tiles)
            report = zip(tiles, scores).map { "\($0.name): \($1)" }.joined(separator: "\n") + "\n\(stray) pixels drawn outside the tiles"
            return stray == 0 && scores.allSatisfy { $0.ssim > 0.9 }
        }
        print("realterm: \(terminal.kind), picker tiles:\n\(report)")
        for (tile, score) in zip(tiles, scores) {
            XCTAssertEqual(score.bounds?.aspect ?? 0, 160.0 / 120, accuracy: 0.05, "\(tile.name) keeps its shape")
        }
        return tiles
    }
}
