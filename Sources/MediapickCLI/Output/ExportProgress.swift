#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// What `--export` shows while it copies: `mediapick: exporting 3/30…` on stderr, one line
/// rewritten with a carriage return and blanked at the end, so that a long export (30 large
/// JPEGs took 33 s) does not look like a hung command once the picker has closed. Only on a
/// terminal: a log or a pipe gets no carriage returns and no progress, as with curl or rsync.
struct ExportProgress {
    /// Where the text goes (stderr in the command).
    private let write: (String) -> Void
    /// The width of the line shown now, 0 when none is.
    private var shown = 0

    /// Progress written with `write`.
    init(write: @escaping (String) -> Void) { self.write = write }

    /// Progress on stderr, or nil when stderr is not a terminal.
    static func standardError() -> ExportProgress? {
        isatty(2) != 0 ? ExportProgress(write: Diagnostics.write) : nil
    }

    /// The line for the copy being made, the `copying`th of `total` (from 1).
    static func line(copying: Int, of total: Int) -> String { "mediapick: exporting \(copying)/\(total)…" }

    /// Shows that the `copying`th copy of `total` is being made, over the line shown before.
    mutating func show(copying: Int, of total: Int) {
        let line = Self.line(copying: copying, of: total)
        write("\r" + line)
        shown = DisplayWidth.of(line)
    }

    /// Blanks the line shown, if any, leaving the cursor where it was before the first one:
    /// what comes next (the results, an error) starts on a clean line.
    mutating func clear() {
        guard shown > 0 else { return }
        write("\r" + String(repeating: " ", count: shown) + "\r")
        shown = 0
    }
}
