import Foundation
import MediaDecoding
import Platform

/// The `png` stage: 12 MP PNGs to a thumbnail beside zlib's inflate of their image data alone
/// (the IDAT chunks joined, inflated through a 64 KB buffer, no unfiltering): the floor that a
/// decoder built on zlib cannot go under. In process, interleaved round by round, then as whole
/// `mediapick thumb` processes. MEDIAPICK_BEFORE=/path/to/an/older/mediapick adds its rows.
enum PNGBench {
    /// The stage; an optional argument sets the runs per measurement.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 9
        let mediapick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mediapick").path
        let before = ProcessInfo.processInfo.environment["MEDIAPICK_BEFORE"].flatMap { $0.isEmpty ? nil : $0 }
        for (label, path) in try pictures() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let stream = PNGChunks.imageData(in: bytes)
            guard let raw = Zlib.inflatedLength(stream) else { throw BenchError("\(path): no whole zlib stream") }
            let floor = "zlib inflate of the image data alone, \(label)"
            let decode = "mediapick decode -> 256 px in process, \(label)"
            let fromFile = "mediapick decode from the file (128 KB window) -> 256 px, \(label)"
            let size = DecodeOptions(targetWidth: 256, targetHeight: 256)
            var timed: [(String, () throws -> Void)] = [
                (floor, { _ = Zlib.inflatedLength(stream) }),
                (decode, { _ = try ImageDecoder.decode(data: bytes, options: size) }),
                (fromFile, { _ = try ImageDecoder.decode(path: RawPath(path), options: size) }),
            ]
            try interleave(&harness, &timed, runs: runs)
            let thumb = "mediapick thumb 16x8 (process), \(label)"
            let thumbBefore = "mediapick before, thumb 16x8 (process), \(label)"
            var commands = [(thumb, [mediapick, "thumb", "--no-cache", "--size", "16x8", "--colors", "256", path])]
            if let before { commands.append((thumbBefore, [before] + commands[0].1.dropFirst())) }
            harness.measureCommandsInterleaved(commands.map { (name: $0.0, argv: $0.1) }, runs: runs)
            harness.report(title: String(format: "12 MP PNG, %@: %.1f MB, image data %.1f MB inflating to %.1f MB (%d runs, interleaved)",
                                         label, Double(bytes.count) / 1e6, Double(stream.count) / 1e6, Double(raw) / 1e6, runs),
                           baseline: floor, rows: [floor, decode, fromFile, thumb, thumbBefore])
        }
    }

    /// Times each closure `runs` times, one of each per round in an order rotating from round to
    /// round (so a machine slowing down weighs on all alike), after one warm-up each.
    static func interleave(_ harness: inout BenchHarness, _ timed: inout [(String, () throws -> Void)], runs: Int) throws {
        for (_, body) in timed { try body() }
        var samples = Array(repeating: [Double](), count: timed.count)
        for round in 0..<runs {
            for step in 0..<timed.count {
                let k = (round + step) % timed.count
                let start = DispatchTime.now().uptimeNanoseconds
                try timed[k].1()
                samples[k].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        for (k, (name, _)) in timed.enumerated() { harness.record(name, samples: samples[k]) }
    }

    /// The pictures, made once in the fixture directory: ImageMagick's plasma with Gaussian noise
    /// (24.6 MB, a camera-like compression ratio of 0.68), and the decode stage's photo-like PNG.
    static func pictures() throws -> [(String, String)] {
        let dir = BenchHarness.fixtureDirectory + "/png12mp"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let plasma = dir + "/plasma-noise-12mp.png"
        if !FileManager.default.fileExists(atPath: plasma) {
            BenchHarness.shell("convert -size 4000x3000 -seed 1 plasma: -attenuate 0.4 +noise Gaussian -depth 8 "
                + "-define png:color-type=2 '\(plasma).tmp.png' && mv '\(plasma).tmp.png' '\(plasma)'")
        }
        var result: [(String, String)] = []
        if FileManager.default.fileExists(atPath: plasma) {
            result.append(("plasma + noise", plasma))
            let paeth = dir + "/plasma-noise-paeth-12mp.png"
            if !FileManager.default.fileExists(atPath: paeth) {
                try Data(paethPNG(try ImageDecoder.decode(path: RawPath(plasma)))).write(to: URL(fileURLWithPath: paeth))
            }
            result.append(("plasma + noise, Paeth on every row", paeth))
        }
        result.append(("photo-like", try DecodeBench.makeFiles(in: BenchHarness.fixtureDirectory + "/decode").png))
        return result
    }

    /// An RGB PNG of `image` whose every row has filter type Paeth (the slowest to reverse; encoders
    /// often choose it for photographs), zlib level 6.
    static func paethPNG(_ image: PixelImage) -> [UInt8] {
        let stride = image.width * 3
        var raw = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        var prev = [UInt8](repeating: 0, count: stride), row = prev
        for y in 0..<image.height {
            for x in 0..<image.width {
                for k in 0..<3 { row[x * 3 + k] = image.pixels[(y * image.width + x) * 4 + k] }
            }
            raw[y * (stride + 1)] = 4
            for i in 0..<stride {
                let a = i >= 3 ? Int(row[i - 3]) : 0, b = Int(prev[i]), c = i >= 3 ? Int(prev[i - 3]) : 0
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                raw[y * (stride + 1) + 1 + i] = UInt8(truncatingIfNeeded: Int(row[i]) - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c))
            }
            swap(&prev, &row)
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(Digest.crc32(body)))
        }
        let header = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: image.width >> $0) }
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: image.height >> $0) } + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", Zlib.compress(raw))
            + chunk("IEND", [])
    }
}
