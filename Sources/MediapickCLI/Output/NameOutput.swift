#if canImport(Glibc)
import Glibc
#endif
import Platform
import TerminalUI

/// How names are written to stdout (or `-o FILE`): exactly for a pipe or a file, which a
/// program reads and a name must reach unchanged, and as the screen shows them for a
/// terminal, where a person reads them and an escape sequence in a name would act on the
/// terminal (`ctrl\e[31mred.jpg` turned everything after it red). GNU `ls` decides the same
/// way.
public enum NameOutput: Hashable, Sendable {
    /// The name's bytes, unchanged.
    case exact
    /// The name as `SafeText.visible` shows it on the screen (`\e`, `\xHH`, `\u{202e}`).
    case shown

    /// The way for an output that is (or is not) a terminal.
    public static func forOutput(isTerminal: Bool) -> NameOutput {
        isTerminal ? .shown : .exact
    }

    /// The way for the file descriptor `fd`, as it is now.
    public static func forDescriptor(_ fd: Int32) -> NameOutput {
        forOutput(isTerminal: isatty(fd) != 0)
    }

    /// The bytes printed for `name`.
    public func bytes(_ name: RawPath) -> [UInt8] {
        switch self {
        case .exact: return name.bytes
        case .shown: return Array(name.visible.utf8)
        }
    }
}
