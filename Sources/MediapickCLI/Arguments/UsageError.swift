/// A command line that cannot be run as given: an unknown option, a missing or malformed
/// value. The message is one line, without the `mediapick: ` prefix; exit status 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for the user.
    public let message: String

    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
