import Thumbnails
import Foundation

/// The soak's table and goals.
struct SoakReport {
    let options: SoakOptions
    let files: Int
    let samples: [SoakRun.Sample]
    let latencies: LatencyHistogram
    let cpuTimes: LatencyHistogram
    let completions: LatencyHistogram
    let mostCPU: (what: String, ms: Double, at: Double)?
    let cpuByKind: [String: (count: Int, totalMS: Double, mostMS: Double)]
    let cpuUnmeasured: Int
    let slowest: [(what: String, ms: Double, at: Double)]
    let counts: [String: Int]
    let foreignEvents: Int
    let vanished: (vanished: Int, returned: Int)
    let finishedEarly: Bool
    let outcome: String
    let pixels: ThumbnailPixelCache.Statistics
    let largePixelMB: Double
    /// The rendered tiles' memory cache at the end: cells held, and how often it let the least recently used go.
    let renderedTiles: (cells: Int, evictionPasses: Int)
    let phases: SoakPhases
    let heavyKeys: SoakHeavyKeys
    /// Keys, and keys over the limit, during which the host stole time from the cores, and
    /// the steal over the whole run as a share of the cores.
    let stolen: (all: Int, slow: Int, share: Double)
    /// The host's steal during each row of `phases.slow`, in ms of a core (nil where /proc/stat
    /// has no steal column): tells a key the host slowed from one the program did.
    let slowStolenMS: [Double?]
    /// The same for each row of `heavyKeys.keys`.
    let heavyStolenMS: [Double?]

    @MainActor
    init(options: SoakOptions, files: Int, samples: [SoakRun.Sample], backend: SoakBackend,
         vanished: (vanished: Int, returned: Int), steal: StealMonitor, finishedEarly: Bool, outcome: String,
         pixels: ThumbnailPixelCache.Statistics, largePixelMB: Double, renderedTiles: (cells: Int, evictionPasses: Int)) {
        self.pixels = pixels
        self.renderedTiles = renderedTiles
        self.largePixelMB = largePixelMB
        self.options = options
        self.files = files
        self.samples = samples
        latencies = backend.latencies
        cpuTimes = backend.cpuTimes
        completions = backend.completions
        mostCPU = backend.mostCPU
        cpuByKind = backend.cpuByKind
        cpuUnmeasured = backend.cpuUnmeasured
        slowest = backend.slowest
        phases = backend.phases
        heavyKeys = backend.heavyKeys
        stolen = (backend.stolenSteps.all, backend.stolenSteps.slow, steal.share(cores: ProcessInfo.processInfo.activeProcessorCount))
        // /proc/stat counts in 1/100 s of a core.
        func stolenMS(_ from: ContinuousClock.Instant, _ to: ContinuousClock.Instant) -> Double? {
            steal.isSampling ? Double(steal.jiffies(from: from, to: to) * 10) : nil
        }
        slowStolenMS = backend.phases.slow.map { stolenMS($0.span.due, $0.span.done) }
        heavyStolenMS = backend.heavyKeys.keys.map { stolenMS($0.span.start, $0.span.done) }
        counts = backend.counts
        foreignEvents = backend.foreignEvents.count
        self.vanished = vanished
        self.finishedEarly = finishedEarly
        self.outcome = outcome
    }

    /// The limit no key may pass, in ms.
    static let keyLimit = 16.0

    /// The RSS check: the reference sample (minute 10, or the middle one in a short run), the
    /// samples it is compared with (the last 10 minutes, or everything after the middle), and
    /// the largest relative difference.
    var rssCheck: (reference: SoakRun.Sample, window: [SoakRun.Sample], worst: Double)? {
        let perMinute = 60.0 / PickerBench.seconds(options.sampleInterval)
        let timed = samples.dropFirst()  // minute 0 is before the first screen
        guard timed.count >= 2 else { return nil }
        let tenMinutes = Int((10 * perMinute).rounded())
        let referenceIndex = timed.count >= 2 * tenMinutes ? tenMinutes - 1 : timed.count / 2 - 1
        let reference = timed[timed.startIndex + referenceIndex]
        let window = Array(timed.suffix(timed.count >= 2 * tenMinutes ? tenMinutes : timed.count - referenceIndex - 1))
        let worst = window.map { abs($0.rssMB - reference.rssMB) / reference.rssMB }.max() ?? 0
        return (reference, window, worst)
    }

    var slowestMS: Double { slowest.first?.ms ?? 0 }
    var goalsMet: Bool { !finishedEarly && foreignEvents == 0 && slowestMS <= Self.keyLimit && (rssCheck?.worst ?? 0) <= 0.10 }

    func print() {
        let minutes = PickerBench.seconds(options.duration) / 60
        Swift.print("\n## Soak: \(String(format: "%g", minutes)) min, \(files) files, seed \(options.seed), "
                    + "\(options.keysPerSecond) keys/s, curses on a pseudo-terminal (xterm-256color, true colour)\n")
        Swift.print("| time | RSS MB | keys | thumbnails made | failed | slowest key ms | load avg |")
        Swift.print("|---:|---:|---:|---:|---:|---:|---|")
        for s in samples {
            Swift.print(String(format: "| %@ | %.1f | %d | %d | %d | %.2f | %@ |", clock(s.seconds), s.rssMB, s.keys, s.finished,
                               s.failed, s.slowestMS, s.load))
        }
        let last = samples.last
        Swift.print("")
        Swift.print("| measure | value | goal |")
        Swift.print("|---|---|---|")
        Swift.print("| crash | none (\(finishedEarly ? "the picker FINISHED early" : outcome)) | none |")
        Swift.print(String(format: "| keys handled | %d (%@) | |", latencies.count,
                           counts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        Swift.print(String(format: "| key (from when it was due) + draw, median / p99 | %.2f / %.2f ms | |", latencies.quantile(0.5), latencies.quantile(0.99)))
        Swift.print(String(format: "| slowest key | %.2f ms (%@) | <= 16 ms: %@ |", slowestMS,
                           slowest.first.map { "\($0.what) at \(clock($0.at))" } ?? "-", slowestMS <= Self.keyLimit ? "met" : "MISSED"))
        let slowCount = latencies.over(Self.keyLimit)
        Swift.print(String(format: "| keys over 16 ms | %d | 0 |", slowCount))
        Swift.print(String(format: "| keys during which the host stole time (hypervisor steal, %.1f %% of the cores over the run): over 16 ms / all | %d of %d (%.0f %%) / %d of %d (%.1f %%) | |",
                           stolen.share * 100, stolen.slow, slowCount, Double(stolen.slow) * 100 / Double(max(1, slowCount)),
                           stolen.all, latencies.count, Double(stolen.all) * 100 / Double(max(1, latencies.count))))
        Swift.print(String(format: "| key until its frame is complete (the last part of a frame sent in parts), median / p99 / most; over 16 ms | %.2f / %.2f / %.2f ms; %d of %d | |",
                           completions.quantile(0.5), completions.quantile(0.99), completions.quantile(1), completions.over(Self.keyLimit), completions.count))
        Swift.print(String(format: "| main-thread CPU per key, median / p99 / most | %.2f / %.2f / %.2f ms (%@) | |", cpuTimes.quantile(0.5),
                           cpuTimes.quantile(0.99), mostCPU?.ms ?? 0, mostCPU.map { "\($0.what) at \(clock($0.at))" } ?? "-"))
        Swift.print(String(format: "| keys over 16 ms of main-thread CPU | %d (%d keys not timed: they changed threads) | |",
                           cpuTimes.over(Self.keyLimit), cpuUnmeasured))
        Swift.print("| most CPU by kind of key: most / mean ms (count) | " + cpuByKind.sorted { $0.value.mostMS > $1.value.mostMS }.prefix(6)
            .map { String(format: "%@ %.2f / %.2f (%d)", $0.key, $0.value.mostMS, $0.value.totalMS / Double(max(1, $0.value.count)), $0.value.count) }
            .joined(separator: "; ") + " | |")
        Swift.print("| five slowest | " + slowest.map { String(format: "%@ %.2f ms at %@", $0.what, $0.ms, clock($0.at)) }
            .joined(separator: "; ") + " | |")
        if let check = rssCheck {
            let range = check.window.map(\.rssMB)
            Swift.print(String(format: "| RSS at %@ vs after %@ | %.1f MB vs %.1f–%.1f MB (worst %+.1f %%) | within 10 %%: %@ |",
                               clock(check.reference.seconds), clock(check.window.first!.seconds), check.reference.rssMB,
                               range.min()!, range.max()!, check.worst * 100, check.worst <= 0.10 ? "met" : "MISSED"))
        }
        Swift.print("| thumbnails made (of them drawn in part, their file cut short) / failed / made again because their file changed | \(last?.finished ?? 0) (\(last?.partial ?? 0)) / \(last?.failed ?? 0) / \(last?.renewed ?? 0) | |")
        Swift.print("| pixel cache hits / misses, small (256 px) | \(pixels.smallHits) / \(pixels.smallMisses) | |")
        Swift.print(String(format: "| pixel cache hits / misses, large (oversampled) | %d / %d (%.1f MB held at the end) | |",
                           pixels.largeHits, pixels.largeMisses, largePixelMB))
        Swift.print("| rendered tiles in memory at the end: cells; times the least recently used were let go | \(renderedTiles.cells); \(renderedTiles.evictionPasses) | |")
        Swift.print("| files vanished / came back | \(vanished.vanished) / \(vanished.returned) | |")
        Swift.print("")
        printPhases()
        Swift.print("")
        printHeavyKeys()
        Swift.print("")
        let rss = samples.dropFirst().map(\.rssMB)
        Swift.print(String(format: "soak-summary keys=%d finished=%d partial=%d failed=%d renewed=%d rss_first_mb=%.1f rss_max_mb=%.1f rss_last_mb=%.1f "
                           + "slowest_ms=%.2f median_ms=%.2f p99_ms=%.2f most_cpu_ms=%.2f vanished=%d returned=%d goals=%@",
                           latencies.count, last?.finished ?? 0, last?.partial ?? 0, last?.failed ?? 0, last?.renewed ?? 0, rss.first ?? 0, rss.max() ?? 0, rss.last ?? 0,
                           slowestMS, latencies.quantile(0.5), latencies.quantile(0.99), mostCPU?.ms ?? 0, vanished.vanished, vanished.returned,
                           goalsMet ? "met" : "missed"))
    }

    /// Where the keys over the limit spent their time (see `SoakPhases`).
    private func printPhases() {
        let n = Double(max(1, phases.count)), s = phases.sums
        Swift.print(String(format: "Keys over %.0f ms: %d. Mean ms: before it was read %.2f, handled + other main-actor work %.2f, compose %.2f, "
                           + "draw + flush %.2f, after %.2f; on one thread (%d): ran %.2f, waited for a core %.2f, the rest blocked or asleep; wrote %.0f KB.",
                           Self.keyLimit, phases.count, s.untilRead / n, s.beforeRender / n, s.compose / n, s.write / n, s.after / n, s.sameThread,
                           s.ran / Double(max(1, s.sameThread)), s.queued / Double(max(1, s.sameThread)),
                           Double(s.written) / 1000 / Double(max(1, s.sameThread))))
        Swift.print("\n| slow key | at | total | before it was read | handled + other work | compose | draw + flush | after | ran | waited for a core | KB written | host stole |")
        Swift.print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (k, stole) in zip(phases.slow, slowStolenMS) {
            Swift.print(String(format: "| %@ | %@ | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %@ | %@ | %@ | %@ |", k.what, clock(k.at), k.total, k.untilRead, k.beforeRender,
                               k.compose, k.write, k.after, k.ran.map { String(format: "%.1f", $0) } ?? "-",
                               k.queued.map { String(format: "%.1f", $0) } ?? "-", k.written.map { String(format: "%.1f", Double($0) / 1000) } ?? "-",
                               millis(stole)))
        }
    }

    /// The keys that took the most main-thread CPU, with the kernel's split of it (see `SoakHeavyKeys`).
    private func printHeavyKeys() {
        let typical = Double(heavyKeys.allFaults.faults) / Double(max(1, heavyKeys.allFaults.keys))
        Swift.print(String(format: "Keys of %.0f ms of main-thread CPU or more: the heaviest %d (a key takes %.1f minor page faults on average).",
                           SoakHeavyKeys.limit, heavyKeys.keys.count, typical))
        Swift.print("\n| heavy key | at | CPU ms | user ms | system ms | minor faults | major faults | handled + other work | compose | draw + flush | host stole |")
        Swift.print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (k, stole) in zip(heavyKeys.keys, heavyStolenMS) {
            Swift.print(String(format: "| %@ | %@ | %.1f | %.1f | %.1f | %d | %d | %.1f | %.1f | %.1f | %@ |", k.what, clock(k.at), k.cpuMS, k.userMS,
                               k.systemMS, k.minorFaults, k.majorFaults, k.phases?.beforeRender ?? 0, k.phases?.compose ?? 0, k.phases?.write ?? 0,
                               millis(stole)))
        }
    }

    /// A steal figure for a table: "-" where it was not sampled.
    private func millis(_ ms: Double?) -> String {
        ms.map { String(format: "%.0f", $0) } ?? "-"
    }

    private func clock(_ seconds: Double) -> String {
        String(format: "%d:%02d", Int(seconds) / 60, Int(seconds) % 60)
    }
}
