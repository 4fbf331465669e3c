import Foundation
import XCTest

/// The picker's grid as a real terminal shows it, for the picker's tests in each terminal.
enum RealTerminalTiles {
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
