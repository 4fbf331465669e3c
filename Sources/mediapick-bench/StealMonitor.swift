import Foundation
import Platform

/// The host's steal time while the soak runs: the `steal` column of /proc/stat, the time this
/// virtual machine's cores were ready to run but the hypervisor ran something else. Sampled
/// every 5 ms on a thread of its own, so that a slow key can be told from a key during which
/// the host took the cores away — which no change to the picker can help. (Found by lining up
/// slow keys with steal sampled beside a 30-minute soak: per minute they correlated 0.96;
/// docs/performance.md.)
final class StealMonitor: Sendable {
    private struct State {
        var stopped = false
        var stoppedAt: ContinuousClock.Instant?
        /// When the counter grew, and by how many jiffies (1/100 s of one core).
        var changes: [(at: ContinuousClock.Instant, jiffies: Int)] = []
        var total = 0
    }
    private let state = Locked(State())
    /// When sampling began.
    let start = ContinuousClock.now

    /// False where /proc/stat has no steal column (then every figure is 0).
    let isSampling: Bool

    /// Starts the thread; nothing is sampled where /proc/stat has no steal column.
    init(interval: Duration = .milliseconds(5)) {
        let state = self.state
        let first = Self.stealJiffies()
        isSampling = first != nil
        guard let first else { return }
        Thread.detachNewThread {
            var last = first
            while !state.withLock({ $0.stopped }) {
                Thread.sleep(forTimeInterval: PickerBench.seconds(interval))
                guard let now = Self.stealJiffies() else { continue }
                if now > last {
                    let at = ContinuousClock.now
                    state.withLock {
                        $0.changes.append((at, now - last))
                        $0.total += now - last
                    }
                }
                last = now
            }
        }
    }

    /// Stops sampling.
    func stop() {
        state.withLock {
            $0.stopped = true
            $0.stoppedAt = $0.stoppedAt ?? .now
        }
    }

    /// Steal counted from `from` until `slack` after `to` (the kernel adds steal at the
    /// next tick after the core comes back, up to 10 ms later), in jiffies. Ask once `to` is
    /// at least `slack` past.
    func jiffies(from: ContinuousClock.Instant, to: ContinuousClock.Instant, slack: Duration = .milliseconds(20)) -> Int {
        state.withLock { state in
            // The changes are in time order: find the first at or after `from`.
            var low = 0, high = state.changes.count
            while low < high {
                let mid = (low + high) / 2
                if state.changes[mid].at < from { low = mid + 1 } else { high = mid }
            }
            var sum = 0
            while low < state.changes.count && state.changes[low].at <= to + slack {
                sum += state.changes[low].jiffies
                low += 1
            }
            return sum
        }
    }

    /// Steal while sampling, as a share of the cores' time (0...1).
    func share(cores: Int) -> Double {
        let (total, end) = state.withLock { ($0.total, $0.stoppedAt ?? .now) }
        return Double(total) / 100 / (PickerBench.seconds(end - start) * Double(max(1, cores)))
    }

    /// The `steal` column (the eighth number) of /proc/stat's first line, in jiffies.
    static func stealJiffies() -> Int? {
        guard let text = ThreadSchedule.readProcFile("/proc/stat", capacity: 256) else { return nil }
        let fields = text.prefix { $0 != "\n" }.split(separator: " ")
        return fields.count > 8 ? Int(fields[8]) : nil
    }
}
