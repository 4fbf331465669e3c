#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import MediaPicker

/// Where the candidates come from: the PATH operands, else the lines (or NUL-separated
/// records) of stdin when it is not a terminal, else the current folder.
public enum CandidateSources {
    /// The library sources for `paths`, or `stdin` when there are none.
    public static func sources(paths: [RawPath], stdin: [UInt8]?, read0: Bool) -> [LibrarySource] {
        if !paths.isEmpty { return paths.map { .file($0) } }
        if let stdin { return split(stdin, read0: read0).map { .file($0) } }
        return [.folder(RawPath("."))]
    }

    /// The paths in `input`: separated by newlines (or NUL with `read0`); empty records skipped,
    /// bytes kept exactly (a `\r` is part of the name).
    public static func split(_ input: [UInt8], read0: Bool) -> [RawPath] {
        input.split(separator: read0 ? 0 : UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { RawPath(bytes: Array($0)) }
    }

    /// The library's title: the single folder's name, `stdin`, or a count.
    public static func libraryName(paths: [RawPath], fromStdin: Bool) -> String {
        if fromStdin { return "stdin" }
        if paths.isEmpty { return "." }
        return paths.count == 1 ? SafeArgument.visible(paths[0].string) : "\(paths.count) paths"
    }

    /// All of stdin when it is not a terminal (nil when it is one, or when PATHs were given).
    public static func readStandardInputIfPiped(paths: [RawPath]) throws(CommandError) -> [UInt8]? {
        guard paths.isEmpty, isatty(0) == 0 else { return nil }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                // A closed or unreadable stdin (EBADF) simply has no candidates.
                if errno == EBADF { return nil }
                throw .system(what: "cannot read stdin", errno: errno)
            }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }
}
