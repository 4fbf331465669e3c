import Foundation

/// `mediapick thumb` as a whole process, side by side with the tools a user would run instead:
/// one 12 MP JPEG at 16x8 cells (chafa, jp2a, and `djpeg -scale 1/8` as the decode floor), and
/// 48 different 12 MP JPEGs on all cores (timg's contact sheet, chafa, and djpeg in 2 processes).
enum ThumbBench {
    /// The `mediapick-bench thumb` stage; an optional argument sets the runs per measurement.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 10
        let mediapick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mediapick").path
        guard FileManager.default.isExecutableFile(atPath: mediapick) else {
            throw BenchError("\(mediapick) is not built (make bench)")
        }
        // MEDIAPICK_BEFORE=/path/to/an/older/mediapick adds that build's rows to the same runs
        // (before/after comparisons of a change, side by side like the peers).
        let before = ProcessInfo.processInfo.environment["MEDIAPICK_BEFORE"].flatMap { $0.isEmpty ? nil : $0 }
        let files = BenchHarness.twelveMegapixelJPEGs(count: 48)
        let one = files[0]
        let quoted = files.map { "'\($0)'" }.joined(separator: " ")

        let oneBefore = before.map { [("mediapick before, thumb 16x8 (1 file)", [$0, "thumb", "--no-cache", "--size", "16x8", "--colors", "256", one])] } ?? []
        harness.measureCommandsInterleaved([
            ("djpeg -scale 1/8 (1 file)", ["djpeg", "-scale", "1/8", "-outfile", "/dev/null", one]),
            ("mediapick thumb 16x8 (1 file)", [mediapick, "thumb", "--no-cache", "--size", "16x8", "--colors", "256", one]),
        ] + oneBefore + [
            ("chafa 16x8 (1 file)", ["chafa", "--size", "16x8", "-c", "256", one]),
            ("jp2a --width=16 (1 file)", ["jp2a", "--width=16", one]),
        ], runs: runs)
        harness.report(title: "One 12 MP JPEG to a 16x8-cell thumbnail, whole process (\(runs) runs)",
                       baseline: "djpeg -scale 1/8 (1 file)",
                       rows: ["djpeg -scale 1/8 (1 file)", "mediapick thumb 16x8 (1 file)"] + oneBefore.map(\.0)
                           + ["chafa 16x8 (1 file)", "jp2a --width=16 (1 file)"])

        let few = max(3, runs / 3)
        let manyBefore = before.map { [("mediapick before, thumb 16x8, 48 files", [$0, "thumb", "--no-cache", "--size", "16x8", "--colors", "256"] + files)] } ?? []
        // timg decodes on half the cores by default (one thread here); measured both ways.
        harness.measureCommandsInterleaved([
            ("djpeg -scale 1/8, 48 files, xargs -P2",
             ["sh", "-c", "printf '%s\\n' \(quoted) | xargs -d '\\n' -P2 -n1 djpeg -scale 1/8 -outfile /dev/null"]),
            ("mediapick thumb 16x8, 48 files", [mediapick, "thumb", "--no-cache", "--size", "16x8", "--colors", "256"] + files),
        ] + manyBefore + [
            ("timg --grid=6 -g96x72, 48 files", ["timg", "--grid=6", "-g96x72", "-ph"] + files),
            ("timg --grid=6 -g96x72 --threads=2, 48 files", ["timg", "--grid=6", "-g96x72", "-ph", "--threads=2"] + files),
            ("chafa 16x8, 48 files", ["chafa", "--size", "16x8", "-c", "256"] + files),
        ], runs: few)
        harness.report(title: "48 different 12 MP JPEGs to 16x8-cell thumbnails on all cores (\(few) runs)",
                       baseline: "djpeg -scale 1/8, 48 files, xargs -P2",
                       rows: ["djpeg -scale 1/8, 48 files, xargs -P2", "mediapick thumb 16x8, 48 files"] + manyBefore.map(\.0)
                           + ["timg --grid=6 -g96x72, 48 files", "timg --grid=6 -g96x72 --threads=2, 48 files",
                              "chafa 16x8, 48 files"])
    }
}
