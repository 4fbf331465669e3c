import CellArt
import Foundation
import MediaPicker
import TerminalUI

/// `mediapick app` and `mediapick demo`: the main screen on /dev/tty; on `q` the chosen
/// files are emitted as pick mode would.
@MainActor
public enum AppMode {
    /// Where the app's library comes from.
    public enum LibraryKind: Sendable {
        /// The PATH operands (or stdin, or `.`), as in pick mode.
        case paths
        /// A sample library generated in a temporary folder, removed on the way out.
        case demo
    }

    /// The thumbnail size of the main screen's grid.
    public static let tileSize = CellSize(columns: 20, rows: 8)

    /// Runs the app and emits the chosen files.
    public static func run(_ options: PickOptions, library kind: LibraryKind) async throws(CommandError) -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        var options = options
        var demo: DemoLibrary?
        var fromStandardInput = false
        switch kind {
        case .paths:
            fromStandardInput = CandidateSources.useStandardInput(paths: options.paths)
        case .demo:
            let made = try DemoLibrary.create()
            demo = made
            options.paths = [made.directory]
            if options.limit == nil { options.limit = 0 }
        }
        defer { demo?.remove() }
        let sources = CandidateSources.sources(paths: options.paths, fromStandardInput: fromStandardInput)
        let name = kind == .demo ? "demo library" : CandidateSources.libraryName(paths: options.paths, fromStandardInput: fromStandardInput)
        let library = PickerSetup.library(options, sources: sources, name: name)
        defer { library.cancel() }

        let terminal = try TerminalSession.open(colors: options.colors)
        if fromStandardInput { CandidateSources.feedStandardInput(into: library, read0: options.read0) }
        let symbols = DisplaySettings.symbols(options.symbols, environment: environment)
        let configuration = PickerSetup.configuration(options, symbols: symbols, colors: terminal.backend.colorDepth,
                                               sources: sources)
        let tile = options.tile ?? tileSize
        let shelf = ThumbnailShelf(options: ArtOptions(columns: tile.columns, rows: tile.rows, symbols: symbols,
                                                       colors: terminal.backend.colorDepth),
                                   cache: configuration.makeDiskCache(environment: environment))
        let outcome = await Application(backend: terminal.backend)
            .run(MainScreen(configuration: configuration, library: library, shelf: shelf))
        shelf.cancel()
        terminal.restore()
        if let status = outcome.signalExitStatus { return ExitStatus(rawValue: status) ?? .error }
        let results = outcome.value(as: [PickerResult].self) ?? []
        return try ResultEmitter.emit(results.map(OutputRecord.init), options: options)
    }
}
