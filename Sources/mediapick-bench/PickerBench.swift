#if canImport(Glibc)
import Glibc
#endif
import CellArt
import Foundation
import MediaDecoding
import MediaPicker
import TerminalUI

/// `mediapick-bench picker`: the picker's measures (DESIGN §6), side by side with the peer.
///
/// - 100,000 files in one folder: time to the first full screen, RSS, key latency.
/// - 48 12 MP JPEGs: every tile drawn, cold and warm disk cache, beside `djpeg -scale 1/8`
///   run over the same files by two processes (`xargs -P2`), in the same run.
///
/// Inputs are generated once into `$MEDIAPICK_BENCH_DIR` (default `~/.cache/mediapick-bench`),
/// outside the repository.
enum PickerBench {
    /// Runs every picker measure and prints one line per figure.
    @MainActor
    static func run(arguments: [String] = []) async {
        let root = benchRoot()
        print("picker bench — inputs in \(root), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        if arguments.isEmpty || arguments.contains("100k") { await hundredThousand(root: root) }
        if arguments.isEmpty || arguments.contains("jpeg48") { await jpegFolder(root: root) }
    }

    static func benchRoot() -> String {
        let env = ProcessInfo.processInfo.environment
        let root = env["MEDIAPICK_BENCH_DIR"] ?? ((env["HOME"] ?? "/tmp") + "/.cache/mediapick-bench")
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    // MARK: 100,000 files

    @MainActor
    static func hundredThousand(root: String) async {
        let folder = root + "/100k"
        makeHundredThousand(folder)
        let rssBefore = memory().rss
        let start = ContinuousClock.now
        let library = MediaLibrary(folders: [RawPath(folder)])
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.diskCacheEnabled = false
        let picker = PickerController(configuration: configuration, library: library)
        let size = Size(width: 80, height: 24)
        var buffer = ScreenBuffer(size: size)
        var firstScreen: Duration?
        var draws = 0
        let updates = library.updates()
        for await _ in updates {
            picker.draw(in: buffer.bounds, of: &buffer)
            draws += 1
            if firstScreen == nil, picker.shownEntries.count >= 8 { firstScreen = ContinuousClock.now - start }
            if !library.isBusy { break }
        }
        await library.waitUntilIdle()
        picker.refresh(force: true)
        picker.draw(in: buffer.bounds, of: &buffer)
        let settled = ContinuousClock.now - start
        await picker.pipeline.waitUntilIdle()
        picker.draw(in: buffer.bounds, of: &buffer)
        let tiles = ContinuousClock.now - start

        var worstKey = Duration.zero
        var total = Duration.zero
        let keys: [Key] = Array(repeating: .down, count: 50) + Array(repeating: .pageDown, count: 20) + [.end, .home, .character(" "), .control("a"), .control("r")]
        for key in keys {
            let t0 = ContinuousClock.now
            _ = picker.handle(.key(key))
            picker.draw(in: buffer.bounds, of: &buffer)
            let spent = ContinuousClock.now - t0
            total += spent
            worstKey = max(worstKey, spent)
        }
        let mem = memory()
        print(String(format: "100k files: first screen %.3f s (target < 0.5 s); all classified %.2f s; visible tiles %.2f s; %d draws",
                     seconds(firstScreen ?? settled), seconds(settled), seconds(tiles), draws))
        print(String(format: "100k files: RSS %.1f MB now, peak %.1f MB (before the library: %.1f MB; target < 150 MB); entries %d",
                     mem.rss, mem.peak, rssBefore, picker.shownEntries.count))
        print(String(format: "100k files: key + redraw mean %.2f ms, worst %.2f ms over %d keys (target < 16 ms)",
                     seconds(total) * 1000 / Double(keys.count), seconds(worstKey) * 1000, keys.count))
        library.cancel()
    }

    /// 100,000 tiny PPM images (so every file is media), made once.
    static func makeHundredThousand(_ folder: String) {
        let marker = folder + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let t0 = ContinuousClock.now
        var bytes = Array("P6\n2 2\n255\n".utf8)
        for i in 0..<100_000 {
            bytes.removeLast(bytes.count - 11)
            let shade = UInt8(i % 251)
            bytes += [shade, 0, 255 - shade, 0, shade, 0, 255, 255, 255, shade, shade, shade]
            let path = folder + String(format: "/img%06d.ppm", i)
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0 {
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
        }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        print(String(format: "(made 100,000 files in %.1f s)", seconds(ContinuousClock.now - t0)))
    }

    // MARK: 48 12 MP JPEGs

    @MainActor
    static func jpegFolder(root: String) async {
        let folder = root + "/jpeg48"
        guard makeJPEGs(folder) else {
            print("jpeg48: ImageMagick's `convert` is missing; skipped")
            return
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".jpg") }.sorted() ?? []
        let cacheRoot = root + "/thumbnail-cache"
        try? FileManager.default.removeItem(atPath: cacheRoot)

        let djpeg = shell("cd '\(folder)' && ls *.jpg | xargs -P2 -n1 sh -c 'djpeg -scale 1/8 \"$0\" > /dev/null'")
        let cold = await renderAll(folder: folder, cacheRoot: cacheRoot)
        let warm = await renderAll(folder: folder, cacheRoot: cacheRoot)
        let noCache = await renderAll(folder: folder, cacheRoot: nil)
        let djpegAgain = shell("cd '\(folder)' && ls *.jpg | xargs -P2 -n1 sh -c 'djpeg -scale 1/8 \"$0\" > /dev/null'")
        let timg = shell("cd '\(folder)' && timg -g 220x58 --grid=12 *.jpg > /dev/null 2>&1")
        let peer = min(djpeg, djpegAgain)
        print(String(format: "jpeg48 (%d files): djpeg -scale 1/8, xargs -P2: %.3f s (runs %.3f / %.3f)", files.count, peer, djpeg, djpegAgain))
        print(String(format: "jpeg48: picker, cold disk cache: %.3f s = %.2fx djpeg (target <= 1.2x)", cold.seconds, cold.seconds / peer))
        print(String(format: "jpeg48: picker, no disk cache:   %.3f s = %.2fx djpeg", noCache.seconds, noCache.seconds / peer))
        print(String(format: "jpeg48: picker, warm disk cache: %.1f ms (target < 50 ms)", warm.seconds * 1000))
        print(String(format: "jpeg48: timg --grid: %.3f s; picker cold is %.2fx faster", timg, timg / cold.seconds))
        print("jpeg48: tiles ready \(cold.ready)/\(files.count) cold, \(warm.ready) warm, \(noCache.ready) without cache")
    }

    /// Opens a picker big enough for every file to be visible; times until every tile is done.
    @MainActor
    static func renderAll(folder: String, cacheRoot: String?) async -> (seconds: Double, ready: Int) {
        let start = ContinuousClock.now
        let library = MediaLibrary(folders: [RawPath(folder)])
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.sort = .name
        configuration.diskCacheEnabled = cacheRoot != nil
        configuration.diskCacheRoot = cacheRoot.map(RawPath.init)
        let picker = PickerController(configuration: configuration, library: library)
        var buffer = ScreenBuffer(size: Size(width: 220, height: 58))
        await library.waitUntilIdle()
        picker.refresh(force: true)
        picker.draw(in: buffer.bounds, of: &buffer)
        await picker.pipeline.waitUntilIdle()
        picker.draw(in: buffer.bounds, of: &buffer)
        let elapsed = seconds(ContinuousClock.now - start)
        return (elapsed, picker.pipeline.statistics.finished)
    }

    /// 48 different 4000x3000 JPEGs, made once with ImageMagick.
    static func makeJPEGs(_ folder: String) -> Bool {
        let marker = folder + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return true }
        guard shell("command -v convert >/dev/null") >= 0 else { return false }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let t0 = ContinuousClock.now
        let base = folder + "/base.miff"
        _ = shell("convert -size 1000x750 plasma:fractal -blur 0x1 -resize 4000x3000! '\(base)'")
        _ = shell("cd '\(folder)' && for i in $(seq 1 48); do echo $i; done | xargs -P2 -I{} sh -c "
                  + "'convert base.miff -roll +$(({}*83))+$(({}*47)) -modulate 100,100,$(({}*7 % 200)) -quality 90 photo{}.jpg'")
        try? FileManager.default.removeItem(atPath: base)
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jpg") }.count
        guard count == 48 else { return false }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        print(String(format: "(made 48 12 MP JPEGs in %.1f s)", seconds(ContinuousClock.now - t0)))
        return true
    }

    // MARK: Helpers

    /// Runs a shell command; returns its wall time in seconds (-1 when it could not start or failed).
    @discardableResult
    static func shell(_ command: String) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let t0 = ContinuousClock.now
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? seconds(ContinuousClock.now - t0) : -1
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Resident and peak resident memory in MB, from /proc/self/status.
    static func memory() -> (rss: Double, peak: Double) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "0").map { $0 / 1024 } ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}

extension PickerBench {
    /// The `mediapick-bench picker` stage.
    static func run(_ harness: inout BenchHarness, arguments: [String]) async throws {
        await run(arguments: arguments)
    }
}
