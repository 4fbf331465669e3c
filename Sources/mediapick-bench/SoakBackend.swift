#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// The soak's terminal: the real curses terminal (on the pseudo-terminal the soak runs in)
/// for everything drawn, and seeded random keys in place of a keyboard, one every
/// `keyInterval` — the pace of a held-down key's repeat. It measures each key as the user
/// would feel it: from the moment the key was due (pressed) until the run loop asks for the
/// next event, which is after the picker has handled it, other main-actor work has had its
/// turn and the frame (or its first part) has been drawn and flushed to the terminal.
@MainActor
final class SoakBackend: TerminalBackend {
    private let inner: any TerminalBackend
    private var keys: SoakKeys
    private let pickerState: @MainActor () -> SoakKeys.State
    private let keyInterval: Duration
    private let end: ContinuousClock.Instant
    let start = ContinuousClock.now
    private var nextKey: ContinuousClock.Instant
    /// Called between keys once each `sampleInterval` (never inside a measured key).
    var onSample: (() -> Void)?
    private let sampleInterval: Duration
    private var nextSample: ContinuousClock.Instant

    /// The step being measured: when the run loop got it, the thread it ran on and that
    /// thread's CPU time then, and what it was.
    private var measuring: (since: ContinuousClock.Instant, thread: pthread_t, cpu: Double, usage: SoakHeavyKeys.Usage, what: String)?
    private var resizeAsked: String?
    /// Every step's latency.
    private(set) var latencies = LatencyHistogram()
    /// Every step's CPU time on the main thread: what the step cost whatever else the machine
    /// was doing (on a loaded machine the wall time also holds the time the thread waited for a core).
    private(set) var cpuTimes = LatencyHistogram()
    /// Steps whose CPU time could not be told (they changed threads).
    private(set) var cpuUnmeasured = 0
    /// The step that took the most CPU time: what, ms, seconds into the run.
    private(set) var mostCPU: (what: String, ms: Double, at: Double)?
    /// CPU time by kind of step (a resize's size left out): how many were timed, their total
    /// and the most one took, in ms — which kinds cost the most.
    private(set) var cpuByKind: [String: (count: Int, totalMS: Double, mostMS: Double)] = [:]
    /// The keys that took the most CPU, split into user and system time and page faults.
    private(set) var heavyKeys = SoakHeavyKeys()
    /// The host's steal time, to tell which keys it fell on.
    private let steal: StealMonitor?
    /// The last step, whose steal is counted once the next one is done (steal is added up to a tick late).
    private var stealPending: (due: ContinuousClock.Instant, done: ContinuousClock.Instant, slow: Bool)?
    /// Steps, and steps over the limit, during which the host stole time from the cores.
    private(set) var stolenSteps = (all: 0, slow: 0)
    /// The slowest steps, slowest first (at most 5): what, ms, seconds into the run.
    private(set) var slowest: [(what: String, ms: Double, at: Double)] = []
    /// The slowest step since the last sample (reset by `takeSlowestSinceSample`).
    private var slowestSinceSample = 0.0
    /// Steps sent, by kind.
    private(set) var counts: [String: Int] = [:]
    /// Events from the terminal that were not ours (a signal ends the run).
    private(set) var foreignEvents: [Event] = []

    /// The marks of the step being measured, and the split of the slow ones.
    private var marks: SoakPhases.Marks?
    private(set) var phases = SoakPhases()
    /// Keys whose frame went out in parts and is not complete yet (when each came).
    private var awaitingCompletion: [ContinuousClock.Instant] = []
    /// Every key's time until its frame was complete on the terminal (its last part sent).
    private(set) var completions = LatencyHistogram()

    var size: Size {
        if marks != nil && marks?.renderStart == nil {
            if marks!.sizeReadsBeforeRender > 0 { marks!.sizeReadsBeforeRender -= 1 } else { marks?.renderStart = .now }
        }
        return inner.size
    }
    var capabilities: TerminalCapabilities { inner.capabilities }
    /// The terminal's, unless the run compares with whole frames (`--whole-frames`).
    var outputBudget: Int? { wholeFrames ? nil : inner.outputBudget }
    private let wholeFrames: Bool
    /// Where slow keys are logged (`--slow-key-log`), open for appending.
    private let slowKeyLog: UnsafeMutablePointer<FILE>?

    init(inner: any TerminalBackend, seed: UInt64, keyInterval: Duration, duration: Duration, sampleInterval: Duration,
         wholeFrames: Bool = false, slowKeyLog: String? = nil, steal: StealMonitor? = nil, pickerState: @escaping @MainActor () -> SoakKeys.State) {
        self.inner = inner
        self.wholeFrames = wholeFrames
        self.steal = steal
        self.slowKeyLog = slowKeyLog.flatMap { fopen($0, "a") }
        self.keys = SoakKeys(seed: seed)
        self.keyInterval = keyInterval
        self.pickerState = pickerState
        self.sampleInterval = sampleInterval
        end = start + duration
        nextKey = start + .seconds(1)  // the first screen first
        nextSample = start + sampleInterval
    }

    func draw(_ updates: [CellUpdate]) {
        if marks != nil && marks?.drawStart == nil { marks?.drawStart = .now }
        inner.draw(updates)
    }
    /// Called once a frame is complete (its last part): the keys whose frame was still going out finish here.
    func drawImages(_ images: [PlacedImage]) {
        inner.drawImages(images)
        let now = ContinuousClock.now
        marks?.completed = true
        for since in awaitingCompletion { completions.add(now - since) }
        awaitingCompletion = []
    }
    func setCursor(_ position: Point?) { inner.setCursor(position) }
    func invalidate() { inner.invalidate() }
    func flush() {
        inner.flush()
        if marks != nil { marks?.flushEnd = .now }
    }

    /// Counts the pending step in `stolenSteps` if the host stole time during it.
    func countSteal() {
        guard let steal, let step = stealPending else { return }
        stealPending = nil
        guard steal.jiffies(from: step.due, to: step.done) > 0 else { return }
        stolenSteps.all += 1
        if step.slow { stolenSteps.slow += 1 }
    }

    /// Appends a slow key to the log: what, then when it was due, read and done on CLOCK_MONOTONIC (seconds).
    private func logSlowKey(_ what: String, due: ContinuousClock.Instant, read: ContinuousClock.Instant, end: ContinuousClock.Instant) {
        guard let slowKeyLog else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let done = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        func at(_ instant: ContinuousClock.Instant) -> String { String(format: "%.6f", done - PickerBench.seconds(end - instant)) }
        fputs("\(what) due=\(at(due)) read=\(at(read)) done=\(at(end)) ms=\(String(format: "%.2f", PickerBench.seconds(end - due) * 1000))\n", slowKeyLog)
        fflush(slowKeyLog)
    }

    /// The slowest step since the last call, in ms.
    func takeSlowestSinceSample() -> Double {
        defer { slowestSinceSample = 0 }
        return slowestSinceSample
    }

    func readEvent(timeout: Duration?) -> Event? {
        var now = ContinuousClock.now
        if let measuring {
            let spent = now - measuring.since
            latencies.add(spent)
            // The thread's own clock: meaningless when the main actor's work moved to another
            // thread during the step (on Linux, after `dispatchMain` the main queue is served
            // by the pool's threads), so such a step is left out of these figures.
            let cpu = Self.threadCPUSeconds() - measuring.cpu
            if pthread_equal(pthread_self(), measuring.thread) != 0 && cpu >= 0 {
                cpuTimes.add(.nanoseconds(Int64(cpu * 1e9)))
                if cpu * 1000 > mostCPU?.ms ?? -1 { mostCPU = (measuring.what, cpu * 1000, PickerBench.seconds(measuring.since - start)) }
                let kind = String(measuring.what.prefix { $0 != " " })
                let before = cpuByKind[kind] ?? (0, 0, 0)
                cpuByKind[kind] = (before.count + 1, before.totalMS + cpu * 1000, max(before.mostMS, cpu * 1000))
                heavyKeys.add(what: measuring.what, at: PickerBench.seconds(measuring.since - start), cpuMS: cpu * 1000,
                              from: measuring.usage, to: .now(), marks: marks, since: measuring.since, done: now)
            } else {
                cpuUnmeasured += 1
            }
            let ms = PickerBench.seconds(spent) * 1000
            if ms > SoakReport.keyLimit, let marks {
                logSlowKey(measuring.what, due: measuring.since, read: marks.read ?? measuring.since, end: now)
                phases.add(marks, end: now, endSched: ThreadSchedule.now(), what: measuring.what,
                           at: PickerBench.seconds(measuring.since - start))
            }
            countSteal()
            stealPending = (measuring.since, now, ms > SoakReport.keyLimit)
            if let marks, marks.flushEnd != nil {
                if marks.completed { completions.add(spent) } else { awaitingCompletion.append(measuring.since) }
            }
            self.marks = nil
            slowestSinceSample = max(slowestSinceSample, ms)
            slowest.insertKeepingLargest((measuring.what, ms, PickerBench.seconds(measuring.since - start)), limit: 5) { $0.ms }
            self.measuring = nil
        }
        if now >= nextSample {
            nextSample += sampleInterval
            onSample?()
        }
        if now >= end { return .terminate }
        // The terminal's own events: the resize asked for below, or a signal.
        if let event = inner.readEvent(timeout: .zero) { return pass(event) }
        if now < nextKey {
            let wait = min(timeout ?? keyInterval, nextKey - now)
            if let event = inner.readEvent(timeout: wait) { return pass(event) }
            // A key pressed while the run loop waits ends the wait: a terminal's read returns
            // it at once. (Returning nil here would add a turn of the loop — other main-actor
            // work and a frame of it — that no real key waits for.)
            now = ContinuousClock.now
            guard now >= nextKey else { return nil }
        }
        // A key is timed from when it was due, as a key pressed while the program was busy
        // waits in the terminal until it is read; keys due while it was busy for longer than
        // an interval are not sent at all (no burst to catch up).
        let due = nextKey
        nextKey += keyInterval
        if nextKey < now { nextKey = now + keyInterval }
        switch keys.next(pickerState()) {
        case .key(let key):
            let name = Self.name(key)
            counts[name, default: 0] += 1
            measuring = (due, pthread_self(), Self.threadCPUSeconds(), .now(), name)
            marks = SoakPhases.Marks(start: due, read: now, sched: ThreadSchedule.now(), sizeReadsBeforeRender: 1)
            return .key(key)
        case .resize(let width, let height):
            // As a window manager does: the size changes, the kernel sends SIGWINCH, and curses
            // reports the new size as an event, which is measured from when it arrives.
            var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(0, UInt(TIOCSWINSZ), &size)
            resizeAsked = "resize \(width)x\(height)"
            counts["resize", default: 0] += 1
            return nil
        }
    }

    private func pass(_ event: Event) -> Event {
        switch event {
        case .resize:
            measuring = (ContinuousClock.now, pthread_self(), Self.threadCPUSeconds(), .now(), resizeAsked ?? "resize")
            marks = SoakPhases.Marks(start: measuring!.since, sched: ThreadSchedule.now())
            resizeAsked = nil
        default:
            foreignEvents.append(event)
        }
        return event
    }

    /// The CPU time the calling thread has used.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let c): return "'\(c)'"
        case .control(let c): return "Ctrl-\(c.uppercased())"
        default: return "\(key)"
        }
    }
}
