import CellArt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaPicker
import TerminalUI
import Platform

/// What pick mode and the app share: the candidates' library, the terminal, the picker
/// configuration, and the way a run ends (terminal restored, then the results emitted).
@MainActor
struct PickSession {
    /// The candidates (filling in the background).
    let library: MediaLibrary
    /// The terminal the UI runs on.
    let terminal: TerminalSession
    /// The picker's configuration for every presentation.
    let configuration: PickerConfiguration
    /// The symbol set thumbnails are drawn with.
    let symbols: SymbolSet

    /// Opens the library over `options.paths` (or stdin, or `.`), then the terminal; `name`
    /// overrides the library's title.
    static func open(_ options: PickOptions, name: String? = nil,
                     environment: [String: String] = ProcessEnvironment.variables()) throws(CommandError) -> PickSession {
        try CandidateSources.checkExist(options.paths)
        // A missing preselection would be an invisible selection that Enter turns into nothing.
        try CandidateSources.checkExist(options.preselect, option: "--preselect")
        try PreselectCheck.check(options)
        let fromStandardInput = try CandidateSources.useStandardInput(paths: options.paths, named: options.standardInput)
        if fromStandardInput { try CandidateSources.checkStandardInput() }
        let sources = CandidateSources.sources(paths: options.paths, fromStandardInput: fromStandardInput)
        if !fromStandardInput { try PreselectCheck.checkOffered(options, sources: sources) }
        try ResultEmitter.checkDestinations(options)
        let title = name ?? CandidateSources.libraryName(paths: options.paths, fromStandardInput: fromStandardInput)
        let library = PickerSetup.library(options, sources: sources, name: title)
        let terminal: TerminalSession
        do throws(CommandError) {
            terminal = try TerminalSession.open(colors: options.colors, graphics: options.graphics,
                                                cellPixelSize: options.cellPixelSize, environment: environment)
        } catch {
            library.cancel()
            throw error
        }
        // Only once the terminal is ours: stdin may be slow, and the UI fills as it arrives.
        if fromStandardInput { CandidateSources.feedStandardInput(into: library, read0: options.read0) }
        let symbols = DisplaySettings.symbols(options.symbols, screen: SafeText.screenCharset)
        var configuration = PickerSetup.configuration(options, symbols: symbols, colors: terminal.backend.colorDepth)
        // Pictures where the terminal draws them (`--graphics`, MEDIAPICK_GRAPHICS or detection).
        configuration.adopt(terminal.backend.capabilities)
        // A list read from stdin is the list: its paths are not followed (nor streamed-in
        // entries held back from taking the first place, `PickerModel.listingSettled`).
        if fromStandardInput { configuration.folderCheckInterval = nil }
        return PickSession(library: library, terminal: terminal, configuration: configuration, symbols: symbols)
    }

    /// Ends the session after a run: stops the library, gives the terminal back (before
    /// anything is printed: stdout may be the terminal), then maps a signal to its status or
    /// emits the results the run stopped with; `vanished` are picks the picker found gone.
    func finish(_ outcome: RunOutcome<[PickerResult]>, vanished: [RawPath] = [], options: PickOptions) throws(CommandError) -> ExitStatus {
        library.cancel()
        terminal.restore()
        switch outcome {
        case .stopped(let results):
            return try ResultEmitter.emit(results.map(OutputRecord.init), vanished: vanished, options: options)
        case .interrupted, .terminated, .hungUp, .killed: return ExitStatus(rawValue: outcome.signalExitStatus ?? 1)
        }
    }
}
