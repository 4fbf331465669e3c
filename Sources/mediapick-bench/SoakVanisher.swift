#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform

/// Makes files vanish and come back while the soak runs: every `interval` a random name is
/// renamed into a sibling folder, and names away for `awayFor` are renamed back, so the
/// picker meets files that were listed and are gone, and files that return.
final class SoakVanisher: Sendable {
    private struct State {
        var stopped = false
        var vanished = 0
        var returned = 0
    }
    private let state = Locked(State())

    /// Starts the thread.
    init(folder: String, away: String, names: [String], seed: UInt64, interval: Duration = .milliseconds(250),
         awayFor: Duration = .seconds(3)) {
        let state = self.state
        Thread.detachNewThread {
            var random = seed ^ 0xA11A_7AB1E
            var gone: [(name: String, since: ContinuousClock.Instant)] = []
            while !state.withLock({ $0.stopped }) {
                let now = ContinuousClock.now
                while let first = gone.first, now - first.since >= awayFor {
                    gone.removeFirst()
                    if rename(away + "/" + first.name, folder + "/" + first.name) == 0 { state.withLock { $0.returned += 1 } }
                }
                let name = names[SoakRandom.below(names.count, &random)]
                if !gone.contains(where: { $0.name == name }), rename(folder + "/" + name, away + "/" + name) == 0 {
                    gone.append((name, now))
                    state.withLock { $0.vanished += 1 }
                }
                Thread.sleep(forTimeInterval: PickerBench.seconds(interval))
            }
            for file in gone where rename(away + "/" + file.name, folder + "/" + file.name) == 0 {
                state.withLock { $0.returned += 1 }
            }
            state.withLock { $0.stopped = false }
        }
    }

    /// Files renamed away and back so far.
    var counts: (vanished: Int, returned: Int) { state.withLock { ($0.vanished, $0.returned) } }

    /// Stops the thread, after it has put every file back.
    func stop() {
        state.withLock { $0.stopped = true }
        // The thread clears `stopped` once everything is back.
        while state.withLock({ $0.stopped }) { usleep(10_000) }
    }
}
