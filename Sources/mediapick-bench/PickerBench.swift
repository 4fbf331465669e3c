#if canImport(Glibc)
import Glibc
#endif
import CellArt
import Foundation
import MediaDecoding
import MediaPicker
import TerminalUI
import Platform

/// `mediapick-bench picker`: the picker's measures (DESIGN §6), side by side with the peer.
///
/// - 100,000 files in one folder: time to the first full screen, RSS, key latency.
/// - 48 12 MP JPEGs: every tile drawn, cold and warm disk cache, beside `djpeg -scale 1/8`
///   run over the same files by two processes (`xargs -P2`), in the same run.
///
/// Inputs are generated once into the harness's fixture directory, outside the repository.
enum PickerBench {
    /// Runs every picker measure: `mediapick-bench picker [100k] [jpeg48]`.
    @MainActor
    static func run(_ harness: inout BenchHarness, _ arguments: [String]) async throws {
        let root = BenchHarness.fixtureDirectory
        print("picker bench: inputs in \(root)")
        if arguments.isEmpty || arguments.contains("100k") { await hundredThousand(root: root) }
        if arguments.isEmpty || arguments.contains("jpeg48") { await jpegFolder(&harness) }
        if arguments.contains("jpeg48-cold") {
            // For profiling: only the cold-cache runs, nothing else in the process.
            let files = BenchHarness.twelveMegapixelJPEGs(count: 48)
            let cacheRoot = BenchHarness.fixtureDirectory + "/picker-thumbnail-cache"
            for _ in 0..<3 {
                try? FileManager.default.removeItem(atPath: cacheRoot)
                let cold = await renderAll(files: files, cacheRoot: cacheRoot)
                let none = await renderAll(files: files, cacheRoot: nil)
                print(String(format: "cold %.3f s, no cache %.3f s", cold.seconds, none.seconds))
            }
        }
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
        // MEDIAPICK_BENCH_GRAPHICS=sixel|kitty|iterm2: the same measures with picture tiles.
        if let name = ProcessInfo.processInfo.environment["MEDIAPICK_BENCH_GRAPHICS"], let graphics = GraphicsProtocol(rawValue: name) {
            configuration.graphics = graphics
            configuration.cellPixelSize = Size(width: 10, height: 20)
            print("100k files: tiles drawn as \(name) pictures")
        }
        let picker = PickerController(configuration: configuration, library: library)
        let size = Size(width: 80, height: 24)
        var buffer = ScreenBuffer(size: size)
        var firstScreen: Duration?
        var draws = 0
        let updates = library.updates()
        var worstScanDraw = Duration.zero
        for await _ in updates {
            let t0 = ContinuousClock.now
            picker.layout(in: buffer.bounds)
            picker.draw(in: buffer.bounds, of: &buffer)
            worstScanDraw = max(worstScanDraw, ContinuousClock.now - t0)
            draws += 1
            if firstScreen == nil, picker.shownEntries.count >= 8 { firstScreen = ContinuousClock.now - start }
            if !library.isBusy { break }
        }
        await library.waitUntilIdle()
        picker.refresh(force: true)
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        let settled = ContinuousClock.now - start
        await picker.pipeline.waitUntilIdle()
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        let tiles = ContinuousClock.now - start

        var worstKey = Duration.zero
        var slow: [String] = []
        var total = Duration.zero
        let keys: [Key] = Array(repeating: .down, count: 50) + Array(repeating: .pageDown, count: 20)
            + [.end, .home, .character(" "), .control("a"), .control("r"), .tab, .tab, .tab]
            + [.character("/"), .character("1"), .character("2"), .character("3"), .backspace, .escape]
        var spentPerKey: [Duration] = []
        for key in keys {
            let t0 = ContinuousClock.now
            _ = picker.handle(.key(key))
            picker.layout(in: buffer.bounds)
            picker.draw(in: buffer.bounds, of: &buffer)
            let spent = ContinuousClock.now - t0
            spentPerKey.append(spent)
            total += spent
            worstKey = max(worstKey, spent)
            if spent > .milliseconds(16) { slow.append(String(format: "%@ %.1f ms", "\(key)", seconds(spent) * 1000)) }
        }
        // PICKER_BENCH_DETAIL=1: how long the search's filtering of 100,000 names takes on its own.
        if ProcessInfo.processInfo.environment["PICKER_BENCH_DETAIL"] != nil {
            var snapshotTime = Duration.seconds(10), refreshTime = Duration.seconds(10)
            for _ in 0..<3 {
                let t0 = ContinuousClock.now
                _ = picker.library.snapshot()
                let t1 = ContinuousClock.now
                picker.refresh(force: true)
                snapshotTime = min(snapshotTime, t1 - t0)
                refreshTime = min(refreshTime, ContinuousClock.now - t1)
            }
            print("  library snapshot \(snapshotTime); snapshot + re-derive with nothing new \(refreshTime) (best of 3)")
            // A file vanishing mid-list: the library drops it and the grid is derived again (the soak
            // has one vanish every 250 ms).
            var vanish = Duration.seconds(10)
            for entry in picker.library.snapshot().entries.dropFirst(5000).prefix(3) {
                let t0 = ContinuousClock.now
                picker.library.markVanished(entry.path)
                picker.refresh()
                vanish = min(vanish, ContinuousClock.now - t0)
            }
            print("  a file vanishes: drop + snapshot + re-derive \(vanish) (best of 3)")
            let snapshot = picker.library.snapshot().entries
            for sort in [SortOrder.date, .name, .size] {
                var best = Duration.seconds(10)
                for _ in 0..<3 {
                    let t0 = ContinuousClock.now
                    let listing = EntryListing(from: snapshot, filter: nil, tab: .all, query: "", sort: sort, reverse: false)
                    best = min(best, ContinuousClock.now - t0)
                    precondition(listing.entries.count == snapshot.count)
                }
                print("  sorting, cataloguing and listing \(snapshot.count) by \(sort): \(best) (best of 3)")
            }
            let all = EntryCatalog(sorted: Array(picker.shownEntries))
            // Plain terms, then fzf's operators (SearchSyntax), which take another loop.
            for query in ["", "1", "12", "123", "1 2", "^img0 !2 | 5.ppm$"] {
                var best = Duration.seconds(10)
                var count = 0
                for _ in 0..<10 {
                    let t0 = ContinuousClock.now
                    count = EntryListing(catalog: all, filter: nil, tab: .all, query: query).entries.count
                    best = min(best, ContinuousClock.now - t0)
                }
                print("  listing '\(query)': \(count) in \(best) (best of 10)")
            }
            let paths = picker.library.snapshot().entries.map(\.path)
            var selectAll = Duration.seconds(10), clear = Duration.seconds(10), copy = Duration.seconds(10)
            for _ in 0..<5 {
                var selection = SelectionModel(limit: 0)
                let t0 = ContinuousClock.now
                selection.selectAll(paths)
                let t1 = ContinuousClock.now
                selection.clear()
                let t2 = ContinuousClock.now
                let copied = paths.map { $0 }
                copy = min(copy, ContinuousClock.now - t2)
                selectAll = min(selectAll, t1 - t0)
                clear = min(clear, t2 - t1)
                precondition(copied.count == paths.count)
            }
            print("  selection of \(paths.count) (best of 5): selectAll \(selectAll), clear \(clear); copying the paths \(copy)")
            for _ in 0..<3 {
                let t0 = ContinuousClock.now
                _ = picker.handle(.key(.control("a")))
                let t1 = ContinuousClock.now
                picker.layout(in: buffer.bounds)
                picker.draw(in: buffer.bounds, of: &buffer)
                let t2 = ContinuousClock.now
                _ = picker.handle(.key(.control("r")))
                print("  Ctrl-A: handle \(t1 - t0), draw \(t2 - t1); Ctrl-R handle \(ContinuousClock.now - t2)")
            }
            for query in ["1", "12"] {
                let t0 = ContinuousClock.now
                for _ in query { _ = picker.handle(.key(.character("/"))) }
                _ = picker.handle(.key(.character(query.last!)))
                let t1 = ContinuousClock.now
                picker.layout(in: buffer.bounds)
                picker.draw(in: buffer.bounds, of: &buffer)
                print("  key '\(query.last!)': handle \(t1 - t0), draw \(ContinuousClock.now - t1)")
            }
        }
        if ProcessInfo.processInfo.environment["PICKER_BENCH_DETAIL"] != nil {
            // Last, as it finishes the picker: Enter with every entry selected (it checks each file still exists).
            _ = picker.handle(.key(.escape))
            _ = picker.handle(.key(.control("a")))
            let t0 = ContinuousClock.now
            _ = picker.handle(.key(.enter))
            print("  Enter with \(picker.selection.count) selected: \(ContinuousClock.now - t0) (finished: \(picker.isFinished))")
        }
        let mem = memory()
        print(String(format: "100k files: first screen %.3f s (target < 0.5 s); all classified %.2f s; visible tiles %.2f s; %d draws",
                     seconds(firstScreen ?? settled), seconds(settled), seconds(tiles), draws))
        print(String(format: "100k files: slowest draw while scanning %.1f ms (it re-derives the grid at most 4 times a second)", seconds(worstScanDraw) * 1000))
        print(String(format: "100k files: RSS %.1f MB now, peak %.1f MB (before the library: %.1f MB; target < 150 MB); entries %d",
                     mem.rss, mem.peak, rssBefore, picker.shownEntries.count))
        print(String(format: "100k files: key + redraw mean %.2f ms, worst %.2f ms over %d keys (target < 16 ms)",
                     seconds(total) * 1000 / Double(keys.count), seconds(worstKey) * 1000, keys.count))
        // The keys that work on every entry, one by one (the tail of `keys`).
        let heavy = spentPerKey.suffix(14).map { String(format: "%.1f", seconds($0) * 1000) }
        print("100k files: ms per key: Ctrl-A \(heavy[3]), Ctrl-R \(heavy[4]), Tab \(heavy[5])/\(heavy[6])/\(heavy[7]), "
              + "first search key \(heavy[9]), later search keys \(heavy[10])/\(heavy[11]), Backspace \(heavy[12]), Escape \(heavy[13])")
        if !slow.isEmpty { print("100k files: keys over 16 ms: " + slow.joined(separator: ", ")) }
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

    /// All 48 tiles of 12 MP JPEGs (the decode bench's fixtures), cold and warm disk cache and
    /// without it, beside `djpeg -scale 1/8` over the same files with two processes, and timg.
    @MainActor
    static func jpegFolder(_ harness: inout BenchHarness) async {
        let files = BenchHarness.twelveMegapixelJPEGs(count: 48)
        let cacheRoot = BenchHarness.fixtureDirectory + "/picker-thumbnail-cache"
        let list = files.map { "'\($0)'" }.joined(separator: " ")
        let runs = 5
        harness.measureShell("djpeg -scale 1/8, xargs -P2", "printf '%s\\n' \(list) | xargs -P2 -n1 djpeg -scale 1/8 -outfile /dev/null", runs: runs)
        var cold: [Double] = [], warm: [Double] = [], none: [Double] = []
        var ready = (cold: 0, warm: 0, none: 0)
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: cacheRoot)
            let c = await renderAll(files: files, cacheRoot: cacheRoot)
            let w = await renderAll(files: files, cacheRoot: cacheRoot)
            let n = await renderAll(files: files, cacheRoot: nil)
            cold.append(c.seconds); warm.append(w.seconds); none.append(n.seconds)
            ready = (c.ready, w.ready, n.ready)
        }
        harness.record("picker, 48 tiles, cold disk cache", samples: cold)
        harness.record("picker, 48 tiles, no disk cache", samples: none)
        harness.record("picker, 48 tiles, warm disk cache", samples: warm)
        harness.measureShell("timg --grid=12", "timg -g 220x58 --grid=12 \(list) > /dev/null 2>&1", runs: 2)
        harness.report(title: "Picker: 48 12 MP JPEGs, every tile (targets: cold <= 1.2x djpeg; warm < 50 ms)",
                       baseline: "djpeg -scale 1/8, xargs -P2",
                       rows: ["djpeg -scale 1/8, xargs -P2", "picker, 48 tiles, cold disk cache", "picker, 48 tiles, no disk cache",
                              "picker, 48 tiles, warm disk cache", "timg --grid=12"])
        print("tiles ready: \(ready.cold)/\(files.count) cold, \(ready.warm) warm, \(ready.none) without cache")
        try? FileManager.default.removeItem(atPath: cacheRoot)
    }

    /// Opens a picker big enough for every file to be visible; times until every tile is done.
    @MainActor
    static func renderAll(files: [String], cacheRoot: String?) async -> (seconds: Double, ready: Int) {
        let start = ContinuousClock.now
        let library = MediaLibrary(name: "jpeg48", sources: files.map { .file(RawPath($0)) })
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.sort = .name
        configuration.diskCacheEnabled = cacheRoot != nil
        configuration.diskCacheRoot = cacheRoot.map(RawPath.init)
        let picker = PickerController(configuration: configuration, library: library)
        var buffer = ScreenBuffer(size: Size(width: 220, height: 58))
        await library.waitUntilIdle()
        picker.refresh(force: true)
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        await picker.pipeline.waitUntilIdle()
        picker.layout(in: buffer.bounds)
        picker.draw(in: buffer.bounds, of: &buffer)
        let elapsed = seconds(ContinuousClock.now - start)
        // Not timed: the cache entries are written after the tiles are shown.
        await picker.pipeline.waitForCacheWrites()
        return (elapsed, picker.pipeline.statistics.finished)
    }

    // MARK: Helpers

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
