#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: what was being done, to which file, and the `errno` it gave.
///
/// The one place that turns an `errno` into a decision ("is the file simply gone?") and into
/// words for a user. Every error type that carries an `errno` (the picker's item provider,
/// the thumbnailer, the decoders, the command line) asks this type, so the same fact reads
/// the same everywhere: the system's own `strerror` text after `what: `.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, as the user reads it before the path: `cannot read`, `--preselect`;
    /// empty when the path alone says enough.
    public var operation: String
    /// The file concerned, as text for display (never for opening); nil when there is none.
    public var path: String?
    /// The `errno` value.
    public var code: Int32

    /// A failure of `operation` on `path` with `code`.
    public init(_ operation: String = "", path: String? = nil, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// A failure on the file at `path` (its bytes shown as text).
    public init(_ operation: String = "", path: RawPath, code: Int32) {
        self.init(operation, path: path.string, code: code)
    }

    /// The failure the last system call on this thread reported (`errno` now).
    public static func last(_ operation: String = "", path: RawPath) -> SystemError {
        SystemError(operation, path: path, code: errno)
    }

    /// True when `code` says the file is not there: `ENOENT`, or `ENOTDIR` (a component of
    /// its path is no longer a folder, which for a file that existed means it is gone too).
    public static func isMissing(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }

    /// True when the file is not there (see `isMissing(_:)`).
    public var isMissing: Bool { Self.isMissing(code) }

    /// The system's words for `code` (`strerror`), e.g. `No such file or directory`.
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The system's words for this failure.
    public var reason: String { Self.reason(code) }

    /// What went wrong with what, before the colon: the operation and the path, either may be
    /// empty. An empty path (`mediapick thumb ''`) is shown as `''`, as GNU tools show it.
    public var subject: String {
        switch (operation.isEmpty, path.map { $0.isEmpty ? "''" : $0 }) {
        case (true, nil): return ""
        case (false, nil): return operation
        case (true, let path?): return path
        case (false, let path?): return operation + " " + path
        }
    }

    /// One line for a user: `subject: reason`, e.g. `/a/b.jpg: No such file or directory`.
    public var description: String {
        let subject = subject
        return subject.isEmpty ? reason : subject + ": " + reason
    }
}
