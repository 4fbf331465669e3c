#if canImport(Glibc)
import Glibc
#endif
import CellArt
import CursesBackend
import MediaDecoding
import MediaPicker
import TerminalUI
import Platform
import Thumbnails

/// `mediapick thumb FILE...`: each file's thumbnail as ANSI text on stdout, in argument
/// order (`-` is standard input, see `ThumbInput`), decoded in parallel (at most one file per
/// core at a time). A file that fails prints one line on stderr and the rest still print; the
/// status is then 2. A picture whose file ends inside its data (`PictureCut`) is printed as far
/// as it goes with a warning on stderr naming the file, and counts as drawn (status 0), as
/// chafa, ImageMagick and ffmpeg exit 0 on such a file with a warning: the picture was drawn,
/// and 2 says that a file got none. (djpeg exits 2 for it, but its 2 is its own status for
/// warnings, its errors exit 1; mediapick's 2 is an error.) Synchronous and free of Swift
/// concurrency: it is often run once per keystroke as an fzf preview, where start-up is most
/// of the cost.
public enum ThumbCommand {
    /// Prints the thumbnails and returns the exit status.
    public static func run(_ options: ThumbOptions) -> ExitStatus {
        let environment = ProcessEnvironment.variables()
        DisplaySettings.graphicsVariableWarning(options.graphics, environment: environment).map(Diagnostics.report)
        let inputs = ThumbInput.resolve(options.files, standardInputIsTerminal: isatty(0) != 0)
        // Nothing to draw (`thumb -` on a terminal, a stream that is no picture): the terminal
        // is not asked, its replies would be for nobody.
        guard inputs.contains(where: \.isReadable) else {
            inputs.forEach { $0.reportFailure() }
            return .error
        }
        let size = ThumbSize.resolve(requested: options.size, environment: environment, terminal: terminalSize())
        // Asked through /dev/tty even when stdout is a pipe (not inside fzf's preview, whose tty
        // fzf reads: there `--graphics`, MEDIAPICK_GRAPHICS or TERM decide). A late terminal is
        // waited for a little longer: we exit soon, and its replies would go to the shell.
        let facts = DisplaySettings.terminalFacts(
            colors: options.colors, graphics: options.graphics, cellPixelSize: options.cellPixelSize, environment: environment,
            lateReplyGrace: TerminalProbe.lateReplyGrace)
        let capabilities = TerminalCapabilities.detect(facts)
        // The picture's shape in cells follows the cells' own (square on some fonts), as the
        // pixel protocols' sizes do.
        let cell = capabilities.cellPixelSize ?? options.cellPixelSize
        let art = ArtOptions(columns: size.columns, rows: size.rows,
                             symbols: DisplaySettings.symbols(options.symbols, screen: SafeText.screenCharset),
                             colors: capabilities.colorDepth, fit: options.sizeKeepsShape ? .fit : options.fit,
                             cellAspect: ArtOptions.cellAspect(pixelWidth: cell.width, pixelHeight: cell.height))
        let renderer = ThumbnailRendering.renderer(for: capabilities, options: art)
        let output = ThumbOutput(cellPixelSize: cell, colors: TerminalCapabilities.placeholderColorDepth(facts),
                                 environment: environment, processID: UInt32(truncatingIfNeeded: getpid()))
        let cache = options.diskCache ? ThumbnailDiskCache.standard(environment: environment) : nil
        let captions = options.files.count > 1
        var failed = false
        var stdoutFailed = false
        var index = 0
        let width = inputs.count > 1 ? ProcessEnvironment.activeProcessorCount() : 1
        // A signal from here on ends the work in hand, a video's ffmpeg with it, and the
        // command exits with the signal's status: left to its default action, it ended
        // mediapick alone and the helper ran on under init. After the terminal's probe, whose
        // TerminalModeGuard arms only the signals still at their default.
        let signals = StopSignals()
        defer { signals.end() }
        InOrderWorkers.forEach(inputs, width: width) { input in
            input.source.flatMap { path in
                Result { () throws(ThumbnailError) -> DrawnThumbnail in
                    try Thumbnailer.drawing(for: path, in: TileSize(art), renderer: renderer,
                                            cache: input.isCacheable ? cache : nil, isCancelled: signals.arrived)
                }.mapError { .message($0.naming(input.name).description) }
            }
        } emit: { input, result in
            defer { index += 1 }
            guard !signals.arrived() else { return }  // nothing more is printed, nor "cancelled"
            switch result {
            case .success(let drawn):
                // Said before the picture, so that a terminal shows the warning above it.
                if let cut = drawn.cut { Diagnostics.report("\(input.name): \(cut)") }
                guard !stdoutFailed else { return }  // said once; the rest would fail the same way
                // A caption is display text beside the picture, escaped wherever it goes: thumb's output
                // is read on a terminal, through `less -R` or fzf's preview, which act on escapes.
                let caption = captions ? Array((input.label.visible + "\n").utf8) : []
                do throws(CommandError) {
                    try OutputSink.writeStandardOutput(caption + output.bytes(drawn.thumbnail, index: index))
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
        return signals.status ?? (failed ? .error : .picked)
    }

    /// The size of the terminal the pictures are for: stdout's; else, stdout piped or
    /// redirected (`thumb x.jpg | less -R`), stderr's, else the controlling terminal's, as
    /// chafa takes it; nil without any terminal (cron, a service).
    static func terminalSize() -> CellSize? {
        if let size = windowSize(1) ?? windowSize(2) { return size }
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        return windowSize(tty)
    }

    /// The size of the terminal `fd` is, or nil when it is not a terminal (or says 0x0).
    private static func windowSize(_ fd: Int32) -> CellSize? {
        guard isatty(fd) != 0 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
