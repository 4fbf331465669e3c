import Foundation
import MediaDecoding
import Platform
import TerminalGraphics
import TerminalUI
import Thumbnails

/// The kitty renderer's cost on one screen of the grid: 48 tiles of 160x160 px cut from the 48
/// photo-like 12 MP JPEGs (ImageMagick's plasma), written at zlib levels 1, 6 and 9 and as PNG
/// (`f=100`), beside the raw size; time per tile; and the bytes of scrolling away and back (placements
/// only: nothing transmitted again). Then each `KittyRenderer.Encoding` (zlib, PNG, palette PNG)
/// on those tiles and on the photographs of a folder given as an argument: bytes, time, closeness.
enum KittyBench {
    /// The `mediapick-bench kitty [RUNS] [PHOTO-FOLDER]` stage.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 10
        let tiles = try BenchHarness.twelveMegapixelJPEGs(count: 48).map(tile)
        KittyEncodingTable.print("plasma tiles (160x160)", tiles: tiles)
        if let folder = arguments.first(where: { Int($0) == nil }) {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            let photos = try names.filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.map { name -> PixelImage in
                let image = try ImageDecoder.decode(path: RawPath(folder + "/" + name),
                                                    options: DecodeOptions(targetWidth: 160, targetHeight: 160))
                // The fitted picture without the canvas's transparent margin, which costs a few
                // bytes and, scored, would only dilute the differences.
                return GraphicsFit.fitted(image, in: TileSize(columns: 16, rows: 8), cellSize: PixelSize(width: 10, height: 20))
            }
            KittyEncodingTable.print("photographs in \(folder) (fitted into 16x8 cells of 10x20 px)", tiles: photos)
        }
        let raw = tiles.reduce(0) { $0 + $1.width * $1.height * 3 }

        print("\n## kitty graphics: one screen of 48 tiles, 160x160 px each\n")
        print("| what | bytes written | vs raw RGB |")
        print("|---|---:|---:|")
        print(String(format: "| raw RGB (no compression, no base64) | %d | 1.00 |", raw))
        for level in [1, 6, 9] {
            let bytes = tiles.enumerated().reduce(0) { sum, tile in
                sum + KittyGraphics.transmission(of: tile.element, imageID: UInt32(tile.offset + 1), compressionLevel: level).count
            }
            print(String(format: "| kitty f=24 o=z, zlib %d, base64, chunked | %d | %.2f |", level, bytes, Double(bytes) / Double(raw)))
        }
        let png = try tiles.enumerated().reduce(0) { sum, tile in
            sum + KittyGraphics.naming(KittyGraphics.transmission(ofPNG: try PNGEncoder.encode(tile.element)),
                                       imageID: UInt32(tile.offset + 1)).count
        }
        print(String(format: "| kitty f=100 (PNG, libpng's default filters and level), base64, chunked | %d | %.2f |",
                     png, Double(png) / Double(raw)))

        let renderer = KittyRenderer()
        let pictures = tiles.map { tile -> GraphicsPicture in
            guard case .graphics(let picture) = renderer.render(tile, in: TileSize(columns: 16, rows: 8)) else {
                fatalError("the kitty renderer draws pictures")
            }
            return picture
        }
        // What the backend writes per frame (GraphicsPainter's plans), for a grid of 8x6 tiles.
        func screen(_ first: Int) -> [PlacedImage] {
            pictures.enumerated().map { index, picture in
                let image = TerminalImage(encoding: .kitty, size: Size(width: picture.cells.columns, height: picture.cells.rows),
                                          payload: picture.payload, identity: first + index)
                return PlacedImage(origin: Point(x: index % 8 * 17, y: index / 8 * 9), image: image)
            }
        }
        var painter = GraphicsPainter()
        let size = Size(width: 8 * 17, height: 6 * 9 + 1)
        func frame(_ images: [PlacedImage]) -> Int { painter.plan(images, screen: size).bytes(throughTmux: false).count }
        let first = frame(screen(0)), unchanged = frame(screen(0)), other = frame(screen(100)), back = frame(screen(0))
        print("\nPer frame, through GraphicsPainter: first screen \(first) bytes, the same screen again \(unchanged), "
            + "the next screen \(other), back to the first \(back) (placements and deletions only).")

        for level in [1, 6] {
            harness.measure("kitty transmission, 48 tiles, zlib \(level)", runs: runs) {
                for (i, tile) in tiles.enumerated() { _ = KittyGraphics.transmission(of: tile, imageID: UInt32(i + 1), compressionLevel: level) }
            }
        }
        harness.measure("kitty PNG transmission (f=100), 48 tiles", runs: runs) {
            for (i, tile) in tiles.enumerated() {
                _ = KittyGraphics.naming(KittyGraphics.transmission(ofPNG: (try? PNGEncoder.encode(tile)) ?? []), imageID: UInt32(i + 1))
            }
        }
        harness.measure("kitty palette PNG (default encoding), 48 tiles", runs: runs) {
            for tile in tiles { _ = KittyRenderer.Encoding.standard.transmission(of: tile) }
        }
        harness.measure("iTerm2 PNG inline image, 48 tiles", runs: runs) {
            for tile in tiles { _ = ITerm2Renderer().render(tile, in: TileSize(columns: 16, rows: 8)) }
        }
        harness.report(title: "Encoding one screen of 48 tiles (\(runs) runs; per tile: divide by 48)",
                       baseline: "kitty transmission, 48 tiles, zlib 6",
                       rows: ["kitty transmission, 48 tiles, zlib 1", "kitty transmission, 48 tiles, zlib 6",
                              "kitty PNG transmission (f=100), 48 tiles", "kitty palette PNG (default encoding), 48 tiles",
                              "iTerm2 PNG inline image, 48 tiles"])
    }

    /// The centre 160x160 of `path` decoded at about that size.
    private static func tile(_ path: String) throws -> PixelImage {
        let image = try ImageDecoder.decode(path: RawPath(path), options: DecodeOptions(targetWidth: 160, targetHeight: 160))
        let side = min(image.width, image.height)
        let x0 = (image.width - side) / 2, y0 = (image.height - side) / 2
        let square = PixelImage(width: side, height: side) { x, y in image[x0 + x, y0 + y] }
        return square.reduced(width: 160, height: 160)
    }
}
