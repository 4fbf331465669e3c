import Foundation
import MediaDecoding

/// Decode benchmark: a 12 MP JPEG, a 12 MP PNG and a 4 MP WebP to a 256-pixel target,
/// measured beside `djpeg -scale 1/8` in the same run (interleaved), as ratios.
enum DecodeBench {
    /// One measured line: what, median and best milliseconds over the runs.
    struct Row {
        let name: String
        let median: Double
        let best: Double
    }

    /// The files the benchmark decodes, made once in `directory`.
    struct Files {
        let jpeg: String
        let png: String
        let webp: String?
    }

    /// A photo-like 12 MP picture: smooth shapes plus sensor-like noise, so the JPEG has
    /// a camera's entropy (about 3–5 MB at quality 0.9).
    static func photo(width: Int, height: Int) -> PixelImage {
        var seed: UInt32 = 0x1234_5678
        return PixelImage(width: width, height: height) { x, y in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Int(seed >> 27) - 16
            let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
            let r = 128 + 100 * sin(fx * 9 + fy * 3)
            let g = 128 + 90 * cos(fy * 7 - fx * 2)
            let b = 128 + 80 * sin((fx + fy) * 11)
            func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int(v) + noise))) }
            return (c(r), c(g), c(b), 255)
        }
    }

    /// Writes the benchmark files into `directory` (skipping those already there).
    static func makeFiles(in directory: String) throws -> Files {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let jpeg = directory + "/photo-12mp.jpg", png = directory + "/photo-12mp.png"
        let webpSource = directory + "/photo-4mp.png", webp = directory + "/photo-4mp.webp"
        let fm = FileManager.default
        if !fm.fileExists(atPath: jpeg) || !fm.fileExists(atPath: png) {
            let big = photo(width: 4000, height: 3000)
            try Data(JPEGEncoder.encode(big, quality: 0.9)).write(to: URL(fileURLWithPath: jpeg))
            try Data(PNGEncoder.encode(big)).write(to: URL(fileURLWithPath: png))
        }
        if !fm.fileExists(atPath: webp) {
            try Data(PNGEncoder.encode(photo(width: 2304, height: 1728))).write(to: URL(fileURLWithPath: webpSource))
            _ = try? run("cwebp", ["-quiet", "-q", "85", webpSource, "-o", webp])
        }
        return Files(jpeg: jpeg, png: png, webp: fm.fileExists(atPath: webp) ? webp : nil)
    }

    /// Milliseconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Runs a program to completion with its output discarded; false when it is missing or fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Bool {
        guard let path = ["/usr/bin", "/usr/local/bin", "/bin"].map({ "\($0)/\(tool)" })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Measures every case `runs` times, interleaved so that load from other processes
    /// falls on all of them alike; returns one row per case.
    static func measure(_ files: Files, runs: Int) throws -> [Row] {
        let target = DecodeOptions(targetWidth: 256, targetHeight: 256)
        var cases: [(String, () throws -> Void)] = [
            ("djpeg -scale 1/8 (12 MP JPEG, process)", { try run("djpeg", ["-scale", "1/8", "-outfile", "/dev/null", files.jpeg]) }),
            ("mediapick 12 MP JPEG -> 256", { _ = try ImageDecoder.decode(path: RawPath(files.jpeg), options: target) }),
            ("mediapick 12 MP PNG -> 256", { _ = try ImageDecoder.decode(path: RawPath(files.png), options: target) }),
        ]
        if let webp = files.webp {
            cases.append(("mediapick 4 MP WebP -> 256", { _ = try ImageDecoder.decode(path: RawPath(webp), options: target) }))
        }
        var samples = [[Double]](repeating: [], count: cases.count)
        for _ in 0..<runs {
            for (i, c) in cases.enumerated() { samples[i].append(try time(c.1)) }
        }
        return zip(cases, samples).map { c, s in
            let sorted = s.sorted()
            return Row(name: c.0, median: sorted[sorted.count / 2], best: sorted[0])
        }
    }

    /// Time and resident-memory growth of refusing a 30000x30000 header (JPEG and PNG).
    static func refusals() throws -> [String] {
        var jpeg = try JPEGEncoder.encode(PixelImage(width: 16, height: 16))
        if let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) {
            jpeg[sof + 5] = 0x75; jpeg[sof + 6] = 0x30; jpeg[sof + 7] = 0x75; jpeg[sof + 8] = 0x30
        }
        var png = try PNGEncoder.encode(PixelImage(width: 1, height: 1))
        png.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let crc = Digest.crc32(Array(png[12..<29]))
        png.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(crc >> $0 & 0xFF) })
        var lines: [String] = []
        for (name, bytes) in [("JPEG", jpeg), ("PNG", png)] {
            let before = residentKB()
            var outcome = ""
            let ms = time {
                do { _ = try ImageDecoder.decode(data: bytes) } catch { outcome = "\(error)" }
            }
            lines.append(String(format: "%@ 30000x30000 header: %.3f ms, RSS growth %d KB: %@", name, ms, residentKB() - before, outcome))
        }
        return lines
    }

    private static func residentKB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Prints the table and the ratios to djpeg; `directory` holds the generated files.
    static func report(directory: String, runs: Int = 15) throws -> [String] {
        let files = try makeFiles(in: directory)
        let rows = try measure(files, runs: runs)
        let djpeg = rows[0]
        var lines = ["decode to a 256-px target, \(runs) interleaved runs: median and best ms, each as a ratio to djpeg's"]
        for row in rows {
            let name = row.name.padding(toLength: 42, withPad: " ", startingAt: 0)
            lines.append("  " + name + String(format: " %8.2f (%.2fx) %8.2f (%.2fx)",
                                              row.median, row.median / djpeg.median, row.best, row.best / djpeg.best))
        }
        lines += try refusals()
        return lines
    }
}

extension DecodeBench {
    /// The `mediapick-bench decode` stage.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        for line in try report(directory: BenchHarness.fixtureDirectory + "/decode") { print(line) }
    }
}
