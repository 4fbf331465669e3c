import MediaPicker
import Platform

/// Why the command failed (exit status 2). The description is the one line printed on
/// stderr after `mediapick: `.
public enum CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed: what was being done, and `errno`.
    case system(what: String, errno: Int32)
    /// No terminal to draw on (the backend's own message).
    case noTerminal(String)
    /// Anything else, said in full.
    case message(String)

    /// A failed system call (its operation and path become `what`).
    public init(_ error: SystemError) { self = .system(what: error.subject, errno: error.code) }

    /// The results' file (`-o`) could not be written, `errno` saying why; the file is named as
    /// the screen shows it.
    public static func cannotWrite(_ path: RawPath, errno: Int32) -> CommandError {
        .system(what: "cannot write \(path.visible)", errno: errno)
    }

    /// One line for the user.
    public var description: String {
        switch self {
        case .system(let what, let code): return SystemError(what, code: code).description
        case .noTerminal(let message): return message
        case .message(let message): return message
        }
    }
}
