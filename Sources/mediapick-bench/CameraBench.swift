import CellArt
import Foundation
import MediaDecoding
import MediaPicker
import Platform
import TerminalUI
import Thumbnails

/// `mediapick-bench camera`: the camera's measures (issue 13).
///
/// - Preview at 80x40 cells through the real path (ffmpeg → CameraCapture's reading thread →
///   the main-actor hop → CameraController → the run loop `Application` with its 20 ms poll →
///   a backend in memory): frames drawn per second, the age of each frame when drawn (from the
///   wall-clock stamp ffmpeg wrote into it as it left the generator, see `CameraStamp`), the
///   part of it spent after the frame was read off the pipe, and the CPU of this process and of
///   ffmpeg as per cent of one core. Cell art (what the camera draws today), sixel and kitty.
/// - Shutter to saved file: from the frame in hand to the JPEG on disk (PhotoSaver, q 0.8), at
///   1280x720 and 1920x1080, with its parts (RGB to RGBA, the encode).
///
/// `mediapick-bench camera [SECONDS] [preview|shutter]`: SECONDS measured per renderer (10).
enum CameraBench {
    /// The cells of the screen measured.
    static let screen = Size(width: 80, height: 40)
    /// Frames before this are left out: ffmpeg's probing of the lavfi input holds the first
    /// frames back, then hands them on in a burst.
    static let warmUp: Duration = .seconds(2)

    /// The stage.
    @MainActor
    static func run(_ harness: inout BenchHarness, _ arguments: [String]) async throws {
        let seconds = arguments.first.flatMap(Int.init) ?? 10
        guard let ffmpeg = Subprocess.find("ffmpeg") else { throw BenchError("the camera bench needs ffmpeg") }
        if !arguments.contains("shutter") { try await preview(seconds: seconds, ffmpeg: ffmpeg) }
        if !arguments.contains("preview") { try shutter(&harness, ffmpeg: ffmpeg) }
    }

    // MARK: Preview

    /// What one preview run measured.
    struct PreviewResult {
        var framesPerSecond: Double
        var latencies: [Int]
        var afterRead: [Double]
        var cpu: (own: Double, children: Double)
        var flushes: Int
    }

    @MainActor
    static func preview(seconds: Int, ffmpeg: RawPath) async throws {
        let stamp = CameraStamp(width: 1280, height: 720)
        let cellArt = AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 0, rows: 0, symbols: .blocks, colors: .trueColor)))
        let cell = PixelSize(width: 10, height: 20)
        let runs: [(String, AnyThumbnailRenderer, CameraBenchBackend.Reading)] = [
            ("cell art (blocks, true colour)", cellArt, .cells(stamp, picture: try picture(of: cellArt, stamp: stamp))),
            ("sixel (10x20 px cells)", AnyThumbnailRenderer(StampingRenderer(base: AnyThumbnailRenderer(SixelRenderer(cellSize: cell)), stamp: stamp)), .identity),
            ("kitty (10x20 px cells)", AnyThumbnailRenderer(StampingRenderer(base: AnyThumbnailRenderer(KittyRenderer(cellSize: cell)), stamp: stamp)), .identity),
        ]
        print("\n## Camera preview at 80x40 cells: lavfi testsrc2 1280x720 at 30 fps, stamped (\(seconds) s a renderer, after \(warmUp) of warm-up)\n")
        print("| renderer | frames drawn /s | frame age when drawn, median ms | p90 ms | max ms | of which after the pipe read, median ms | CPU mediapick % | CPU ffmpeg % | CPU total % of one core |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (name, renderer, reading) in runs {
            let r = try await previewRun(renderer: renderer, reading: reading, stamp: stamp, ffmpeg: ffmpeg, seconds: seconds)
            let sorted = r.latencies.sorted()
            func at(_ q: Double) -> Int { sorted.isEmpty ? -1 : sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))] }
            let afterRead = r.afterRead.sorted()
            let afterReadMedian = afterRead.isEmpty ? Double.nan : afterRead[afterRead.count / 2] * 1000
            let cells: [String] = [name, f(r.framesPerSecond, 1), "\(at(0.5))", "\(at(0.9))", "\(sorted.last ?? -1)",
                                   f(afterReadMedian, 1), f(r.cpu.own, 0), f(r.cpu.children, 0), f(r.cpu.own + r.cpu.children, 0)]
            print("| " + cells.joined(separator: " | ") + " |")
        }
    }

    private static func f(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    /// Where the picture of a 1280x720 frame lands on the screen: the cell art (letterboxed in
    /// the camera's picture area, all but the title line and the two lines under it) centred
    /// there, as CameraView draws it; found by drawing a white frame the same way.
    private static func picture(of renderer: AnyThumbnailRenderer, stamp: CameraStamp) throws -> Rect {
        let area = Rect(x: 0, y: 1, width: screen.width, height: screen.height - 3)
        let cells = TileSize(columns: area.width, rows: area.height)
        let wanted = renderer.pixelSize(forImageOf: PixelSize(width: stamp.width, height: stamp.height), in: cells)
        guard case .cells(let art) = renderer.render(PixelImage(width: wanted.width, height: wanted.height, fill: (255, 255, 255, 255)), in: cells) else {
            throw BenchError("cell art drew a picture")
        }
        let placed = area.centered(Size(width: art.columns, height: art.rows))
        var drawn = ScreenBuffer(size: screen)
        drawn.draw(art, centeredIn: area)
        let lit = (placed.y..<placed.maxY).flatMap { y in (placed.x..<placed.maxX).map { Point(x: $0, y: y) } }
            .filter { drawn[$0.x, $0.y].style.background.approximateRGB?.r == 255 }
        guard let left = lit.map(\.x).min(), let right = lit.map(\.x).max(), let top = lit.map(\.y).min(), let bottom = lit.map(\.y).max() else {
            throw BenchError("cell art drew nothing of a white frame")
        }
        return Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    @MainActor
    private static func previewRun(renderer: AnyThumbnailRenderer, reading: CameraBenchBackend.Reading, stamp: CameraStamp,
                                   ffmpeg: RawPath, seconds: Int) async throws -> PreviewResult {
        let source = CameraSource.lavfi(stamp.graph(rate: 30))
        let size = try CameraProbe.frameSize(of: source, ffmpeg: ffmpeg)
        let backend = CameraBenchBackend(size: screen, reading: reading, warmUp: warmUp, duration: .seconds(seconds))
        let folder = RawPath(BenchHarness.fixtureDirectory + "/camera-photos")
        let controller = CameraController(source: source, size: size, ffmpeg: ffmpeg, renderer: renderer,
                                          saver: PhotoSaver(folder: folder))
        var start: CPUTime?, end: CPUTime?
        var afterRead: [Double] = []
        backend.onWindowStart = { start = CPUTime.now() }
        backend.onWindowEnd = { end = CPUTime.now() }
        backend.onNewFrame = {
            let c = controller.lastFrameLatency.components
            afterRead.append(Double(c.seconds) + Double(c.attoseconds) / 1e18)
        }
        _ = await Application(backend: backend).run(controller: controller)
        controller.stop()
        guard let start, let end else { throw BenchError("the preview run did not reach its window") }
        return PreviewResult(framesPerSecond: Double(backend.framesDrawn) / Double(seconds), latencies: backend.latencies,
                             afterRead: afterRead, cpu: end.percent(since: start), flushes: backend.flushes)
    }

    // MARK: Shutter

    /// Shutter to file: what `CameraController` does on Use Photo with the frame it holds.
    static func shutter(_ harness: inout BenchHarness, ffmpeg: RawPath) throws {
        let folder = BenchHarness.fixtureDirectory + "/camera-photos"
        try? FileManager.default.removeItem(atPath: folder)
        let saver = PhotoSaver(folder: RawPath(folder))
        var rows: [String] = []
        for (width, height) in [(1280, 720), (1920, 1080)] {
            let frame = try still(width: width, height: height, ffmpeg: ffmpeg)
            let name = "shutter to saved JPEG, \(width)x\(height)"
            try harness.measure(name) { _ = try saver.save(frame.image) }
            harness.measure("  of which RGB to RGBA, \(width)x\(height)") { _ = frame.image }
            let image = frame.image
            try harness.measure("  of which JPEG encode q0.8, \(width)x\(height)") { _ = try JPEGEncoder.encode(image, quality: 0.8) }
            rows += [name, "  of which RGB to RGBA, \(width)x\(height)", "  of which JPEG encode q0.8, \(width)x\(height)"]
        }
        try? FileManager.default.removeItem(atPath: folder)
        harness.report(title: "Camera shutter to saved file (PhotoSaver: encode, write, fsync, link; \(harness.runs) runs)",
                       baseline: "shutter to saved JPEG, 1280x720", rows: rows)
    }

    /// One frame of testsrc2 at `width` x `height`, as the camera's pipe carries it.
    private static func still(width: Int, height: Int, ffmpeg: RawPath) throws -> RGBFrame {
        let arguments = ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=1",
                         "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"].map { Array($0.utf8) }
        guard let process = StreamingProcess.start(ffmpeg, arguments: arguments),
              let bytes = process.read(count: width * height * 3) else { throw BenchError("ffmpeg gave no \(width)x\(height) frame") }
        process.stop()
        return RGBFrame(width: width, height: height, bytes: bytes)
    }
}
