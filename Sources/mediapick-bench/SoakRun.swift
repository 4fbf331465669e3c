#if canImport(Glibc)
import Glibc
#endif
import CursesBackend
import Foundation
import MediaPicker
import Platform
import TerminalUI
import Thumbnails

/// The soak's child: the picker on the real curses terminal (the pseudo-terminal the parent
/// made), the keys from `SoakBackend`, the files vanishing through `SoakVanisher`; a sample
/// of RSS and the counters each `sampleInterval`, and the report at the end.
@MainActor
enum SoakRun {
    /// One sample.
    struct Sample {
        var seconds: Double
        var rssMB: Double
        var keys: Int
        var finished: Int
        /// Of `finished`, tiles drawn in part (a broken file cut short).
        var partial: Int
        var failed: Int
        /// Tiles made again because their file changed (`ThumbnailPipeline.Statistics.renewed`).
        var renewed: Int
        var slowestMS: Double
        var load: String
    }

    /// Runs the picker for `options.duration`; true when every goal was met.
    static func run(_ options: SoakOptions, folder: String, away: String) async throws -> Bool {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        let cache = folder + "-cache"
        try? FileManager.default.removeItem(atPath: cache)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(colors: nil, mouse: false, facts: nil)
        } catch {
            throw BenchError("soak: no terminal: \(error)")
        }
        let library = MediaLibrary(folders: [RawPath(folder)])
        let picker = PickerController(configuration: configuration(colors: terminal.colorDepth, cache: cache), library: library)
        let steal = StealMonitor()
        let backend = SoakBackend(inner: terminal, seed: options.seed, keyInterval: .seconds(1) / options.keysPerSecond,
                                  duration: options.duration, sampleInterval: options.sampleInterval, wholeFrames: options.wholeFrames,
                                  slowKeyLog: options.slowKeyLog, steal: steal) {
            SoakKeys.State(editingSearch: picker.search.isEditing, hasQuery: !picker.search.text.isEmpty)
        }
        var samples: [Sample] = []
        func sample() {
            let stats = picker.pipeline.statistics
            samples.append(Sample(seconds: PickerBench.seconds(ContinuousClock.now - backend.start), rssMB: PickerBench.memory().rss,
                                  keys: backend.latencies.count, finished: stats.finished, partial: stats.partial, failed: stats.failed, renewed: stats.renewed,
                                  slowestMS: backend.takeSlowestSinceSample(), load: loadAverage()))
        }
        backend.onSample = sample
        let vanisher = SoakVanisher(folder: folder, away: away, names: names, seed: options.seed)
        let application = Application(backend: backend, stopsWith: [PickerResult].self)
        let finisher = SoakFinisher(application: application)
        picker.delegate = finisher
        sample()  // minute 0: before the first screen
        let outcome = await application.run(controller: picker)
        try? await Task.sleep(for: .milliseconds(40))  // the last key's steal is counted a tick late
        backend.countSteal()
        steal.stop()
        withExtendedLifetime(finisher) {}
        // The last sample, unless the backend has just taken it.
        if let last = samples.last, PickerBench.seconds(ContinuousClock.now - backend.start) - last.seconds > 1 { sample() }
        vanisher.stop()
        library.cancel()
        terminal.restore()
        await picker.pipeline.waitForCacheWrites()
        try? FileManager.default.removeItem(atPath: cache)
        let report = SoakReport(options: options, files: names.count, samples: samples, backend: backend,
                                vanished: vanisher.counts, steal: steal, finishedEarly: finisher.finished, outcome: "\(outcome)",
                                pixels: picker.pipeline.pixels.statistics,
                                largePixelMB: Double(picker.pipeline.pixels.largeByteCount) / 1e6,
                                renderedTiles: picker.pipeline.memoryUse)
        report.print()
        return report.goalsMet
    }

    /// The picker as the soak (and `pages`) runs it: no selection limit, sorted by name, the
    /// terminal's colours, the disk cache in `cache`.
    static func configuration(colors: ColorDepth, cache: String) -> PickerConfiguration {
        var configuration = PickerConfiguration()
        configuration.selectionLimit = PickerConfiguration.noSelectionLimit
        configuration.sort = .name
        configuration.colors = colors
        configuration.diskCacheEnabled = true
        configuration.diskCacheRoot = RawPath(cache)
        return configuration
    }

    /// The load averages (1, 5, 15 minutes), from /proc/loadavg.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// The picker's delegate: it should never be called (the keys never confirm or cancel); if it
/// is, the run stops and the report says so.
@MainActor
final class SoakFinisher: PickerDelegate {
    private let application: Application<[PickerResult]>
    private(set) var finished = false

    init(application: Application<[PickerResult]>) { self.application = application }

    func picker(_ picker: PickerController, didFinishPicking results: [PickerResult]) {
        finished = true
        application.stop(results)
    }
}
