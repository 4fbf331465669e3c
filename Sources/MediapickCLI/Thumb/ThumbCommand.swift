#if canImport(Glibc)
import Glibc
#endif
import CellArt
import Foundation
import MediaDecoding
import MediaPicker
import TerminalUI

/// `mediapick thumb FILE...`: each file's thumbnail as ANSI text on stdout, in argument
/// order, decoded in parallel (at most one file per core at a time). A file that fails
/// prints one line on stderr and the rest still print; the status is then 2.
public enum ThumbCommand {
    /// Prints the thumbnails and returns the exit status.
    public static func run(_ options: ThumbOptions) async -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let size = ThumbSize.resolve(requested: options.size, environment: environment, terminal: standardOutputTerminalSize())
        let art = ArtOptions(columns: size.columns, rows: size.rows,
                             symbols: DisplaySettings.symbols(options.symbols, environment: environment),
                             colors: DisplaySettings.colors(options.colors, environment: environment), fit: options.fit)
        let cache = options.diskCache ? ThumbnailDiskCache.standard(environment: environment) : nil
        let captions = options.files.count > 1
        var failed = false
        var stdoutFailed = false
        await forEachInOrder(options.files, width: ProcessInfo.processInfo.activeProcessorCount) { path in
            Result { () throws(ThumbnailError) -> CellImage in try Thumbnailer.thumbnail(for: path, options: art, cache: cache) }
        } emit: { path, result in
            switch result {
            case .success(let image):
                guard !stdoutFailed else { return }  // said once; the rest would fail the same way
                var text = captions ? SafeText.visible(path.string) + "\n" : ""
                text += ANSIWriter.text(image)
                do throws(CommandError) {
                    try OutputSink.writeStandardOutput(Array(text.utf8))
                } catch {
                    failed = true
                    stdoutFailed = true
                    // A reader that left (`| head`) is the ordinary end of a pipe, not news.
                    if case .system(_, let code) = error, code == EPIPE { return }
                    Diagnostics.report(error.description)
                }
            case .failure(let error):
                Diagnostics.report(error.description)
                failed = true
            }
        }
        return failed ? .error : .picked
    }

    /// Runs `work` on every element with at most `width` running at once, and calls `emit`
    /// with the results in the elements' order, each as soon as it and all before it are done.
    static func forEachInOrder<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, work: @escaping @Sendable (Element) -> Output,
        emit: (Element, Output) -> Void
    ) async {
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            for _ in 0..<min(max(1, width), elements.count) {
                let index = next, element = elements[index]
                group.addTask { (index, work(element)) }
                next += 1
            }
            var done: [Int: Output] = [:]
            var printed = 0
            for await (index, output) in group {
                done[index] = output
                while let ready = done.removeValue(forKey: printed) {
                    emit(elements[printed], ready)
                    printed += 1
                }
                if next < elements.count {
                    let index = next, element = elements[index]
                    group.addTask { (index, work(element)) }
                    next += 1
                }
            }
        }
    }

    /// The size of the terminal stdout is, or nil when stdout is not a terminal.
    static func standardOutputTerminalSize() -> CellSize? {
        guard isatty(1) != 0 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
