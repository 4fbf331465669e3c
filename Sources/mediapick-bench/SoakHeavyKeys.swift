#if canImport(Glibc)
import Glibc
#endif

/// The keys that took the most of the main thread's own CPU, with what the kernel says of
/// that time: user or system, and the page faults taken. A key whose CPU is mostly system
/// time with thousands of minor faults spent it mapping memory, not running the picker.
struct SoakHeavyKeys {
    /// The calling thread's counters (`getrusage(RUSAGE_THREAD)`).
    struct Usage {
        var userMS: Double
        var systemMS: Double
        var minorFaults: Int
        var majorFaults: Int

        /// Reads them now.
        static func now() -> Usage {
            var usage = rusage()
            // RUSAGE_THREAD (1) is a GNU extension the Glibc module does not export.
            getrusage(__rusage_who_t(1), &usage)
            func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
            return Usage(userMS: ms(usage.ru_utime), systemMS: ms(usage.ru_stime),
                         minorFaults: usage.ru_minflt, majorFaults: usage.ru_majflt)
        }
    }

    /// One heavy key: what, seconds into the run, its CPU (ms, from the thread's clock) and the counters' growth.
    struct Key {
        var what: String
        var at: Double
        var cpuMS: Double
        var userMS: Double
        var systemMS: Double
        var minorFaults: Int
        var majorFaults: Int
        /// Where its wall time went (`SoakPhases.split`): handled + other work, compose, write.
        var phases: SoakPhases.Split?
        /// From when it was read until it was done: the span to ask `StealMonitor` about.
        var span: (start: ContinuousClock.Instant, done: ContinuousClock.Instant)
    }

    /// Keys at or above this much CPU are kept (ms).
    static let limit = 8.0
    /// The heaviest keys, heaviest first (at most 8).
    private(set) var keys: [Key] = []
    /// All keys' minor faults and how many keys: the typical key's, to compare with.
    private(set) var allFaults = (faults: 0, keys: 0)

    /// Records a key timed on one thread, from `start` to `end`.
    mutating func add(what: String, at: Double, cpuMS: Double, from start: Usage, to end: Usage, marks: SoakPhases.Marks?,
                      since: ContinuousClock.Instant, done: ContinuousClock.Instant) {
        allFaults.faults += end.minorFaults - start.minorFaults
        allFaults.keys += 1
        guard cpuMS >= Self.limit else { return }
        keys.insertKeepingLargest(Key(what: what, at: at, cpuMS: cpuMS, userMS: end.userMS - start.userMS, systemMS: end.systemMS - start.systemMS,
                                      minorFaults: end.minorFaults - start.minorFaults, majorFaults: end.majorFaults - start.majorFaults,
                                      phases: marks.map { SoakPhases.split($0, end: done, what: what, at: at) },
                                      span: (marks?.read ?? since, done)), limit: 8) { $0.cpuMS }
    }
}
