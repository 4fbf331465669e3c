#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import MediaPicker
import TerminalUI
import Platform

/// Where the candidates come from: the PATH operands, else the lines (or NUL-separated
/// records) of stdin when it is not a terminal, else the current folder.
public enum CandidateSources {
    /// The library sources for `paths`; none when they come from stdin (fed as they arrive).
    public static func sources(paths: [RawPath], fromStandardInput: Bool) -> [LibrarySource] {
        if !paths.isEmpty { return paths.map { .file($0) } }
        return fromStandardInput ? [] : [.workingFolder]
    }

    /// Checks that every PATH operand exists (following symlinks), so a typo is an error
    /// before the terminal is taken over rather than an empty picker. Paths read from stdin
    /// are not checked here: a vanished one is simply left out, as `find | mediapick` expects.
    /// `option` (e.g. `--preselect`) starts the message when the paths came from one.
    /// A PATH operand that is neither a file nor a folder (a FIFO, a socket, a device, or
    /// `<(find …)`, which is a pipe) is refused too: the picker would open on "No media here"
    /// without saying why.
    public static func checkExist(_ paths: [RawPath], option: String? = nil) throws(CommandError) {
        for path in paths {
            if option == nil, case .success(let status) = FileStat.of(path), !status.isRegular, !status.isDirectory {
                throw .message(notFileOrFolder(path, status))
            }
            if case .failure(let error) = FileStat.of(path) {
                let failure = CommandError(SystemError(option ?? "", path: path.visible, code: error.code))
                // `mediapick -m thumb a.png`: a command is one only as the first argument.
                if option == nil, ArgumentParser.subcommands.contains(path.string) {
                    throw .message("\(failure) (to run 'mediapick \(path.string)', put it first, before any option)")
                }
                // `mediapick help`, as git and cargo take it: here it is a PATH like any other.
                if option == nil, path.string == "help" {
                    throw .message("\(failure) (for the help, run 'mediapick --help')")
                }
                throw failure
            }
        }
    }

    /// Why `path` (of `status`) cannot be picked from; a pipe's message says where a list goes,
    /// since `mediapick <(find …)` means the list it carries.
    static func notFileOrFolder(_ path: RawPath, _ status: FileStat) -> String {
        let what = status.specialKind
        let hint = status.isFIFO ? " (a list of paths goes on stdin: find … | mediapick)" : ""
        return "\(path.visible): \(what), not a file or folder to pick from\(hint)"
    }

    /// Refuses a folder as stdin (`mediapick < ~/Pictures`, meant as `mediapick ~/Pictures`):
    /// its read fails, and the picker opened on "No media here" without a word, as `cat` says
    /// `-: Is a directory`. `descriptor` is stdin but in tests.
    public static func checkStandardInput(_ descriptor: Int32 = 0) throws(CommandError) {
        guard case .success(let status) = FileStat.of(descriptor: descriptor), status.isDirectory else { return }
        throw .message("stdin: Is a directory (a list of paths goes on stdin; to pick from a folder, name it: mediapick DIR)")
    }

    /// True when the candidates are to be read from stdin: `-` was the PATH (`named`), or there
    /// is no PATH and stdin is not a terminal. `-` with stdin a terminal is an error: the
    /// picker would wait for lines typed blind on the terminal it draws on.
    public static func useStandardInput(paths: [RawPath], named: Bool = false,
                                        isTerminal: Bool = isatty(0) != 0) throws(CommandError) -> Bool {
        guard named else { return paths.isEmpty && !isTerminal }
        if isTerminal { throw .message("stdin: is a terminal; - reads the paths to pick from on it (find … | mediapick -)") }
        return true
    }

    /// The paths in `input`: separated by newlines (or NUL with `read0`); empty records skipped,
    /// one `\r` before a newline dropped (CRLF lines), other bytes kept exactly.
    public static func split(_ input: [UInt8], read0: Bool) -> [RawPath] {
        var splitter = RecordSplitter(read0: read0)
        return splitter.feed(input[...]) + splitter.finish()
    }

    /// The library's title: the single folder's name, `stdin`, or a count.
    public static func libraryName(paths: [RawPath], fromStandardInput: Bool) -> String {
        if fromStandardInput { return "stdin" }
        if paths.isEmpty { return "." }
        return paths.count == 1 ? paths[0].visible : "\(paths.count) paths"
    }

    /// Reads stdin on a thread of its own and adds each complete record to `library` as it
    /// arrives, so the picker opens at once and fills while, say, `find` is still running.
    /// The thread ends at end of input (or a read error); it never touches the terminal.
    public static func feedStandardInput(into library: MediaLibrary, read0: Bool) {
        WorkerThread.start(name: "mediapick.stdin") {
            var splitter = RecordSplitter(read0: read0)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                let paths = splitter.feed(chunk[0..<n])
                if !paths.isEmpty { library.add(files: paths) }
            }
            let rest = splitter.finish()
            if !rest.isEmpty { library.add(files: rest) }
        }
    }
}

/// Cuts a byte stream into records at a separator, across chunk boundaries. At newlines a
/// record's one trailing `\r` is dropped: lists written on Windows (or by tools that emit
/// CRLF) name `b.png`, not `b.png\r`, which exists nowhere and was dropped without a word.
/// With NUL separators the bytes are kept exactly, as `-print0` promises. Lines end at a NUL
/// too: no path holds one, and `find -print0 | mediapick` without `--read0` made one "line" of
/// several paths, which the system's C strings cut at its first NUL, so picking the file shown
/// printed every path of that line.
public struct RecordSplitter: Sendable {
    private let separator: UInt8
    private var pending: [UInt8] = []

    /// A splitter at newlines (and NULs), or at NUL only with `read0`.
    public init(read0: Bool) { separator = read0 ? 0 : UInt8(ascii: "\n") }

    /// The records completed by `chunk` (empty ones skipped).
    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> [RawPath] {
        var records: [RawPath] = []
        var start = chunk.startIndex
        let separator = separator
        while let end = chunk[start...].firstIndex(where: { $0 == separator || $0 == 0 }) {
            pending += chunk[start..<end]
            if let record = record(pending) { records.append(record) }
            pending.removeAll(keepingCapacity: true)
            start = end + 1
        }
        pending += chunk[start...]
        return records
    }

    /// The last record, when the input did not end with a separator.
    public mutating func finish() -> [RawPath] {
        defer { pending.removeAll() }
        return record(pending).map { [$0] } ?? []
    }

    /// The path `bytes` name, or nil for an empty record.
    private func record(_ bytes: [UInt8]) -> RawPath? {
        var end = bytes.endIndex
        if separator == UInt8(ascii: "\n"), bytes.last == UInt8(ascii: "\r") { end -= 1 }
        return end > bytes.startIndex ? RawPath(bytes: Array(bytes[..<end])) : nil
    }
}
