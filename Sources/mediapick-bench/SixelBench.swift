import Foundation
import MediaDecoding
import Platform
import Thumbnails

/// mediapick's sixel encoder beside `chafa -f sixel` and libsixel's `img2sixel`, at the same
/// size and with 256 colours: a screen of 48 tiles of 160x160 pixels, and one 12 MP photo
/// drawn at 80x40 cells (800x600 pixels at 10x20). The pixels are prepared once (decoded and
/// reduced by mediapick) and given to the peers as 8-bit PPM, the cheapest file to read, so
/// their times are their encoders plus a process start, which the 1x1 rows measure.
/// Then every output is read back by ImageMagick and scored against the pixels it was made from.
enum SixelBench {
    /// The `mediapick-bench sixel` stage; an optional argument sets the runs per measurement.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 10
        let dir = BenchHarness.fixtureDirectory + "/sixel"
        try? FileManager.default.removeItem(atPath: dir + "/out")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        let (tiles, tilePaths) = try Self.tiles(in: dir)
        let (photo, photoPath) = try Self.photo(in: dir)
        let dot = dir + "/dot.ppm"
        try Data(ppm(PixelImage(width: 1, height: 1, fill: (90, 120, 200, 255)))).write(to: URL(fileURLWithPath: dot))
        let encoder = SixelEncoder(colours: 256)
        // chafa assumes 8x8-pixel cells when it cannot ask a terminal: at a font ratio of 1,
        // 20x20 cells hold a 160x160 tile and 100x75 the 800x600 photo. It rounds heights down
        // to whole bands (156 for the tile).
        let chafa = ["chafa", "-f", "sixel", "--font-ratio", "1"]

        var sink = 0
        let oursTiles = "mediapick SixelEncoder, 48 tiles (1 thread)"
        harness.measure(oursTiles, runs: runs) { for tile in tiles { sink &+= encoder.encode(tile).count } }
        harness.measureCommandsInterleaved([
            ("chafa -f sixel, 48 tiles", chafa + ["--size", "20x20"] + tilePaths),
            ("img2sixel -p 256, 48 tiles", ["img2sixel", "-p", "256"] + tilePaths),
            ("chafa -f sixel, 1x1 (process floor)", chafa + ["--size", "1x1", dot]),
            ("img2sixel, 1x1 (process floor)", ["img2sixel", dot]),
        ], runs: runs)
        harness.report(title: "Sixel: a screen of 48 tiles of 160x160 px, 256 colours (\(runs) runs)", baseline: oursTiles,
                       rows: [oursTiles, "chafa -f sixel, 48 tiles", "img2sixel -p 256, 48 tiles",
                              "chafa -f sixel, 1x1 (process floor)", "img2sixel, 1x1 (process floor)"])

        let oursPhoto = "mediapick SixelEncoder, 800x600"
        harness.measure(oursPhoto, runs: runs) { sink &+= encoder.encode(photo).count }
        harness.measureCommandsInterleaved([
            ("chafa -f sixel, 800x600", chafa + ["--size", "100x75", photoPath]),
            ("img2sixel -p 256, 800x600", ["img2sixel", "-p", "256", photoPath]),
        ], runs: runs)
        harness.report(title: "Sixel: one 12 MP photo at 80x40 cells (800x600 px), 256 colours (\(runs) runs)", baseline: oursPhoto,
                       rows: [oursPhoto, "chafa -f sixel, 800x600", "img2sixel -p 256, 800x600",
                              "chafa -f sixel, 1x1 (process floor)", "img2sixel, 1x1 (process floor)"])
        if sink == 42 { print("") }  // keeps the encodings from being optimised away

        print("\n## Sixel quality: each output read back by ImageMagick, against its source pixels\n")
        print("| encoder | tiles: SSIM | tiles: mean ΔE00 | tiles: bytes | photo: SSIM | photo: mean ΔE00 | photo: bytes |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        let peers: [(name: String, tile: (String) -> String, photo: String)] = [
            ("mediapick", { _ in "" }, ""),
            ("chafa -f sixel", { "\(chafa.joined(separator: " ")) --size 20x20 '\($0)'" }, "\(chafa.joined(separator: " ")) --size 100x75 '\(photoPath)'"),
            ("img2sixel -p 256", { "img2sixel -p 256 '\($0)'" }, "img2sixel -p 256 '\(photoPath)'"),
        ]
        for (k, peer) in peers.enumerated() {
            var tileScores: [ImageScore] = [], tileBytes = 0
            for (i, tile) in tiles.enumerated() {
                let out = "\(dir)/out/\(k)-tile-\(i).six"
                let bytes = k == 0 ? encoder.encode(tile) : try run(peer.tile(tilePaths[i]), into: out)
                tileBytes += bytes.count
                if let score = try score(bytes, at: out, against: tile) { tileScores.append(score) }
            }
            let out = "\(dir)/out/\(k)-photo.six"
            let photoBytes = k == 0 ? encoder.encode(photo) : try run(peer.photo, into: out)
            let photoScore = try score(photoBytes, at: out, against: photo)
            let tileSSIM = tileScores.map(\.ssim).reduce(0, +) / Double(max(1, tileScores.count))
            let tileDE = tileScores.map(\.deltaE).reduce(0, +) / Double(max(1, tileScores.count))
            print(String(format: "| %@ | %.4f | %.2f | %d | %.4f | %.2f | %d |", peer.name, tileSSIM, tileDE, tileBytes,
                         photoScore?.ssim ?? .nan, photoScore?.deltaE ?? .nan, photoBytes.count))
        }
    }

    /// 48 photo-like 160x160 tiles (plasma, made once with ImageMagick), with their PPM paths.
    private static func tiles(in dir: String) throws -> ([PixelImage], [String]) {
        let paths = (0..<48).map { String(format: "%@/tile-%02d.ppm", dir, $0) }
        for (i, path) in paths.enumerated() where !FileManager.default.fileExists(atPath: path) {
            BenchHarness.shell("convert -seed \(i + 101) -size 160x160 plasma:fractal -blur 0x1 -depth 8 '\(path)'")
        }
        return (try paths.map { path throws -> PixelImage in try load(path) }, paths)
    }

    /// The first 12 MP JPEG of the thumbnail bench, decoded and reduced to 80x40 cells by
    /// mediapick (as `SixelRenderer` would), and the PPM of those pixels.
    private static func photo(in dir: String) throws -> (PixelImage, String) {
        let jpeg = BenchHarness.twelveMegapixelJPEGs(count: 1)[0]
        let renderer = SixelRenderer()
        let cells = TileSize(columns: 80, rows: 40)
        let decoded = try ImageDecoder.decode(path: RawPath(jpeg), options: DecodeOptions(targetWidth: 800, targetHeight: 800))
        let size = renderer.pixelSize(forImageOf: PixelSize(of: decoded), in: cells)
        let photo = decoded.reduced(width: size.width, height: size.height)
        let path = dir + "/photo-\(photo.width)x\(photo.height).ppm"
        try Data(ppm(photo)).write(to: URL(fileURLWithPath: path))
        return (photo, path)
    }

    /// Runs `commandLine`, keeps its output in `path` and returns it.
    private static func run(_ commandLine: String, into path: String) throws -> [UInt8] {
        BenchHarness.shell("\(commandLine) > '\(path)' 2>/dev/null")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `bytes` (kept at `path`) read back by ImageMagick and scored against `source`, reduced to
    /// the picture's size when the encoder drew fewer rows (chafa's whole bands); nil when
    /// ImageMagick cannot read it.
    private static func score(_ bytes: [UInt8], at path: String, against source: PixelImage) throws -> ImageScore? {
        if !FileManager.default.fileExists(atPath: path) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        // Through PNG: ImageMagick 6.9 hands out a sixel image's pixels as black otherwise.
        BenchHarness.shell("/usr/bin/convert '\(path)' -alpha off 'png:\(path).png' 2>/dev/null")
        guard let picture = try? ImageDecoder.decode(path: RawPath(path + ".png")) else { return nil }
        let reference = picture.width == source.width && picture.height == source.height
            ? source : source.reduced(width: picture.width, height: picture.height)
        guard reference.width == picture.width, reference.height == picture.height else { return nil }
        return ImageScore(picture, against: reference)
    }

    /// An 8-bit binary PPM of `image` (alpha dropped).
    private static func ppm(_ image: PixelImage) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + image.width * image.height * 3)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[i..<(i + 3)] }
        return bytes
    }

    /// A fixture decoded by mediapick.
    private static func load(_ path: String) throws -> PixelImage {
        try ImageDecoder.decode(path: RawPath(path))
    }
}
