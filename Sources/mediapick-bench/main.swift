// mediapick-bench: side-by-side measurements (see docs/performance.md).
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "render-file": try RenderBench.renderFile(Array(arguments.dropFirst()))
    case "render": try RenderBench.timeRenders(Array(arguments.dropFirst()))
    default: print("mediapick-bench: render-file FILE.ppm [--size WxH --symbols S --colors C --fit F] | render [FILE.ppm]")
    }
} catch {
    FileHandle.standardError.write(Data("mediapick-bench: \(error)\n".utf8))
    exit(2)
}
