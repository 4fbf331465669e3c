#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform

/// `mediapick-bench soak`: the real picker for a long time (30 minutes by default) under
/// seeded random keys, over a folder of 20,000 real-size JPEGs and PNGs, some broken and some
/// vanishing and coming back while it runs. Goals: no crash; RSS flat (the last 10 minutes
/// within 10 % of minute 10); no key over 16 ms. Exits non-zero when one fails.
///
/// The picker runs in a child process whose controlling terminal is a pseudo-terminal made
/// here, so that it draws through the real curses backend — the terminal code, its colour
/// pairs and its output are part of what must hold up for hours — while this process reads
/// and discards what the terminal would show.
enum SoakBench {
    /// Runs the soak (or, with `--child-folder`, is the child that runs the picker).
    @MainActor
    static func run(_ harness: inout BenchHarness, _ arguments: [String]) async throws {
        let options = try SoakOptions(arguments)
        if let folder = options.childFolder {
            ProcessMemory.giveLargeBlocksBack()  // as mediapick's main does
            let met = try await SoakRun.run(options, folder: folder, away: options.childAway ?? folder + "-away")
            fflush(nil)
            if !met { throw BenchError("soak: a goal was missed") }
            return
        }
        let root = options.root ?? BenchHarness.fixtureDirectory
        let folder = try SoakFolder.prepare(options.folder, root: root)
        print(String(format: "soak: %d names in %@: %d distinct %dx%d pictures (%.0f MB, hard-linked), %d broken",
                     folder.names.count, folder.path, folder.distinct, options.folder.width, options.folder.height,
                     Double(folder.distinctBytes) / 1e6, folder.broken))
        fflush(nil)
        if let rate = options.terminalKBps { print("soak: the terminal reads at most \(rate) KB/s") }
        let status = try runInPseudoTerminal(options.childArguments + ["--child-folder", folder.path, "--child-away", folder.awayPath],
                                             readRate: options.terminalKBps.map { $0 * 1000 })
        // Whatever the child left away comes back, so the folder can be reused.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.awayPath)) ?? [] {
            rename(folder.awayPath + "/" + name, folder.path + "/" + name)
        }
        switch status {
        case .exited(0): return
        case .exited(let code): throw BenchError("soak: the run ended with status \(code)")
        case .signalled(let signal): throw BenchError("soak: CRASHED: the picker was killed by signal \(signal) (\(String(cString: strsignal(signal))))")
        }
    }

    enum ChildStatus { case exited(Int32), signalled(Int32) }

    /// Starts this program's `stage` again with `arguments` as the session leader of a new
    /// pseudo-terminal (`columns` x `rows`, `TERM=xterm-256color`, true colour), drains the
    /// terminal's output until the child is gone (at most `readRate` bytes a second, when
    /// given), and returns how it ended.
    static func runInPseudoTerminal(_ arguments: [String], stage: String = "soak", columns: Int = 80, rows: Int = 24,
                                    readRate: Int? = nil) throws -> ChildStatus {
        let pty: PseudoTerminal
        do { pty = try PseudoTerminal.open() } catch { throw BenchError("\(stage): \(error)") }
        let master = pty.master
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "NO_COLOR", "MEDIAPICK_GRAPHICS", "TERM_PROGRAM", "KITTY_WINDOW_ID"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        let pid: pid_t
        do {
            pid = try pty.spawnSessionLeader([CommandLine.arguments[0], stage] + arguments, executable: "/proc/self/exe",
                                             environment: environment)
        } catch { throw BenchError("\(stage): cannot start the child: \(error)") }

        // The terminal's reader: what the picker draws is read and thrown away, as a terminal
        // would consume it. It ends when the child's side closes (EIO). With a rate, it reads
        // 4 KB at a time and sleeps until the bytes read so far are due, as a slow link would.
        let drained = Thread {
            var buffer = [UInt8](repeating: 0, count: readRate == nil ? 1 << 16 : 4096)
            let clock = ContinuousClock()
            var due = clock.now  // when the bytes read so far have gone through (no credit saved while idle)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n > 0, let readRate {
                    due = max(due, clock.now) + .seconds(Double(n) / Double(readRate))
                    if due > clock.now { Thread.sleep(forTimeInterval: PickerBench.seconds(due - clock.now)) }
                }
                if n > 0 { continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
        }
        drained.start()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The master stays open: the reader ends on its own once the child's side is closed.
        let low = status & 0x7F
        return low == 0 ? .exited((status >> 8) & 0xFF) : .signalled(low)
    }
}
