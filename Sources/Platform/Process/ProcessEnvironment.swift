#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process was started with: its environment variables and the processors it may
/// use. Read straight from libc, so that a `mediapick` process need not load Foundation
/// (whose start-up cost every `mediapick thumb` in an fzf preview would pay).
public enum ProcessEnvironment {
    /// The environment as a dictionary; a variable set twice keeps its first value (as
    /// `getenv` does). Entries whose bytes are not UTF-8 are repaired with U+FFFD.
    public static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var count = 0
        while environ[count] != nil { count += 1 }
        result.reserveCapacity(count)
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first "=" on the bytes: Character-wise search is grapheme
            // segmentation, which made this a noticeable part of a `thumb` run.
            if let equals = strchr(pointer, 0x3D) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                if result[name] == nil { result[name] = String(decoding: UnsafeRawBufferPointer(start: equals + 1, count: strlen(equals + 1)), as: UTF8.self) }
            }
            entry += 1
        }
        return result
    }

    /// How many processors this process may run on: its CPU affinity (`taskset`), lowered by
    /// a cgroup v2 CPU quota (`docker --cpus`) when one is set; at least 1.
    public static func activeProcessorCount() -> Int {
        var count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let allowed = affinityCount() { count = allowed }
        if let quota = cgroupQuota() { count = min(count, quota) }
        return max(1, count)
    }

    /// The processors in the `Cpus_allowed:` mask of `/proc/self/status` (hex words joined by
    /// commas); `sched_getaffinity` itself is not visible to Swift on glibc.
    private static func affinityCount() -> Int? {
        guard let line = firstLine(of: "/proc/self/status", startingWith: "Cpus_allowed:") else { return nil }
        let mask = line.dropFirst("Cpus_allowed:".count).filter { $0.isHexDigit }
        let bits = mask.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
        return bits > 0 ? bits : nil
    }

    /// Whole processors allowed by `/sys/fs/cgroup/cpu.max` (`"max 100000"` means none set).
    private static func cgroupQuota() -> Int? {
        guard let line = firstLine(of: "/sys/fs/cgroup/cpu.max", startingWith: "") else { return nil }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]), period > 0 else { return nil }
        return max(1, Int((quota / period).rounded(.up)))
    }

    /// The first line of a small text file that starts with `prefix`.
    private static func firstLine(of path: String, startingWith prefix: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix(prefix) { return line }
        }
        return nil
    }

}
