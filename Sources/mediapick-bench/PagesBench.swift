#if canImport(Glibc)
import Glibc
#endif
import CursesBackend
import Foundation
import MediaPicker
import Platform
import TerminalUI

/// `mediapick-bench pages`: what a new page of ready tiles costs the main thread — the soak's
/// heaviest keys (issue 14 §3), made to order. The picker runs as in the soak (the real curses
/// terminal on a pseudo-terminal of `--size`, true colour, the soak's folder of 20,000
/// names), but keys are sent one at a time by a script: first PageDown through `--pages`
/// pages, each time waiting until every wanted tile is made, so that every page holds ready
/// cell art; then `--rounds` times PageUp back to the top and PageDown to the bottom again,
/// each key measured on the main thread's own CPU clock:
///
/// - **turn**: what the soak counts as the key — handling it and the frame's first part
///   (the run loop's turn), split into *send* (the key routed and the model updated),
///   *compose* (views resolved, the frame composed, colours mapped, the diff; up to the first
///   `draw`) and *draw* (the backend's `draw` and `flush` of that part);
/// - **rest**: the frame's later parts, each a later turn of the run loop;
/// - the minor page faults of the turn.
enum PagesBench {
    struct Options {
        var columns = 200, rows = 60
        var pages = 6
        var rounds = 3
        var verbose = false
        var childFolder: String?

        static let usage = "mediapick-bench pages [--size WxH] [--pages N] [--rounds R] [--verbose]"

        init(_ arguments: [String]) throws {
            var arguments = BenchArguments(arguments, command: "pages", usage: Self.usage)
            while let argument = arguments.next() {
                switch argument {
                case "--size": (columns, rows) = try arguments.size(of: argument)
                case "--pages": pages = try arguments.number(of: argument)
                case "--rounds": rounds = try arguments.number(of: argument)
                case "--verbose": verbose = true
                case "--child-folder": childFolder = try arguments.value(of: argument)
                default: throw arguments.unknown(argument)
                }
            }
        }

        var childArguments: [String] {
            ["--size", "\(columns)x\(rows)", "--pages", "\(pages)", "--rounds", "\(rounds)"] + (verbose ? ["--verbose"] : [])
        }
    }

    /// Runs the measure (or, with `--child-folder`, is the child on the pseudo-terminal).
    @MainActor
    static func run(_ harness: inout BenchHarness, _ arguments: [String]) async throws {
        let options = try Options(arguments)
        if let folder = options.childFolder {
            ProcessMemory.giveLargeBlocksBack()  // as mediapick's main does
            try await child(options, folder: folder)
            fflush(nil)
            return
        }
        let folder = try SoakFolder.prepare(SoakFolder.Request(), root: BenchHarness.fixtureDirectory)
        print("pages: \(folder.names.count) names in \(folder.path), terminal \(options.columns)x\(options.rows), true colour")
        fflush(nil)
        let status = try SoakBench.runInPseudoTerminal(options.childArguments + ["--child-folder", folder.path], stage: "pages",
                                                       columns: options.columns, rows: options.rows)
        guard case .exited(0) = status else { throw BenchError("pages: the child ended with \(status)") }
    }

    /// One measured key, CPU in ms.
    struct Sample {
        var key: String
        var send: Double, compose: Double, draw: Double, rest: Double
        var parts: Int
        var faults: Int
        /// Tiles started while it was measured (0 when every tile was ready, as intended).
        var tilesStarted: Int
        var turn: Double { send + compose + draw }
    }

    @MainActor
    static func child(_ options: Options, folder: String) async throws {
        let terminal: CursesTerminal
        do { terminal = try CursesTerminal(colors: nil, mouse: false, facts: nil) } catch { throw BenchError("pages: no terminal: \(error)") }
        let library = MediaLibrary(folders: [RawPath(folder)])
        // The cache is kept between runs: the first decodes the pages' pictures, later ones read it.
        let configuration = SoakRun.configuration(colors: terminal.colorDepth, cache: folder + "-pages-cache")
        let picker = PickerController(configuration: configuration, library: library)
        let backend = MarkingBackend(inner: terminal)
        let host = ViewHost(controller: picker, backend: backend, stopsWith: [PickerResult].self)
        let t0 = ContinuousClock.now

        func drain() { repeat { host.render() } while host.hasPendingOutput }
        func settle() async {
            repeat {
                drain()
                await picker.waitUntilSettled()
                drain()
            } while !picker.pipeline.isIdle || host.needsRender
        }
        await settle()
        for _ in 0..<options.pages {
            host.send(.key(.pageDown))
            await settle()
        }
        let warm = PickerBench.seconds(ContinuousClock.now - t0)
        let made = picker.pipeline.statistics.finished

        func measure(_ key: Key, name: String) -> Sample {
            let started = picker.pipeline.statistics.started
            let usage = SoakHeavyKeys.Usage.now()
            let c0 = threadCPU()
            host.send(.key(key))
            let c1 = threadCPU()
            backend.firstDraw = nil
            backend.flushed = nil
            host.render()
            let c2 = threadCPU()
            let faults = SoakHeavyKeys.Usage.now().minorFaults - usage.minorFaults
            var parts = 1
            while host.hasPendingOutput {
                host.render()
                parts += 1
            }
            let c3 = threadCPU()
            let drawStart = backend.firstDraw ?? c2, drawEnd = backend.flushed ?? c2
            return Sample(key: name, send: (c1 - c0) * 1000, compose: (drawStart - c1) * 1000, draw: (drawEnd - drawStart) * 1000,
                          rest: (c3 - c2) * 1000, parts: parts, faults: faults,
                          tilesStarted: picker.pipeline.statistics.started - started)
        }
        var samples: [Sample] = []
        for _ in 0..<options.rounds {
            for (key, name) in [(Key.pageUp, "pageUp"), (.pageDown, "pageDown")] {
                for _ in 0..<options.pages {
                    samples.append(measure(key, name: name))
                    await settle()
                }
            }
        }
        terminal.restore()
        print(String(format: "pages: colours %@; warmed %d pages (%d tiles made) in %.1f s; %d keys measured, %d tiles started while measuring",
                     "\(terminal.colorDepth)", options.pages, made, warm, samples.count, samples.reduce(0) { $0 + $1.tilesStarted }))
        if options.verbose {
            for s in samples {
                print(String(format: "  %-8@ turn %6.2f (send %5.2f compose %6.2f draw %6.2f) rest %6.2f in %d parts, %d faults",
                             s.key, s.turn, s.send, s.compose, s.draw, s.rest, s.parts, s.faults))
            }
        }
        func row(_ name: String, _ value: (Sample) -> Double) -> String {
            let v = samples.map(value).sorted()
            return String(format: "| %@ | %.2f | %.2f | %.2f |", name, v[v.count / 2], v[min(v.count - 1, v.count * 9 / 10)], v.last ?? 0)
        }
        print("| main-thread CPU per key, ms (\(samples.count) keys) | median | p90 | most |")
        print("|---|---:|---:|---:|")
        print(row("turn (key + first part)", \.turn))
        print(row("send", \.send))
        print(row("compose", \.compose))
        print(row("draw + flush, first part", \.draw))
        print(row("later parts", \.rest))
        print(row("key + whole frame", { $0.turn + $0.rest }))
        print(row("parts", { Double($0.parts) }))
        print(row("minor faults in the turn", { Double($0.faults) }))
    }

    /// The calling thread's CPU time, in seconds.
    static func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// The curses terminal, noting the thread's CPU time at a frame's first `draw` and at its `flush`.
@MainActor
final class MarkingBackend: TerminalBackend {
    private let inner: any TerminalBackend
    var firstDraw: Double?
    var flushed: Double?

    init(inner: any TerminalBackend) { self.inner = inner }

    var size: Size { inner.size }
    var capabilities: TerminalCapabilities { inner.capabilities }
    var outputBudget: Int? { inner.outputBudget }
    func draw(_ updates: [CellUpdate]) {
        if firstDraw == nil { firstDraw = PagesBench.threadCPU() }
        inner.draw(updates)
    }
    func drawImages(_ images: [PlacedImage]) { inner.drawImages(images) }
    func setCursor(_ position: Point?) { inner.setCursor(position) }
    func invalidate() { inner.invalidate() }
    func flush() {
        inner.flush()
        if flushed == nil { flushed = PagesBench.threadCPU() }
    }
    func readEvent(timeout: Duration?) -> Event? { inner.readEvent(timeout: timeout) }
}
