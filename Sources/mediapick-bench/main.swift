// mediapick-bench: measurements side by side with the peers a user would pick instead
// (djpeg, chafa, timg, jp2a). Results go into docs/performance.md by hand, with date and machine.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let stages: [(String, (inout BenchHarness, [String]) throws -> Void)] = [
    ("decode", DecodeBench.run),
    ("render", RenderBench.run),
    ("picker", PickerBench.run),
]
let wanted = arguments.first.map { [$0] } ?? stages.map(\.0)
var harness = BenchHarness()
print("# mediapick-bench — \(Date()) — \(ProcessInfo.processInfo.activeProcessorCount) cores")
for (name, run) in stages where wanted.contains(name) {
    try run(&harness, Array(arguments.dropFirst()))
}
if let unknown = wanted.first(where: { w in !stages.contains { $0.0 == w } }) {
    FileHandle.standardError.write(Data("mediapick-bench: unknown stage \(unknown); stages: \(stages.map(\.0).joined(separator: ", "))\n".utf8))
}
