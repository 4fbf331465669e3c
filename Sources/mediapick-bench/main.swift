// mediapick-bench: measurements side by side with the peers a user would pick instead
// (djpeg, chafa, timg, jp2a). Results go into docs/performance.md by hand, with date and machine.
//
//   mediapick-bench [decode|png|render|picker|thumb|sixel|kitty|camera|soak|pages] [ARGS]   run one stage (all but soak and pages when none is named)
//   mediapick-bench render [--as-decoded] [WORD ...]      time the renderer (rows whose name has every WORD;
//                                            --as-decoded: on the pixels the thumbnail pipeline hands it)
//   mediapick-bench render-file FILE.ppm [--size WxH --symbols S --colors C --fit F]
//                                            print one rendering (scripts/quality uses it)
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let stages: [(String, (inout BenchHarness, [String]) async throws -> Void)] = [
    ("decode", DecodeBench.run),
    ("png", PNGBench.run),
    ("render", RenderBench.run),
    ("picker", PickerBench.run),
    ("thumb", ThumbBench.run),
    ("sixel", SixelBench.run),
    ("kitty", KittyBench.run),
    ("camera", CameraBench.run),
    ("soak", SoakBench.run),
    ("pages", PagesBench.run),
]
do {
    if arguments.first == "render-file" {
        try RenderBench.renderFile(Array(arguments.dropFirst()))
    } else {
        // The soak runs only when named: it takes half an hour; pages only when named: it is the soak's too.
        let wanted = arguments.first.map { [$0] } ?? stages.map(\.0).filter { $0 != "soak" && $0 != "pages" }
        if let unknown = wanted.first(where: { w in !stages.contains { $0.0 == w } }) {
            throw BenchError("unknown stage \(unknown); stages: \(stages.map(\.0).joined(separator: ", ")), render-file")
        }
        var harness = BenchHarness()
        print("# mediapick-bench — \(Date()) — \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for (name, run) in stages where wanted.contains(name) {
            try await run(&harness, Array(arguments.dropFirst()))
        }
    }
} catch {
    FileHandle.standardError.write(Data("mediapick-bench: \(error)\n".utf8))
    exit(2)
}
