#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// CPU seconds (user + system) used so far by this process and by its running children (ffmpeg),
/// for a usage over a window: the difference of two readings over the wall time between them.
struct CPUTime {
    /// This process (all its threads).
    var own: Double
    /// The children running now, from `/proc/PID/stat` (they are not reaped yet, so
    /// `RUSAGE_CHILDREN` does not count them).
    var children: Double
    /// When read.
    var wall: ContinuousClock.Instant

    /// Reads them now.
    static func now() -> CPUTime {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let own = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return CPUTime(own: own, children: childrenSeconds(), wall: .now)
    }

    private static func childrenSeconds() -> Double {
        let me = getpid()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.reduce(0) { sum, entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return sum }
            // After the command's closing parenthesis: state, ppid, … utime is the 12th field, stime the 13th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, Int32(fields[1]) == me, let user = Double(fields[11]), let system = Double(fields[12]) else { return sum }
            return sum + (user + system) / ticks
        }
    }

    /// Per cent of one core used by this process and by its children from `earlier` to this reading.
    func percent(since earlier: CPUTime) -> (own: Double, children: Double) {
        let seconds = Double((wall - earlier.wall).components.attoseconds) / 1e18 + Double((wall - earlier.wall).components.seconds)
        return (100 * (own - earlier.own) / seconds, 100 * (children - earlier.children) / seconds)
    }
}
