#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where a slow key's time went, from the soak backend's own vantage: the run loop handles the
/// key, lets other main-actor work run (the next turn is queued behind it), then renders —
/// reading the terminal's size first, composing, and calling `draw` and `flush`. (Handling a
/// key reads the size too, before routing it: that read is skipped. Until 2026-12-07 it was
/// not, and "compose" held the key's handling and the other work as well.) So the marks split a key into
/// "before it was read" (from when it was due: the program was busy), "handled + other work"
/// (up to the render's size read), "compose" (to `draw`), "write" (`draw`
/// and `flush`) and "after" (to the next `readEvent`); and the kernel's per-thread counters
/// say how much of it the thread spent running, waiting for a core, or blocked.
struct SoakPhases {
    /// One step's marks.
    struct Marks {
        /// When the key was due (pressed).
        var start: ContinuousClock.Instant
        /// When `readEvent` returned it (nil: at once).
        var read: ContinuousClock.Instant?
        var renderStart: ContinuousClock.Instant?
        var drawStart: ContinuousClock.Instant?
        var flushEnd: ContinuousClock.Instant?
        var sched: ThreadSchedule?
        /// The frame was complete within the step (not left in parts for later turns).
        var completed = false
        /// Reads of the terminal's size before the render's own, which starts the compose: one
        /// for a key (`ViewHost.send` resolves the views, reading the size, before routing it).
        var sizeReadsBeforeRender = 0
    }

    /// A slow step's split, in ms.
    struct Split {
        var what: String
        var at: Double
        var untilRead: Double
        var beforeRender: Double
        var compose: Double
        var write: Double
        var after: Double
        /// Ran / waited for a core / neither (blocked or asleep), on the same thread; nil when it changed threads.
        var ran: Double?
        var queued: Double?
        /// Bytes the thread wrote (the frame), when on one thread.
        var written: UInt64?
        /// From when the key was due until it was done: the span to ask `StealMonitor` about.
        var span: (due: ContinuousClock.Instant, done: ContinuousClock.Instant)
        /// From due to done, in ms.
        var total: Double { PickerBench.seconds(span.done - span.due) * 1000 }
    }

    private(set) var slow: [Split] = []
    /// Sums over the slow steps (ms): until read, before render, compose, write, after, ran, queued; how many were on one thread, and the bytes they wrote.
    private(set) var sums = (untilRead: 0.0, beforeRender: 0.0, compose: 0.0, write: 0.0, after: 0.0, ran: 0.0, queued: 0.0, sameThread: 0, written: UInt64(0))
    private(set) var count = 0

    /// A step's split by its marks, `end` being when it was done (a phase not reached is empty).
    static func split(_ marks: Marks, end: ContinuousClock.Instant, what: String, at: Double) -> Split {
        func ms(_ from: ContinuousClock.Instant, _ to: ContinuousClock.Instant) -> Double { PickerBench.seconds(to - from) * 1000 }
        let renderStart = marks.renderStart ?? end, drawStart = marks.drawStart ?? renderStart, flushEnd = marks.flushEnd ?? drawStart
        let read = marks.read ?? marks.start
        return Split(what: what, at: at, untilRead: ms(marks.start, read), beforeRender: ms(read, renderStart),
                     compose: ms(renderStart, drawStart), write: ms(drawStart, flushEnd), after: ms(flushEnd, end),
                     span: (marks.start, end))
    }

    /// Records a step that took over `limit` ms.
    mutating func add(_ marks: Marks, end: ContinuousClock.Instant, endSched: ThreadSchedule?, what: String, at: Double) {
        var split = Self.split(marks, end: end, what: what, at: at)
        if let a = marks.sched, let b = endSched, a.thread == b.thread {
            split.ran = Double(b.ranNS - a.ranNS) / 1e6
            split.queued = Double(b.queuedNS - a.queuedNS) / 1e6
            split.written = b.writtenBytes - a.writtenBytes
            sums.written += b.writtenBytes - a.writtenBytes
            sums.ran += split.ran!
            sums.queued += split.queued!
            sums.sameThread += 1
        }
        count += 1
        sums.untilRead += split.untilRead
        sums.beforeRender += split.beforeRender
        sums.compose += split.compose
        sums.write += split.write
        sums.after += split.after
        slow.insertKeepingLargest(split, limit: 8) { $0.total }
    }
}

/// The kernel's scheduling counters of the calling thread (`/proc/thread-self/schedstat`):
/// time on a core and time runnable but waiting for one.
struct ThreadSchedule {
    var thread: pthread_t
    var ranNS: UInt64
    var queuedNS: UInt64
    /// Bytes written by the thread so far (`wchar` of `/proc/thread-self/io`).
    var writtenBytes: UInt64

    /// Reads them now; nil when the kernel does not keep them.
    static func now() -> ThreadSchedule? {
        guard let text = readProcFile("/proc/thread-self/schedstat", capacity: 96) else { return nil }
        let fields = text.split(separator: " ").prefix(2).compactMap { UInt64($0) }
        guard fields.count == 2 else { return nil }
        let written = readProcFile("/proc/thread-self/io", capacity: 256)?
            .split(separator: "\n").first { $0.hasPrefix("wchar:") }
            .flatMap { UInt64($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
        return ThreadSchedule(thread: pthread_self(), ranNS: fields[0], queuedNS: fields[1], writtenBytes: written ?? 0)
    }

    /// The start of a small file of /proc (one `read`: the kernel makes these files whole).
    static func readProcFile(_ path: String, capacity: Int) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: capacity)
        let n = read(fd, &bytes, bytes.count)
        return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil
    }
}
