#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value that can travel in a `Result`.
public struct Errno: Error, Hashable, Sendable {
    /// The value.
    public var code: Int32
    /// Wraps `code`.
    public init(_ code: Int32) { self.code = code }
    /// What `strerror` says.
    public var message: String { String(cString: strerror(code)) }
}
