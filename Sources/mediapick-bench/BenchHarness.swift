import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timings of one measured thing.
struct Measurement {
    /// What was measured.
    var name: String
    /// Wall-clock seconds of each run.
    var samples: [Double]
    /// For commands timed round-robin (`measureCommandsInterleaved`): which batch; sample `i` of
    /// every measurement of a batch was taken in round `i`.
    var batch: Int? = nil

    /// The median run, the figure reported (robust to a stray slow run).
    var median: Double { Self.median(samples) }

    /// The fastest run.
    var best: Double { samples.min() ?? .nan }

    /// The median of this measurement's run minus `baseline`'s in the same round, when both were
    /// timed in one round-robin batch: on a machine whose speed drifts from minute to minute (a
    /// virtual machine's neighbours) the difference within a round moves far less than either
    /// median does, so a small gap (a few milliseconds) is read from this rather than from the
    /// difference of the two medians.
    func pairedDifference(from baseline: Measurement) -> Double? {
        guard let batch, batch == baseline.batch, samples.count == baseline.samples.count else { return nil }
        return Self.median(zip(samples, baseline.samples).map { $0 - $1 })
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Measures code and whole commands side by side, and prints them as a table with ratios.
/// Benchmarks are programs, not tests: nothing here asserts, it reports.
struct BenchHarness {
    /// Runs per measurement (after one warm-up run).
    var runs: Int = 10
    /// Everything measured so far, in order.
    private(set) var results: [Measurement] = []

    /// Times `body` `runs` times after one warm-up.
    @discardableResult
    mutating func measure(_ name: String, runs: Int? = nil, _ body: () throws -> Void) rethrows -> Measurement {
        try body()
        var samples: [Double] = []
        for _ in 0..<(runs ?? self.runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let m = Measurement(name: name, samples: samples)
        results.append(m)
        return m
    }

    /// Adds timings taken elsewhere (async work the closure-based `measure` cannot time).
    mutating func record(_ name: String, samples: [Double]) {
        results.append(Measurement(name: name, samples: samples))
    }

    /// Times a whole process (`argv[0]` looked up on PATH, output discarded); nil when the
    /// program is not installed, so a missing peer is reported rather than fatal.
    @discardableResult
    mutating func measureCommand(_ name: String, _ argv: [String], runs: Int? = nil) -> Measurement? {
        guard let spawn = Self.spawner(name, argv) else { return nil }
        return measure(name, runs: runs, spawn)
    }

    /// Times several whole processes round-robin: each round runs every command once, in an
    /// order that rotates from round to round, so that a machine slowing down or speeding up
    /// during the measurement (a virtual machine's neighbours) weighs on all of them alike and
    /// the ratios stay fair. Commands whose program is missing are reported and left out.
    mutating func measureCommandsInterleaved(_ commands: [(name: String, argv: [String])], runs: Int? = nil) {
        let present = commands.compactMap { command in Self.spawner(command.name, command.argv).map { (command.name, $0) } }
        guard !present.isEmpty else { return }
        present.forEach { $0.1() }  // one warm-up each
        var samples = Array(repeating: [Double](), count: present.count)
        for round in 0..<(runs ?? self.runs) {
            for step in 0..<present.count {
                let k = (round + step) % present.count
                let start = DispatchTime.now().uptimeNanoseconds
                present[k].1()
                samples[k].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        let batch = (results.compactMap(\.batch).max() ?? 0) + 1
        for (k, command) in present.enumerated() { results.append(Measurement(name: command.0, samples: samples[k], batch: batch)) }
    }

    /// A closure that runs `argv` once as a whole process (output discarded), or nil (and a
    /// note) when the program is not installed.
    private static func spawner(_ name: String, _ argv: [String]) -> (() -> Void)? {
        guard let executable = Self.which(argv[0]) else {
            print("  (skipped \(name): \(argv[0]) is not installed)")
            return nil
        }
        // posix_spawn and a blocking waitpid: Foundation's Process notices a child's exit
        // only at a coarse poll (tens of milliseconds), which would swamp what is measured.
        return {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var cArgs = ([executable] + argv.dropFirst()).map { strdup($0) } + [nil]
            defer { cArgs.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, executable, &actions, nil, &cArgs, environ) == 0 else { return }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Times a shell command line (for pipelines such as `xargs -P2`).
    @discardableResult
    mutating func measureShell(_ name: String, _ commandLine: String, runs: Int? = nil) -> Measurement? {
        measureCommand(name, ["sh", "-c", commandLine], runs: runs)
    }

    /// Prints the measurements named in `rows`, each with its ratio to `baseline`.
    func report(title: String, baseline: String, rows: [String]? = nil) {
        print("\n## \(title)\n")
        let base = results.last { $0.name == baseline }
        // Round-robin batches also get each row's median difference from the baseline within a round.
        let paired = base?.batch != nil
        print("| what | median ms | best ms | ratio to \(baseline) |" + (paired ? " median of per-round differences, ms |" : ""))
        print("|---|---:|---:|---:|" + (paired ? "---:|" : ""))
        for m in results where rows?.contains(m.name) ?? true {
            let ratio = base.map { String(format: "%.2fx", m.median / $0.median) } ?? "–"
            var line = String(format: "| %@ | %.2f | %.2f | %@ |", m.name, m.median * 1000, m.best * 1000, ratio)
            if paired { line += base.flatMap(m.pairedDifference).map { String(format: " %+.2f |", $0 * 1000) } ?? " – |" }
            print(line)
        }
    }

    /// The absolute path of an executable on PATH (or the path itself when it has a slash).
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a shell command and returns its stdout (for making fixtures with ImageMagick).
    @discardableResult
    static func shell(_ commandLine: String) -> String {
        let p = Process()
        let pipe = Pipe()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", commandLine]
        p.standardOutput = pipe
        try? p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Where generated benchmark inputs are kept between runs (outside the repository).
    static var fixtureDirectory: String {
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        let dir = base + "/mediapick-bench"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `count` different 12-megapixel (4000x3000) photo-like JPEGs, made once with ImageMagick.
    static func twelveMegapixelJPEGs(count: Int) -> [String] {
        let dir = fixtureDirectory + "/jpeg12mp"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return (0..<count).map { i in
            let path = String(format: "%@/photo-%03d.jpg", dir, i)
            if !FileManager.default.fileExists(atPath: path) {
                // Plasma fractal noise has photo-like detail at every scale; seeded, so reproducible.
                shell("convert -size 1000x750 -seed \(i + 1) plasma:fractal -blur 0x1 -resize 4000x3000! -quality 90 '\(path)'")
            }
            return path
        }
    }
}
