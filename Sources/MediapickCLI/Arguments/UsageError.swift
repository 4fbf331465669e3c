import Platform
import TerminalUI

/// A command line that cannot be run as given: an unknown option, a missing or malformed
/// value. The message is one line, without the `mediapick: ` prefix; exit status 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for the user.
    public let message: String
    /// The whole argument that was read as options when one of its letters or its name is
    /// unknown (`-dash.jpg`): it may be a file whose name starts with a dash.
    public let argument: RawPath?

    /// A usage error saying `message`; `argument` for an unknown option.
    public init(_ message: String, argument: RawPath? = nil) {
        self.message = message
        self.argument = argument
    }

    /// The message.
    public var description: String { message }

    /// The message, saying how to name `argument` as a file when `argumentIsAFile` (the parser
    /// reads no file system; the caller looks): `mediapick -dash.jpg` said only "unknown
    /// option -d", which does not tell a user how to pick that file.
    public func message(argumentIsAFile: Bool) -> String {
        guard argumentIsAFile, let argument else { return message }
        let shown = argument.visible
        return message + " (for the file \(shown), write ./\(shown) or put -- before it)"
    }
}
