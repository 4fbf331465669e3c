#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's modification time as the file system stores it.
public struct FileTime: Hashable, Comparable, Sendable {
    /// Whole seconds since 1970 (what `Thumb::MTime` records).
    public var seconds: Int64
    /// Nanoseconds past `seconds`.
    public var nanoseconds: Int32

    /// Creates a time.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The wall clock's time now, as a file written now would be stamped.
    public static var now: FileTime {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return FileTime(seconds: Int64(clock.tv_sec), nanoseconds: Int32(clock.tv_nsec))
    }

    /// Earlier first.
    public static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
